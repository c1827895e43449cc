// `svc test` end to end, in-process: a pack made of the demo site and two of its rules, scenario
// files written per test. Exit codes, the text report of a failure, file diagnostics, JUnit,
// coverage and --require-coverage, golden traces (--update, compare, diff), determinism.
import { expect } from "chai";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fromRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

const PASSING = `scenarios:
  - name: up then down
    rules: [AHU-1 cooling stages]
    initial: { zone1.room_temp: 23, ahu1.cooling_stage: 0 }
    steps:
      - at: 30s
        set: { zone1.room_temp: 24.2 }
      - at: 6m
        set: { zone1.room_temp: 22.5 }
    expect:
      - write: ahu1.cooling_stage
        value: 1
        within: [30s, 31s]
      - write: ahu1.cooling_stage
        value: 0
        within: [6m, 6m1s]
`;

// Stage 2 is expected at 2m, but the 5-minute cooldown holds the rule after stage 1 at 30s.
const FAILING = `scenarios:
  - name: stage 2 after two minutes
    rules: [AHU-1 cooling stages]
    initial: { zone1.room_temp: 23, ahu1.cooling_stage: 0 }
    steps:
      - at: 30s
        set: { zone1.room_temp: 24.2 }
      - at: 2m
        set: { zone1.room_temp: 25.6 }
    expect:
      - write: ahu1.cooling_stage
        value: 2
        within: [2m, 2m1s]
      - no_write: ahu1.cooling_stage
        within: [0s, 1m]
`;

const TRACED = (name: string, temp = 24.2): string => `  - name: ${name}
    rules: [AHU-1 cooling stages]
    trace: true
    initial: { zone1.room_temp: 23, ahu1.cooling_stage: 0 }
    steps:
      - at: 30s
        set: { zone1.room_temp: ${temp} }
`;

