// Issue 16.11: a rule whose flow writes a point its own on_change trigger watches re-triggers
// itself. The compiler warns (rule/self-trigger) at every such write, in every form; the rule
// still compiles.
import { expect } from "chai";
import { checkSelfTrigger, compileRuleSource, compileRuleYaml } from "../../../compiler/index.js";
import type { FlowJson, TriggerConfig } from "../../../generated/types.js";

const LATCH = `rule "Latch" {
  trigger on_change(stage, measurement(7, 3))
  input stage = action(7, 1)
  write action(7, 2) = 1
  write action(7, 1) = stage + 1
}
`;

const at = (d: { code: string; severity: string; span?: { start: { line: number; column: number } } }): string => `${d.severity} ${d.code} ${d.span?.start.line}:${d.span?.start.column}`;

describe("the self-trigger warning", () => {
  it("issue 16.11: a DSL rule writing a point of its own on_change trigger compiles, with a rule/self-trigger warning at the write (line:col)", () => {
    const result = compileRuleSource(LATCH);
    expect(result.rules.map((r) => r.name)).to.deep.equal(["Latch"]);
    expect(result.diagnostics.map(at)).to.deep.equal(["warning rule/self-trigger 5:3"]);
    expect(result.diagnostics[0]!.message).to.contain("action(7, 1)");
  });

  it("issue 16.11: the same rule in YAML: the warning is placed at the write step", () => {
    const yaml = [
      "rules:",
      "  - name: Latch",
      "    trigger: { on_change: [stage] }",
      "    steps:",
      "      - input: { stage: \"action(7, 1)\" }",
      "      - write: action(7, 1)",
      "        value: stage + 1",
      "",
    ].join("\n");
    const result = compileRuleYaml(yaml);
    expect(result.rules).to.have.length(1);
    expect(result.diagnostics.map(at)).to.deep.equal(["warning rule/self-trigger 6:9"]);
  });

  it("issue 16.11: a YAML rule holding an editor document: the warning has the JSON Pointer of the write in the file and its node id", () => {
    const yaml = [
      "rules:",
      "  - name: Drawn",
      "    trigger: { on_change: [\"action(7, 1)\"] }",
      "    flow:",
      "      nodes:",
      "        - { id: start, type: start, position: { x: 0, y: 0 }, data: { config: { wires: { default: [bump] } } } }",
      "        - id: bump",
      "          type: change",
      "          position: { x: 200, y: 0 }",
      "          data: { config: { writes: [ { instance: 7, point_type: action, point: 1, value: \"1\" } ], wires: { default: [end] } } }",
      "        - { id: end, type: end, position: { x: 400, y: 0 }, data: { config: {} } }",
      "      edges: []",
      "",
    ].join("\n");
    const result = compileRuleYaml(yaml);
    expect(result.rules).to.have.length(1);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.nodeId, d.path, d.span?.start.line])).to.deep.equal([
      ["rule/self-trigger", "warning", "bump", "/rules/0/flow/nodes/1/data/config/writes/0", 10],
    ]);
  });

  it("issue 16.11: on an editor document and its trigger (the PUT's inputs): node id and JSON Pointer of each such write", () => {
    const trigger: TriggerConfig = { type: "on_change", point_refs: [{ instance: 7, point_type: "measurement", point: 3 }, { instance: 7, point_type: "action", point: 1 }] };
    const compiled = compileRuleSource(LATCH).rules[0]!;
    const warnings = checkSelfTrigger(trigger, compiled.flow_json);
    const change = compiled.flow_json.nodes.findIndex((n) => n.type === "change");
    expect(warnings.map((d) => [d.code, d.severity, d.nodeId, d.path])).to.deep.equal([["rule/self-trigger", "warning", "change_1", `/nodes/${change}/data/config/writes/1`]]);
    expect(warnings[0]!.message).to.contain("point_refs/1");
  });

  it("no warning for an interval trigger, no trigger, or a trigger on other points (a measurement with the same numbers is another point)", () => {
    const flow = compileRuleSource(LATCH).rules[0]!.flow_json as FlowJson;
    expect(checkSelfTrigger({ type: "interval", interval_ms: 1000 }, flow)).to.deep.equal([]);
    expect(checkSelfTrigger(null, flow)).to.deep.equal([]);
    expect(checkSelfTrigger({ type: "on_change", point_refs: [{ instance: 7, point_type: "measurement", point: 1 }] }, flow)).to.deep.equal([]);
    expect(checkSelfTrigger({ type: "on_change", point_refs: [{ instance: 7, point_type: "action", point: 1 }] }, null)).to.deep.equal([]);
  });
});
