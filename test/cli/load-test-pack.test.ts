// The edge of svc test (issue 18.2): scenario files found in a pack's tests/ (or named alone), each
// with its pack's site and rules compiled as `svc sync` compiles them; a pack with errors runs
// nothing and returns its problems; a file outside any pack is a usage error.
import { expect } from "chai";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../../cli/console.js";
import { loadTestPack, MAX_TEST_FILE_BYTES } from "../../cli/test/load-test-pack.js";
import { RULES, SITE_YAML } from "../scenarios/scenario-fixtures.js";

const SCENARIO = `# yaml-language-server: $schema=../../schemas/scenario-file.schema.json
scenarios:
  - name: heats
    initial: { room.temp: 18 }
    expect:
      - { write: room.heater, value: 1 }
`;

describe("svc test: loading packs and scenario files", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-test-pack-"));
    const files: Record<string, string> = {
      "pack/site.yaml": SITE_YAML,
      "pack/rules/b-valve.rule": RULES.Valve!,
      "pack/rules/a-heater.rule": RULES.Heater!,
      "pack/tests/z.test.yaml": SCENARIO,
      "pack/tests/sub/a.test.yaml": SCENARIO.replace("room.heater", "room.heatr"),
      "pack/tests/notes.yaml": "not a scenario file",
      "broken/site.yaml": SITE_YAML,
      "broken/rules/bad.rule": 'rule "Bad" { write room.nothing = 1 }',
      "broken/tests/t.test.yaml": SCENARIO,
      "alone/t.test.yaml": SCENARIO,
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, path, ".."), { recursive: true });
      await writeFile(join(dir, path), text);
    }
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("issue 18.2: a pack folder: its tests/**/*.test.yaml sorted, its rules compiled with ids from 1 in pack order, each file parsed against them", async () => {
    const [pack, ...others] = await loadTestPack(["pack"], dir);
    expect(others).to.deep.equal([]);
    expect(pack!.name).to.equal("pack");
    expect(pack!.problems).to.deep.equal([]);
    expect(pack!.pack!.rules.map((r) => [r.id, r.name, r.file, r.enabled])).to.deep.equal([
      [1, "Heater", "pack/rules/a-heater.rule", true],
      [2, "Valve", "pack/rules/b-valve.rule", true],
    ]);
    expect(pack!.files.map((f) => f.name)).to.deep.equal(["pack/tests/sub/a.test.yaml", "pack/tests/z.test.yaml"]);
    const [withError, fine] = pack!.files;
    expect(withError!.parsed.diagnostics.map((d) => `${d.code} @ ${d.span!.source}:${d.span!.start.line}`)).to.deep.equal(["scenario/unknown-point @ pack/tests/sub/a.test.yaml:6"]);
    expect(fine!.parsed.scenarios.map((s) => [s.name, s.rules])).to.deep.equal([["heats", ["Heater", "Valve"]]]);
  });

  it("issue 18.2: a file named alone finds its pack (the nearest site.yaml above it)", async () => {
    const [pack] = await loadTestPack([join("pack", "tests", "z.test.yaml")], dir);
    expect(pack!.name).to.equal("pack");
    expect(pack!.files.map((f) => f.name)).to.deep.equal([join("pack", "tests", "z.test.yaml")]);
    expect(pack!.files[0]!.parsed.scenarios).to.have.length(1);
  });

  it("issue 18.2: a pack whose rules do not compile runs nothing: its problems are returned for the diagnostic printer", async () => {
    const [pack] = await loadTestPack(["broken"], dir);
    expect(pack!.pack).to.equal(undefined);
    expect(pack!.problems.map((p) => [p.file, p.diagnostics[0]!.code])).to.deep.equal([["broken/rules/bad.rule", "point/unknown-point"]]);
    expect(pack!.files.map((f) => f.parsed.scenarios)).to.deep.equal([[]]);
  });

  it("issue 18.2: a scenario file outside any pack, a file that is not one, and a missing path are usage errors", async () => {
    for (const path of [join("alone", "t.test.yaml"), join("pack", "tests", "notes.yaml"), "missing"]) {
      let error: unknown;
      await loadTestPack([path], dir).catch((e: unknown) => (error = e));
      expect(error, path).to.be.instanceOf(UsageError);
    }
  });

  it("issue 18: a scenario file that is not UTF-8 is scenario/not-utf8 at file:line:col of the first invalid byte, and nothing of it runs", async () => {
    const bytes = Buffer.concat([Buffer.from("scenarios:\n  - name: h\u00e9at"), Buffer.from([0xff, 0x73]), Buffer.from("\n    initial: { room.temp: 18 }\n")]);
    await mkdir(join(dir, "latin"), { recursive: true });
    await writeFile(join(dir, "latin", "site.yaml"), SITE_YAML);
    await writeFile(join(dir, "latin", "rules.rule"), RULES.Heater!);
    await mkdir(join(dir, "latin", "tests"), { recursive: true });
    await writeFile(join(dir, "latin", "tests", "t.test.yaml"), bytes);
    const [pack] = await loadTestPack(["latin"], dir);
    const [file] = pack!.files;
    expect(file!.parsed.scenarios).to.deep.equal([]);
    expect(file!.parsed.diagnostics.map((d) => `${d.code} @ ${d.span!.source}:${d.span!.start.line}:${d.span!.start.column}`)).to.deep.equal([`scenario/not-utf8 @ ${join("latin", "tests", "t.test.yaml")}:2:15`]);
  });

  it("issue 18: a scenario file over 5 MB is scenario/file-too-large, naming the file and the limit", async () => {
    await mkdir(join(dir, "big", "tests"), { recursive: true });
    await writeFile(join(dir, "big", "site.yaml"), SITE_YAML);
    await writeFile(join(dir, "big", "rules.rule"), RULES.Heater!);
    await writeFile(join(dir, "big", "tests", "t.test.yaml"), SCENARIO + "#".repeat(MAX_TEST_FILE_BYTES));
    const [pack] = await loadTestPack(["big"], dir);
    const [problem] = pack!.files[0]!.parsed.diagnostics;
    expect(problem!.code).to.equal("scenario/file-too-large");
    expect(problem!.message).to.include(join("big", "tests", "t.test.yaml")).and.include(String(MAX_TEST_FILE_BYTES));
    expect(pack!.files[0]!.parsed.scenarios).to.deep.equal([]);
  });
});