describe("svc test", () => {
  let pack: string;
  const svc = (...argv: string[]): Promise<SvcRun> => runSvc(pack, argv);
  const write = (file: string, text: string): void => {
    mkdirSync(join(pack, file, ".."), { recursive: true });
    writeFileSync(join(pack, file), text);
  };

  beforeEach(() => {
    pack = mkdtempSync(join(tmpdir(), "svc-test-"));
    copyFileSync(fromRoot("examples/packs/demo/site.yaml"), join(pack, "site.yaml"));
    mkdirSync(join(pack, "rules"));
    for (const rule of ["ahu1-cooling-stages.rule", "ahu1-freeze-protection.rule"]) copyFileSync(fromRoot("examples/packs/demo/rules", rule), join(pack, "rules", rule));
  });
  afterEach(() => rmSync(pack, { recursive: true, force: true }));

  it("issue 18.2: every scenario passed: ✓ per scenario, the summary, exit 0 (default: the current folder as the pack)", async () => {
    write("tests/ahu1.test.yaml", PASSING);
    const run = await svc("test");
    expect(run.code, run.out + run.err).to.equal(0);
    expect(run.out).to.equal("tests/ahu1.test.yaml\n  ✓ up then down\n\n1 scenario: 1 passed, 0 failed\n");
    expect(run.err).to.equal("");
  });

  it("issue 18.2: a failure: exit 1; the first unmet expectation at file:line:col with its line, what happened, the writes and held triggers around, the execution concerned", async () => {
    write("tests/ahu1.test.yaml", PASSING);
    write("tests/stages.test.yaml", FAILING);
    const run = await svc("test", ".");
    expect(run.code).to.equal(1);
    const out = run.out;
    expect(out).to.contain("  ✓ up then down");
    expect(out).to.contain("  ✗ stage 2 after two minutes\n      tests/stages.test.yaml:11:9: expected a write of ahu1.cooling_stage = 2 within +2m..+2m1s\n        11 |       - write: ahu1.cooling_stage\n           |         ^\n");
    expect(out).to.match(/\n {6}actual: .*written 1 at \+30s/);
    expect(out).to.contain("      writes from +1m to +3m1s: none");
    expect(out).to.match(/triggers held in that window:\n {8}AHU-1 cooling stages {2}cooldown {2}at \+2m\n/);
    expect(out).to.match(/the execution concerned: AHU-1 cooling stages at \+30s\S*, on_change/);
    expect(out).to.match(/matched +up: stage < 2 && error > \(stage \+ 1\) \* step \(switch_1\)/);
    expect(out).to.match(/variables +zone_temp = 24\.2, stage = 0, setpoint = 23, step = 1, error = 1\.2/);
    expect(out).to.contain("      also unmet:\n        tests/stages.test.yaml:14:9: expected no write of ahu1.cooling_stage within +0s..+1m; actual:");
    expect(out.trimEnd().split("\n").pop()).to.equal("2 scenarios: 1 passed, 1 failed");
  });

  it("issue 18.2: a file with errors is reported as svc compile reports (file:line:col, source line, caret) and fails; the other files still run", async () => {
    write("tests/ahu1.test.yaml", PASSING);
    write("tests/broken.test.yaml", PASSING.replace("ahu1.cooling_stage: 0", "ahu1.cooling_stag: 0"));
    const run = await svc("test");
    expect(run.code).to.equal(1);
    expect(run.err).to.match(/^tests\/broken\.test\.yaml:4:\d+: error scenario\/unknown-point: .*\n4 \| .*ahu1\.cooling_stag: 0.*\n +\| +\^+/m);
    expect(run.err).to.contain("ahu1.cooling_stage");
    expect(run.out).to.contain("tests/broken.test.yaml\n  ✗ 1 error in tests/broken.test.yaml");
    expect(run.out).to.contain("  ✓ up then down");
    expect(run.out).to.contain("1 scenario: 1 passed, 0 failed; 1 file has errors");
  });

  it("issue 18.2: wrong usage exits 2: an unknown option (with did you mean), a format that is not text or junit, no scenario files", async () => {
    write("tests/ahu1.test.yaml", PASSING);
    const misspelt = await svc("test", "--coverag");
    expect([misspelt.code, misspelt.err]).to.deep.equal([2, "svc test: unknown option '--coverag'; did you mean '--coverage'?\n(svc test --help shows the usage)\n"]);
    expect((await svc("test", "--format", "xml")).code).to.equal(2);
    expect((await svc("test", "rules")).err).to.contain("no scenario files in rules");
    const help = await svc("test", "--help");
    expect([help.code, help.out.startsWith("usage: svc test [PACK|FILE...]")]).to.deep.equal([0, true]);
  });

  it("issue 18.2: --format junit writes JUnit XML on stdout that parses, with the counts and the failure's message", async () => {
    write("tests/ahu1.test.yaml", PASSING);
    write("tests/stages.test.yaml", FAILING);
    write("tests/broken.test.yaml", "scenarios: [\n");
    const run = await svc("test", "--format", "junit");
    expect(run.code).to.equal(1);
    expect(XMLValidator.validate(run.out)).to.equal(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (n) => n === "testsuite" || n === "testcase" }).parse(run.out);
    const root = parsed.testsuites;
    expect([root.tests, root.failures, root.errors]).to.deep.equal(["3", "1", "1"]);
    expect(root.testsuite.map((s: { name: string }) => s.name)).to.deep.equal(["tests/ahu1.test.yaml", "tests/broken.test.yaml", "tests/stages.test.yaml"]);
    const failure = root.testsuite[2].testcase[0].failure;
    expect(failure.message).to.match(/^tests\/stages\.test\.yaml:11:9: expected a write of ahu1\.cooling_stage = 2 within \+2m\.\.\+2m1s; actual: /);
    expect(failure["#text"]).to.contain("the execution concerned: AHU-1 cooling stages");
    expect(root.testsuite[1].testcase[0].error["#text"]).to.match(/tests\/broken\.test\.yaml:\d+:\d+: error/);
  });

  it("issue 18.2: --coverage names the missed outputs and the rules no scenario ran; --require-coverage fails on them and passes when every output is taken", async () => {
    write("tests/stages.test.yaml", FAILING.replace("value: 2\n        within: [2m, 2m1s]", "value: 1\n        within: [30s, 31s]").replace(/ {6}- no_write[^]*$/, ""));
    const partial = await svc("test", "--coverage");
    expect(partial.code, partial.out).to.equal(0);
    expect(partial.out).to.contain(
      "  AHU-1 cooling stages:    switch outputs 2/3, nodes 6/7\n      missed switch_1:down (stage > 0 && error < (stage - 1) * step)\n      nodes not visited: change_2\n" +
        "  AHU-1 freeze protection: switch outputs 0/2, nodes 0/5; not run (no scenario runs it)\n",
    );
    const required = await svc("test", "--require-coverage");
    expect(required.code).to.equal(1);
    expect(required.out).to.contain("--require-coverage: switch outputs no scenario took:\n  AHU-1 cooling stages: switch_1:down (stage > 0 && error < (stage - 1) * step)\n  AHU-1 freeze protection (not run: no scenario runs it): switch_1:case_1");
    expect(required.out).to.not.contain("coverage of", "--require-coverage alone prints only what is missing");
    // Every output of both rules: up, down and default of the stages; cold and default of freeze protection.
    write("tests/stages.test.yaml", PASSING);
    write("tests/freeze.test.yaml", `scenarios:
  - name: freeze protection both ways
    rules: [AHU-1 freeze protection]
    initial: { ahu1.mixed_air_temp: 12 }
    steps:
      - at: 5s
        set: { ahu1.mixed_air_temp: 3 }
    expect:
      - write: ahu1.outdoor_damper
        value: 0
`);
    const full = await svc("test", "--require-coverage", "--coverage");
    expect(full.code, full.out + full.err).to.equal(0);
    expect(full.out).to.contain("AHU-1 freeze protection: switch outputs 2/2");
  });

  it("issue 18.3: --update writes the golden trace beside the file; a run then passes; a changed behaviour fails with a diff; a missing trace says to run --update", async () => {
    write("tests/ahu1.test.yaml", `scenarios:\n${TRACED("traced")}`);
    const missing = await svc("test");
    expect(missing.code).to.equal(1);
    expect(missing.out).to.contain("golden trace: tests/ahu1.trace.yaml does not exist; run svc test --update to write it");
    const updated = await svc("test", "--update");
    expect(updated.code, updated.out).to.equal(0);
    expect(updated.out).to.contain("  ✓ traced (trace written to tests/ahu1.trace.yaml)");
    const trace = readFileSync(join(pack, "tests/ahu1.trace.yaml"), "utf8");
    expect(trace).to.match(/traced:\n {2}- \+100ms \| AHU-1 cooling stages \| on_change tick zone1\.room_temp=23 \| took switch_1:default \| no writes\n {2}- \+30s\S* \| AHU-1 cooling stages \| on_change \w+ zone1\.room_temp=24\.2 \| took switch_1:up \| ahu1\.cooling_stage=1 ok\n/);
    expect((await svc("test")).code).to.equal(0);
    // The zone is warmer: stage 1 still, but the cause's value differs.
    write("tests/ahu1.test.yaml", `scenarios:\n${TRACED("traced", 24.4)}`);
    const changed = await svc("test");
    expect(changed.code).to.equal(1);
    expect(changed.out).to.match(/golden trace differs from tests\/ahu1\.trace\.yaml \(- expected, \+ actual; 1 removed, 1 added\):\n {10}\+100ms .*\n {8}- \+30s.*zone1\.room_temp=24\.2 .*\n {8}\+ \+30s.*zone1\.room_temp=24\.4 /);
  });

  it("issue 18.3: --update keeps the other scenarios' entries and rewrites only the traced ones", async () => {
    write("tests/ahu1.trace.yaml", "kept by hand:\n  - a line\ntraced:\n  - old\n");
    write("tests/ahu1.test.yaml", `scenarios:\n${TRACED("traced")}${TRACED("second")}`);
    const run = await svc("test", "--update");
    expect(run.code).to.equal(0);
    expect(run.err).to.contain(`note: tests/ahu1.trace.yaml keeps the traces of "kept by hand", which no scenario with trace: true in tests/ahu1.test.yaml has`);
    const trace = readFileSync(join(pack, "tests/ahu1.trace.yaml"), "utf8");
    const keys = trace.split("\n").filter((l) => /^\S/.test(l) && !l.startsWith("#"));
    expect(keys).to.deep.equal(["kept by hand:", "traced:", "second:"]);
    expect(trace).to.contain("kept by hand:\n  - a line\n").and.not.contain("- old");
    const again = await svc("test", "--update");
    expect(readFileSync(join(pack, "tests/ahu1.trace.yaml"), "utf8"), "a second update changes nothing").to.equal(trace);
    expect(again.code).to.equal(0);
  });

  it("issue 18.3: a trace file that does not parse fails its traced scenarios at line:col and is not overwritten by --update", async () => {
    write("tests/ahu1.trace.yaml", "traced: [1, 2]\n");
    write("tests/ahu1.test.yaml", `scenarios:\n${TRACED("traced")}`);
    const run = await svc("test", "--update");
    expect(run.code).to.equal(1);
    expect(run.out).to.contain("golden trace: tests/ahu1.trace.yaml:1:9: the trace of 'traced' must be a list of lines (strings) (not updated: fix or delete it)");
    expect(readFileSync(join(pack, "tests/ahu1.trace.yaml"), "utf8")).to.equal("traced: [1, 2]\n");
    expect(existsSync(join(pack, "tests/ahu1.trace.yaml"))).to.equal(true);
  });

  it("issue 18: a trace path that is a folder or larger than 5 MB fails its traced scenarios (exit 1, not a usage error) and is left alone", async () => {
    write("tests/ahu1.test.yaml", `scenarios:\n${TRACED("traced")}`);
    mkdirSync(join(pack, "tests/ahu1.trace.yaml"));
    const folder = await svc("test", "--update");
    expect(folder.code, folder.out + folder.err).to.equal(1);
    expect(folder.out).to.contain("golden trace: tests/ahu1.trace.yaml is not a file");
    expect(folder.err).to.not.contain("--help");
    rmSync(join(pack, "tests/ahu1.trace.yaml"), { recursive: true });
    write("tests/ahu1.trace.yaml", `traced:\n${"  - x\n".repeat(1_000_000)}`);
    const large = await svc("test", "--update");
    expect(large.code).to.equal(1);
    expect(large.out).to.match(/golden trace: tests\/ahu1\.trace\.yaml is 6000008 bytes: trace files are at most 5242880 bytes/);
    expect(readFileSync(join(pack, "tests/ahu1.trace.yaml"), "utf8").length).to.equal(6_000_008);
  });

  it("issue 18: --update on an unchanged trace does not say it wrote it", async () => {
    write("tests/ahu1.test.yaml", `scenarios:\n${TRACED("traced")}`);
    expect((await svc("test", "--update")).out).to.contain("(trace written to tests/ahu1.trace.yaml)");
    const again = await svc("test", "--update");
    expect(again.code).to.equal(0);
    expect(again.out).to.contain("  ✓ traced\n").and.not.contain("trace written");
  });

  it("issue 18: --update does not write the trace of a scenario whose expectations fail; a passing one's is written", async () => {
    const failing = `${TRACED("wrong")}    expect:\n      - write: ahu1.cooling_stage\n        value: 2\n        within: [30s, 31s]\n`;
    write("tests/ahu1.test.yaml", `scenarios:\n${failing}`);
    const first = await svc("test", "--update");
    expect(first.code).to.equal(1);
    expect(first.out).to.contain("      trace not written: the scenario's expectations fail\n");
    expect(existsSync(join(pack, "tests/ahu1.trace.yaml")), "no trace file for a failing scenario").to.equal(false);
    write("tests/ahu1.test.yaml", `scenarios:\n${failing}${TRACED("right")}`);
    const second = await svc("test", "--update");
    expect(second.out).to.contain("  ✓ right (trace written to tests/ahu1.trace.yaml)");
    const trace = readFileSync(join(pack, "tests/ahu1.trace.yaml"), "utf8");
    expect(trace).to.contain("right:").and.not.contain("wrong:");
    const plain = await svc("test");
    expect(plain.code, "the failing scenario still fails a plain run").to.equal(1);
    expect(plain.out).to.contain("golden trace: tests/ahu1.trace.yaml has no trace of this scenario");
  });

  it("issue 18: a trace file that is not YAML is reported as file:line:col: message", async () => {
    write("tests/ahu1.trace.yaml", "traced:\n  - a\nother: [a\n  b: }\n");
    write("tests/ahu1.test.yaml", `scenarios:\n${TRACED("traced")}`);
    const run = await svc("test");
    expect(run.code).to.equal(1);
    expect(run.out).to.match(/golden trace: tests\/ahu1\.trace\.yaml:[34]:\d+: \S/);
  });

  it("issue 18: a missing golden trace still shows the expectations' results: met, or the first unmet one", async () => {
    const expecting = (value: number): string => `${TRACED("traced")}    expect:\n      - write: ahu1.cooling_stage\n        value: ${value}\n        within: [30s, 31s]\n`;
    write("tests/ahu1.test.yaml", `scenarios:\n${expecting(1)}`);
    const met = await svc("test");
    expect(met.code).to.equal(1);
    expect(met.out).to.contain("  ✗ traced\n      expectations: the 1 expectation is met\n      golden trace: tests/ahu1.trace.yaml does not exist; run svc test --update to write it\n");
    write("tests/ahu1.test.yaml", `scenarios:\n${expecting(2)}`);
    const unmet = await svc("test");
    expect(unmet.out).to.contain("  ✗ traced\n      tests/ahu1.test.yaml:10:9: expected a write of ahu1.cooling_stage = 2");
    expect(unmet.out).to.contain("golden trace: tests/ahu1.trace.yaml does not exist");
  });

  it("issue 18: under --require-coverage the summary line names the coverage failure", async () => {
    write("tests/ahu1.test.yaml", PASSING);
    const run = await svc("test", "--require-coverage");
    expect(run.code).to.equal(1);
    expect(run.out.trimEnd().split("\n").pop()).to.equal("1 scenario: 1 passed, 0 failed; coverage incomplete: 2 switch outputs not exercised");
    expect((await svc("test")).out.trimEnd().split("\n").pop(), "without the option, no coverage in the summary").to.equal("1 scenario: 1 passed, 0 failed");
  });

  it("issue 18: the coverage header names the pack folder when run from it (not `.`)", async () => {
    write("tests/ahu1.test.yaml", PASSING);
    const run = await svc("test", "--coverage");
    expect(run.out).to.contain(`coverage of ${basename(pack)} (2 rules):`);
    const parent = await runSvc(join(pack, "tests"), ["test", "..", "--coverage"]);
    expect(parent.out).to.contain(`coverage of ${basename(pack)} (2 rules):`);
  });

  it("issue 18.2: two runs print the same bytes (text and JUnit), failures and traces included", async () => {
    write("tests/ahu1.test.yaml", `${PASSING}${TRACED("traced")}`);
    write("tests/stages.test.yaml", FAILING);
    for (const format of ["text", "junit"]) {
      const first = await svc("test", "--coverage", "--format", format);
      const second = await svc("test", "--coverage", "--format", format);
      expect(first.code).to.equal(1);
      expect(second).to.deep.equal(first);
    }
  });
});
