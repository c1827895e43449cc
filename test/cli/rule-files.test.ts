// `svc compile`, `svc decompile` and `svc fmt` on rule files, through the command's entry point.
import { expect } from "chai";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { projectRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

const svc = (...argv: string[]): Promise<SvcRun> => runSvc(projectRoot, argv);

const ZONE = `// Zone 1
rule "Zone 1 cooling" {
  description "Stage cooling"
  priority 10
  cooldown 30s
  trigger on_change(zone_temp) deadband 5s value 2%
  input zone_temp = measurement(12, 3)
  param setpoint = 22.5
  when zone_temp > setpoint + 1 { write action(7, 1) = 1 }
  else { write action(7, 1) = 0 }
}
`;

// Three mistakes in three places: an unknown variable, a syntax error, a bad duration.
const THREE_MISTAKES = `rule "A" {
  input zone_temp = measurement(12, 3)
  when zone_tmp > 1 { write action(7, 1) = 1 }
}
rule "B" {
  input x = measurement(1 2)
}
rule "C" {
  trigger every 0s
}
`;

describe("svc compile, decompile and fmt on rule files", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-rules-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it("compile --check reports all three mistakes of a file with line:col and exits 1", async () => {
    const bad = file("three.rule", THREE_MISTAKES);
    const { code, err } = await svc("compile", "--check", bad);
    expect(code).to.equal(1);
    expect(err).to.contain(`${bad}:3:8: error expr/unknown-variable: unknown variable 'zone_tmp'`);
    expect(err).to.contain(`${bad}:6:27: error dsl/unexpected-token: expected ',' but found '2'`);
    expect(err).to.contain(`${bad}:9:17: error rule/invalid-duration:`);
    expect(err).to.contain("  = help: did you mean 'zone_temp'?");
    expect(err).to.contain("1 of 1 file failed to compile");
  });

  it("--format json gives the same diagnostics with file, line and column", async () => {
    const bad = file("three.rule", THREE_MISTAKES);
    const { code, out } = await svc("compile", "--check", "--format", "json", bad);
    expect(code).to.equal(1);
    const report = JSON.parse(out) as Array<{ file: string; line: number; column: number; code: string }>;
    expect(report.map((d) => [d.file, d.line, d.column, d.code])).to.deep.equal([
      [bad, 3, 8, "expr/unknown-variable"],
      [bad, 6, 27, "dsl/unexpected-token"],
      [bad, 9, 17, "rule/invalid-duration"],
    ]);
  });

  it("--out writes <name>.flow.json, <name>.nodes.json and <name>.rule.json per rule", async () => {
    file("zone.rule", ZONE);
    const out = join(dir, "build");
    const { code, err } = await svc("compile", "--out", out, dir);
    expect(code, err).to.equal(0);
    expect(readdirSync(out).sort()).to.deep.equal(["zone-1-cooling.flow.json", "zone-1-cooling.nodes.json", "zone-1-cooling.rule.json"]);
    const compiled = compileRuleSource(ZONE).rules[0]!;
    expect(JSON.parse(readFileSync(join(out, "zone-1-cooling.nodes.json"), "utf8"))).to.deep.equal(compiled.nodes_json);
    expect(JSON.parse(readFileSync(join(out, "zone-1-cooling.rule.json"), "utf8"))).to.deep.equal({
      name: "Zone 1 cooling",
      description: "Stage cooling",
      priority: 10,
      cooldown_ms: 30000,
      trigger_config: { type: "on_change", point_refs: [{ instance: 12, point_type: "measurement", point: 3 }], time_deadband_ms: 5000, value_deadband: { percent: 2 } },
    });
  });

  it("a rule name used in two files is an error, since the service tells rules apart by name", async () => {
    file("a.rule", ZONE);
    file("b.rule", ZONE);
    const { code, err } = await svc("compile", "--check", dir);
    expect(code).to.equal(1);
    expect(err).to.contain(`error rule/duplicate-rule-name: a rule named "Zone 1 cooling" is also defined in ${join(dir, "a.rule")}`);
  });

  it("decompile prints DSL that compiles to the same nodes_json, with the settings of --rule", async () => {
    const out = join(dir, "build");
    file("zone.rule", ZONE);
    expect((await svc("compile", "--out", out, join(dir, "zone.rule"))).code).to.equal(0);
    const { code, out: dsl } = await svc("decompile", "--rule", join(out, "zone-1-cooling.rule.json"), join(out, "zone-1-cooling.flow.json"));
    expect(code).to.equal(0);
    const again = compileRuleSource(dsl);
    expect(again.diagnostics).to.deep.equal([]);
    const { flow_json: _a, ...expected } = compileRuleSource(ZONE).rules[0]!;
    const { flow_json: _b, ...actual } = again.rules[0]!;
    expect(actual).to.deep.equal(expected);
  });

  it("decompile names the rule after the file and reports a broken document like compile", async () => {
    const { code, out } = await svc("decompile", "examples/packs/demo/flows/minimal.flow.json");
    expect(code).to.equal(0);
    expect(out).to.match(/^rule "minimal" \{/);
    const bad = await svc("decompile", "test/golden/flows/invalid-undefined-variable/flow.json");
    expect(bad.code).to.equal(1);
    expect(bad.err).to.contain("error expr/unknown-variable");
  });

  it("fmt rewrites a file canonically, keeps its comments, and --check then passes", async () => {
    const messy = file("messy.rule", `rule "M" {   // the rule\n input a=measurement(1,2)\n\n\n  when a>1 and a<3 {write action(1,1)=1} // high\n}\n`);
    expect((await svc("fmt", "--check", dir)).code).to.equal(1);
    expect(readFileSync(messy, "utf8")).to.contain("a=measurement"); // --check wrote nothing
    const { code, out } = await svc("fmt", dir);
    expect(code).to.equal(0);
    expect(out).to.equal(`formatted: ${messy}\n`);
    const formatted = readFileSync(messy, "utf8");
    expect(formatted).to.contain("// the rule").and.to.contain("// high").and.to.contain("input a = measurement(1, 2)").and.to.contain("a > 1 && a < 3");
    expect((await svc("fmt", "--check", dir)).code).to.equal(0);
  });

  it("fmt leaves a file with syntax errors alone and reports them", async () => {
    const broken = file("broken.rule", `rule "B" {\n  input x = measurement(1 2)\n}\n`);
    const { code, err } = await svc("fmt", broken);
    expect(code).to.equal(1);
    expect(err).to.contain(`${broken}:2:27: error dsl/unexpected-token`);
    expect(readFileSync(broken, "utf8")).to.equal(`rule "B" {\n  input x = measurement(1 2)\n}\n`);
  });

  it("decompile takes what `svc compile FILE` prints: an array of rules with their settings", async () => {
    const source = file("two.rule", `${ZONE}\nrule "Other" {\n  input t = measurement(1, 2)\n}\n`);
    const printed = await svc("compile", source);
    expect(printed.code).to.equal(0);
    const { code, out } = await svc("decompile", file("all.json", printed.out));
    expect(code).to.equal(0);
    const again = compileRuleSource(out);
    expect(again.diagnostics).to.deep.equal([]);
    expect(again.rules.map(({ flow_json: _f, ...rest }) => rest)).to.deep.equal(compileRuleSource(readFileSync(source, "utf8")).rules.map(({ flow_json: _f, ...rest }) => rest));
  });

  it("decompile places a mistake inside a stored rule's column in the file", async () => {
    const broken = { name: "r", nodes_json: { start: "s", nodes: { s: { type: "start", next: { default: ["e"] } }, x: { type: "end" } } } };
    const { code, err } = await svc("decompile", file("rule.json", JSON.stringify(broken, null, 2)));
    expect(code).to.equal(1);
    expect(err).to.match(/rule\.json:\d+:\d+: error flow\/unknown-target/);
    expect(err).to.contain("/nodes_json/");
  });

  it("fmt says it formats DSL files when given only YAML", async () => {
    const { code, err } = await svc("fmt", file("a.rule.yaml", "rules: []\n"));
    expect(code).to.equal(2);
    expect(err).to.contain("svc fmt formats DSL files (*.rule); YAML and JSON files are left as they are");
    expect(err).to.contain("(svc fmt --help shows the usage)");
  });

  it("refuses files it cannot compile with exit code 2", async () => {
    const { code, err } = await svc("compile", "--check", file("notes.txt", "x"));
    expect(code).to.equal(2);
    expect(err).to.contain("not a rule file (expected .rule, .yaml/.yml or .json)");
  });
});
