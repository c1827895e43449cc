// compileRuleYaml: YAML rules compile exactly as their DSL twins; raw `flow:` rules compile as
// editor documents with metadata from the YAML keys; every diagnostic lands in the YAML file.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import { compileFlow } from "../../../compiler/front-ends/flow-json/index.js";
import { compileRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import { fromRoot } from "../../helpers/paths.js";
import { at, range, yamlFile } from "./yaml-test-helpers.js";

const fixture = (name: string): string => readFileSync(fromRoot("test/compiler/yaml/fixtures", name), "utf8");

const ZONE_FLOW = `
      nodes:
        - { id: start, type: start, position: { x: 0, y: 0 }, data: { config: { wires: { default: [in] } } } }
        - id: in
          type: input
          position: { x: 200, y: 0 }
          data: { config: { variables: [ { name: t, instance: 12, point_type: measurement, point: 3 } ], wires: { default: [calc] } } }
        - id: calc
          type: calc
          position: { x: 400, y: 0 }
          data: { config: { assign: [ { name: hot, expr: t > limit } ], wires: { default: [end] } } }
        - { id: end, type: end, position: { x: 600, y: 0 }, data: { config: {} } }
      edges: []`;

describe("compileRuleYaml", () => {
  it("a rule using every construct compiles exactly as its DSL twin", () => {
    const yaml = compileRuleYaml(fixture("every-construct.rule.yaml"));
    const dsl = compileRuleSource(fixture("every-construct.rule"));
    expect(yaml.diagnostics).to.deep.equal([]);
    expect(dsl.diagnostics).to.deep.equal([]);
    expect(yaml.rules).to.have.length(1);
    expect(yaml.rules).to.deep.equal(dsl.rules);
    const nodes = Object.values(yaml.rules[0]!.nodes_json.nodes) as Array<{ type: string; mode?: string }>;
    const types = nodes.map((n) => (n.type === "switch" ? `switch-${n.mode}` : n.type));
    expect(new Set(types)).to.deep.equal(new Set(["start", "input", "calc", "period_delta", "switch-first", "switch-all", "change", "end"]));
    expect(yaml.rules[0]).to.deep.include({ name: "Every construct", priority: -5, cooldown_ms: 90_000 });
  });

  it("a raw flow rule: compileFlow's output, metadata from the YAML keys, on_change names resolved", () => {
    const text = `rules:\n  - name: Editor\n    description: drawn\n    priority: 3\n    cooldown: 2s\n    trigger: { on_change: [t], deadband: 1s }\n    flow:${ZONE_FLOW.replace("t > limit", "t > 20")}\n`;
    const { rules, diagnostics } = compileRuleYaml(text);
    expect(diagnostics).to.deep.equal([]);
    const { flow_json, nodes_json, ...metadata } = rules[0]!;
    expect(metadata).to.deep.equal({
      name: "Editor",
      description: "drawn",
      priority: 3,
      cooldown_ms: 2000,
      trigger_config: { type: "on_change", point_refs: [{ instance: 12, point_type: "measurement", point: 3 }], time_deadband_ms: 1000 },
    });
    const direct = compileFlow(flow_json);
    expect(direct.ok && direct.nodes_json).to.deep.equal(nodes_json);
  });

  it("a flow rule's diagnostics point into the YAML: exact inside an expression", () => {
    const text = `rules:\n  - name: Editor\n    trigger: { on_change: [nope] }\n    flow:${ZONE_FLOW}\n`;
    const { rules, diagnostics } = compileRuleYaml(text);
    expect(rules).to.deep.equal([]);
    expect(diagnostics.map(at)).to.deep.equal(["3:28 rule/unknown-trigger-point", "14:62 expr/unknown-variable"]);
    expect(diagnostics[1]).to.include({ path: "/rules/0/flow/nodes/2/data/config/assign/0/expr", nodeId: "calc" });
    expect(range(diagnostics[1]!.span)).to.equal("14:62-14:67");
  });

  it("lowering problems of a steps rule are placed in the YAML", () => {
    const text = yamlFile("- goto: nowhere\n- let: { x: 1 }", "trigger: { every: 0s }");
    expect(compileRuleYaml(text).diagnostics.map(at)).to.deep.equal(["3:14 rule/invalid-duration", "5:15 rule/unknown-block", "6:16 rule/unreachable-statement"]);
  });

  it("keeps file order across steps and flow rules, and leaves out rules with errors", () => {
    const flow = "    flow: { nodes: [ { id: s, type: start, position: { x: 0, y: 0 }, data: { config: { wires: { default: [e] } } } }, { id: e, type: end, position: { x: 0, y: 0 }, data: { config: {} } } ], edges: [] }";
    const text = ["rules:", "  - name: a", flow, "  - name: b", "    steps: [ { let: { x: 1 + } } ]", "  - name: c", "    steps: [ end ]", "  - name: d", flow].join("\n");
    const { rules, diagnostics } = compileRuleYaml(text);
    expect(rules.map((r) => r.name)).to.deep.equal(["a", "c", "d"]);
    expect(diagnostics.map(at)).to.deep.equal(["5:29 expr/unexpected-token"]);
  });

  it("a name used twice, by a flow rule or a steps rule, is reported once per repeat", () => {
    const flow = "    flow: { nodes: [ { id: s, type: start, position: { x: 0, y: 0 }, data: { config: { wires: { default: [e] } } } }, { id: e, type: end, position: { x: 0, y: 0 }, data: { config: {} } } ], edges: [] }";
    const text = ["rules:", "  - name: x", flow, "  - name: x", "    steps: [ end ]", "  - name: x", "    steps: [ end ]", "  - name: x", flow].join("\n");
    const { rules, diagnostics } = compileRuleYaml(text);
    expect(diagnostics.map(at)).to.deep.equal(["4:11 rule/duplicate-rule-name", "6:11 rule/duplicate-rule-name", "8:11 rule/duplicate-rule-name"]);
    expect(rules.map((r) => r.name)).to.deep.equal(["x"]);
    expect(rules[0]!.nodes_json).to.deep.equal({ start: "s", nodes: { s: { type: "start", next: { default: ["e"] } }, e: { type: "end" } } });
  });
});
