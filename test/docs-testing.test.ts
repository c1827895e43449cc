// docs/testing.md is true: its scenario file passes against the demo pack's rules and prints what
// the page shows; its failure example prints exactly the failure the page shows; every diagnostic
// code of scenario files is in its table.
import { expect } from "chai";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromRoot } from "./helpers/paths.js";
import { runSvc } from "./helpers/run-svc.js";

const page = readFileSync(fromRoot("docs/testing.md"), "utf8");
const fences = [...page.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ language: m[1]!, text: m[2]! }));
const scenarioFiles = fences.filter((f) => f.language === "yaml" && /^(#.*\n)*scenarios:/.test(f.text)).map((f) => f.text);

/** The page's output of `$ svc test <file>`, without the command line. */
function shownOutput(file: string): string {
  const block = fences.find((f) => f.text.startsWith(`$ svc test ${file}\n`));
  expect(block, `docs/testing.md shows the output of svc test ${file}`).to.not.equal(undefined);
  return block!.text.slice(block!.text.indexOf("\n") + 1);
}

describe("docs/testing.md", () => {
  let pack: string;
  before(() => {
    // The demo pack's site and rules; the page's files go in its tests/.
    pack = mkdtempSync(join(tmpdir(), "svc-testing-docs-"));
    cpSync(fromRoot("examples/packs/demo/site.yaml"), join(pack, "site.yaml"));
    cpSync(fromRoot("examples/packs/demo/rules"), join(pack, "rules"), { recursive: true });
    mkdirSync(join(pack, "tests"));
    expect(scenarioFiles.length).to.equal(2);
    writeFileSync(join(pack, "tests/guide.test.yaml"), scenarioFiles[0]!);
    writeFileSync(join(pack, "tests/wrong.test.yaml"), scenarioFiles[1]!);
  });
  after(() => rmSync(pack, { recursive: true, force: true }));

  it("issue 18.1: the page's scenario file passes against the demo pack's rules, with one example of each kind of expectation, as the page shows", async () => {
    const kinds = ["write", "no_write", "execution", "no_execution", "suppressed"];
    for (const kind of kinds) expect(scenarioFiles[0]).to.match(new RegExp(`^ {6}- ${kind}: `, "m"), kind);
    for (const step of ["set", "ramp", "disable", "channel_down", "channel_up"]) expect(scenarioFiles[0]).to.match(new RegExp(`^ {8}${step}: `, "m"), step);
    const run = await runSvc(pack, ["test", "tests/guide.test.yaml"]);
    expect(run.err).to.equal("");
    expect(run.out).to.equal(shownOutput("tests/guide.test.yaml"));
    expect(run.code).to.equal(0);
  });

  it("issue 18.2: the failure the page shows is what svc test prints for its scenario", async () => {
    const run = await runSvc(pack, ["test", "tests/wrong.test.yaml"]);
    expect(run.out).to.equal(shownOutput("tests/wrong.test.yaml"));
    expect(run.code).to.equal(1);
  });

  it("issue 18.1: every diagnostic code of scenario files is in the page's table", () => {
    const sources = readdirSync(fromRoot("scenarios")).filter((f) => f.endsWith(".ts")).map((f) => readFileSync(fromRoot("scenarios", f), "utf8"));
    const codes = [...new Set(sources.flatMap((text) => text.match(/"(scenario|yaml)\/[a-z-]+"/g) ?? []).map((c) => c.slice(1, -1)))];
    expect(codes.length).to.be.greaterThan(20);
    expect(codes.filter((c) => !page.includes(`\`${c}\``))).to.deep.equal([]);
  });
});
