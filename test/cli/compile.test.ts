import { expect } from "chai";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileFlow } from "../../index.js";
import { fromRoot, projectRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

const svc = (...argv: string[]): Promise<SvcRun> => runSvc(projectRoot, argv);

const BAD = "test/golden/flows/invalid-undefined-variable/flow.json";

describe("svc compile", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-compile-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("prints the nodes_json of one flow, exactly what compileFlow returns", async () => {
    const { code, out } = await svc("compile", "examples/packs/demo/flows/zone-cooling.flow.json");
    const expected = compileFlow(JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows/zone-cooling.flow.json"), "utf8")));
    expect(code).to.equal(0);
    expect(expected.ok && JSON.parse(out)).to.deep.equal(expected.ok && expected.nodes_json);
  });

  it("--check passes on the example flows and writes nothing", async () => {
    const { code, out, err } = await svc("compile", "--check", "examples/packs/demo/flows");
    expect(code).to.equal(0);
    expect(out).to.equal("");
    expect(err).to.match(/^\d+ files compiled, no errors\n$/);
  });

  it("--check fails with file:line:col, the code, a code frame and the suggestion", async () => {
    const { code, err } = await svc("compile", "--check", BAD);
    expect(code).to.equal(1);
    expect(err).to.contain(`${BAD}:57:29: error expr/unknown-variable: unknown variable 'zone_tmp' (node 'sw', at /nodes/2/data/config/rules/0/condition)`);
    expect(err).to.contain(`57 |               "condition": "zone_tmp > 25"\n   |                             ^^^^^^^^\n  = help: did you mean 'zone_temp'?`);
    expect(err).to.contain("1 of 1 file failed to compile");
  });

  it("--format json gives the diagnostics with file, line and column for editors and CI", async () => {
    const { code, out } = await svc("compile", "--check", "--format", "json", BAD);
    expect(code).to.equal(1);
    const diagnostics = JSON.parse(out) as Array<Record<string, unknown>>;
    expect(diagnostics[0]).to.include({ file: BAD, line: 57, column: 29, code: "expr/unknown-variable", nodeId: "sw" });
    expect(diagnostics[0]!.span, "span is in file coordinates too").to.deep.include({ start: { line: 57, column: 29, offset: (diagnostics[0]!.span as { start: { offset: number } }).start.offset } });
    expect(diagnostics).to.have.length(2);
  });

  it("--format json prints an empty array when all is well", async () => {
    const { code, out } = await svc("compile", "--check", "--format", "json", "examples/packs/demo/flows");
    expect(code).to.equal(0);
    expect(JSON.parse(out)).to.deep.equal([]);
  });

  it("names files as they were given: absolute stays absolute, directories joined", async () => {
    const absolute = fromRoot(BAD);
    expect((await svc("compile", "--check", absolute)).err).to.contain(`${absolute}:57:29`);
    writeFileSync(join(dir, "bad.flow.json"), readFileSync(fromRoot(BAD)));
    expect((await svc("compile", "--check", dir)).err).to.contain(`${join(dir, "bad.flow.json")}:57:29`);
  });

  it("--out never reads its own output, even inside an input directory", async () => {
    writeFileSync(join(dir, "minimal.flow.json"), readFileSync(fromRoot("examples/packs/demo/flows/minimal.flow.json")));
    for (let run = 0; run < 2; run++) {
      const { code, err } = await svc("compile", "--out", join(dir, "build"), dir);
      expect(code, err).to.equal(0);
    }
    expect(readdirSync(join(dir, "build")).sort()).to.deep.equal(["minimal.flow.json", "minimal.nodes.json"]);
  });

  it("reports JSON syntax errors where they are, in words", async () => {
    const cases: Array<[string, string]> = [
      ['{\n  "nodes": [],\n  "edges": [,]\n}\n', "3:13: error json/syntax: not valid JSON: expected a value"],
      ['# title\n{}', "1:1: error json/syntax: not valid JSON: unexpected character"],
      ['{\n  "nodes": [ // c\n  ]\n}', "2:14: error json/syntax: not valid JSON: comments are not allowed in JSON"],
      ['{\n  "nodes": []\n  "edges": []\n}', "2:14: error json/syntax: not valid JSON: expected ','"],
      ["", "1:1: error json/syntax: not valid JSON: the file is empty"],
    ];
    for (const [text, expected] of cases) {
      writeFileSync(join(dir, "broken.json"), text);
      const { code, err } = await svc("compile", "--check", join(dir, "broken.json"));
      expect(code).to.equal(1);
      expect(err, text).to.contain(`${join(dir, "broken.json")}:${expected}`);
    }
  });

  it("--out writes <name>.flow.json and <name>.nodes.json for every flow", async () => {
    const { code } = await svc("compile", "--out", dir, "examples/packs/demo/flows");
    expect(code).to.equal(0);
    expect(readdirSync(dir).sort()).to.deep.equal(["minimal.flow.json", "minimal.nodes.json", "zone-cooling.flow.json", "zone-cooling.nodes.json"]);
    const nodes = JSON.parse(readFileSync(join(dir, "minimal.nodes.json"), "utf8")) as unknown;
    expect(nodes).to.deep.equal({ start: "start", nodes: { start: { type: "start", next: { default: ["end"] } }, end: { type: "end" } } });
  });

  it("--out writes nothing at all when any file fails", async () => {
    const out = join(dir, "out");
    const { code, err } = await svc("compile", "--out", out, "examples/packs/demo/flows/minimal.flow.json", BAD);
    expect(code).to.equal(1);
    expect(err).to.contain("nothing written");
    expect(existsSync(out)).to.equal(false);
  });

  it("answers misuse with exit code 2 and the usage", async () => {
    for (const argv of [["compile"], ["compile", "--bogus", "x.json"], ["compile", "--format", "xml", BAD], ["compile", "missing.json"], ["compile", "--check", "--out", dir, BAD], ["frobnicate"]]) {
      const { code, err } = await svc(...argv);
      expect(code, argv.join(" ")).to.equal(2);
      expect(err, argv.join(" ")).to.match(/^svc/);
    }
    const several = await svc("compile", "examples/packs/demo/flows");
    expect(several.code).to.equal(2);
    expect(several.err).to.contain("use --check or --out");
  });

  it("suggests the option meant", async () => {
    const { code, err } = await svc("compile", "--chek", BAD);
    expect(code).to.equal(2);
    expect(err).to.contain("unknown option '--chek'; did you mean '--check'?");
  });

  it("without a command prints the usage on stderr and exits 2", async () => {
    const { code, out, err } = await svc();
    expect(code).to.equal(2);
    expect(out).to.equal("");
    expect(err).to.contain("usage: svc <command>");
  });

  it("prints help and the version", async () => {
    expect((await svc("--help")).out).to.contain("compile");
    expect((await svc("help", "compile")).out).to.contain("--check");
    expect((await svc("--version")).out).to.match(/^\d+\.\d+\.\d+\n$/);
  });

  it("serve takes no arguments: it is configured by the environment (exit 2)", async () => {
    const { code, err } = await svc("serve", "--port", "9000");
    expect(code).to.equal(2);
    expect(err).to.contain("environment");
  });
});
