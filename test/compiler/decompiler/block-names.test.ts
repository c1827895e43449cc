// Issue 16.22: block names survive DSL/YAML -> flow_json -> DSL. Lowering labels a block's first
// node with the block's name; the decompiler names a block after its node's label when that is
// an identifier no other block takes, and numbers the others as before.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { decompileFlow } from "../../../compiler/decompiler/index.js";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import { compileRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import type { CompiledRule } from "../../../compiler/lower/compiled-rule.js";
import type { FlowJson } from "../../../generated/types.js";
import { canonicalTopology } from "../../helpers/isomorphic.js";
import { demoSite } from "../../helpers/demo-site.js";
import { fromRoot } from "../../helpers/paths.js";

function decompiled(rule: CompiledRule, flow: FlowJson = rule.flow_json): string {
  const { name, description, priority, cooldown_ms, trigger_config } = rule;
  const result = decompileFlow(flow, { name, description, priority, cooldown_ms, trigger_config });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.text;
}

const only = (result: { rules: CompiledRule[]; diagnostics: unknown[] }): CompiledRule => {
  expect(result.diagnostics).to.deep.equal([]);
  return result.rules[0]!;
};

describe("block names through flow_json (issue 16.22)", () => {
  it("issue 16.22: a DSL block's name is its first node's label, and the decompiler writes it back", () => {
    const rule = only(compileRuleSource(readFileSync(fromRoot("examples/packs/demo/rules/boiler-enable.rule"), "utf8"), { site: demoSite() }));
    const labels = (rule.flow_json.nodes as Array<{ data: { label?: string } }>).map((n) => n.data.label);
    expect(labels).to.include("heat");
    const text = decompiled(rule);
    expect(text).to.contain("block heat {").and.contain("goto heat").and.not.contain("block_1");
    expect(canonicalTopology(only(compileRuleSource(text)).nodes_json)).to.deep.equal(canonicalTopology(rule.nodes_json));
  });

  it("issue 16.22: YAML blocks keep their names too", () => {
    const rule = only(compileRuleYaml(readFileSync(fromRoot("examples/packs/demo/rules/zone1-fan-coil.rule.yaml"), "utf8"), { site: demoSite() }));
    expect(decompiled(rule)).to.contain("block off {").and.contain("goto off");
  });

  it("issue 16.22: a label that is no identifier, or one another block already took, gives a numbered block", () => {
    const rule = only(compileRuleSource(readFileSync(fromRoot("examples/packs/demo/rules/boiler-enable.rule"), "utf8"), { site: demoSite() }));
    const relabelled = (label: string): FlowJson =>
      ({
        ...rule.flow_json,
        nodes: (rule.flow_json.nodes as Array<{ data: { label?: string } }>).map((n) => (n.data.label === "heat" ? { ...n, data: { ...n.data, label } } : n)),
      }) as unknown as FlowJson;
    for (const label of ["Write action(60, 1)", "9lives", "", "true"]) expect(decompiled(rule, relabelled(label)), label).to.contain("block block_1 {").and.contain("goto block_1");
    expect(decompiled(rule, relabelled("block_2"))).to.contain("block block_2 {");
  });
});
