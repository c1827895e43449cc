import { expect } from "chai";
import { decompileFlow, type DecompileResult } from "../../../compiler/decompiler/decompile-flow.js";
import { toFlowJson } from "../../../compiler/decompiler/nodes-to-flow.js";
import type { RuleMetadata } from "../../../compiler/lower/compiled-rule.js";
import type { NodesTopology, TriggerConfig } from "../../../generated/types.js";
import { META } from "./decompile-helpers.js";
import { calc, end, input, start, switchNode, topology } from "./topology-builders.js";


// Two branches both define `v` from different points; `t` and `u1`/`u2` read one point each.
const READERS: NodesTopology = topology(
  ["s", start("i")],
  ["i", input(["sw"], [["t", 1, 2], ["u1", 1, 3], ["u2", 1, 3]])],
  ["sw", switchNode("first", [["case_1", "t > 1", ["a"]]], ["b"])],
  ["a", input(["e"], [["v", 1, 5]])],
  ["b", input(["e"], [["v", 1, 6]])],
  ["e", end],
);
const BODY = ["input t = measurement(1, 2)", "input u1 = measurement(1, 3)", "input u2 = measurement(1, 3)", "when t > 1 { input v = measurement(1, 5) }", "else { input v = measurement(1, 6) }"];

function text(result: DecompileResult): string {
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics, null, 1));
  return result.text;
}

function header(metadata: Partial<RuleMetadata>): string[] {
  return text(decompileFlow(READERS, { ...META, ...metadata }))
    .split("\n")
    .slice(1)
    .filter((line) => !BODY.some((b) => line === `  ${b}`))
    .slice(0, -2);
}

const ref = (point: number, point_type: "measurement" | "action" = "measurement") => ({ instance: 1, point_type, point });

describe("decompileRule: settings", () => {
  it("leaves out default settings, and the blank line with them", () => {
    expect(text(decompileFlow(READERS, META))).to.equal(`rule "r" {\n${BODY.map((l) => `  ${l}`).join("\n")}\n}\n`);
  });

  it("writes description, priority, cooldown and trigger in that order, then a blank line", () => {
    const trigger_config: TriggerConfig = { type: "interval", interval_ms: 90_000 };
    const lines = header({ name: 'a "b"\n', description: "d\u00e9 \"x\"", priority: -3, cooldown_ms: 1500, trigger_config });
    expect(lines).to.deep.equal(['  description "dé \\"x\\""', "  priority -3", "  cooldown 1s500ms", "  trigger every 1m30s", ""]);
    expect(text(decompileFlow(READERS, { ...META, name: 'a "b"\n' })).split("\n")[0]).to.equal('rule "a \\"b\\"\\n" {');
  });

  it("writes a trigger point as an input name only when exactly one name reads it and that name reads nothing else", () => {
    const trigger_config: TriggerConfig = { type: "on_change", point_refs: [ref(2), ref(3), ref(5), ref(9), ref(2, "action")] };
    expect(header({ trigger_config })).to.deep.equal([
      "  trigger on_change(t, measurement(1, 3), measurement(1, 5), measurement(1, 9), action(1, 2))",
      "",
    ]);
  });

  it("writes the time deadband only when above 0, and the value deadband as absolute or percent", () => {
    const on = (extra: Partial<Extract<TriggerConfig, { type: "on_change" }>>): string[] =>
      header({ trigger_config: { type: "on_change", point_refs: [ref(2)], ...extra } });
    expect(on({ time_deadband_ms: 0, value_deadband: null })).to.deep.equal(["  trigger on_change(t)", ""]);
    expect(on({ time_deadband_ms: 5000, value_deadband: { absolute: 0.25 } })).to.deep.equal(["  trigger on_change(t) deadband 5s value 0.25", ""]);
    expect(on({ value_deadband: { percent: 2 } })).to.deep.equal(["  trigger on_change(t) value 2%", ""]);
  });
});

describe("decompileFlow: inputs", () => {
  it("decompiles an editor document and the same topology given as nodes_json to the same text", () => {
    expect(text(decompileFlow(toFlowJson(READERS), META))).to.equal(text(decompileFlow(READERS, META)));
  });

  it("answers a stub nodes_json ({}) with decompile/stub", () => {
    const result = decompileFlow({}, META);
    expect(result.ok).to.equal(false);
    expect(!result.ok && result.diagnostics.map((d) => [d.code, d.path])).to.deep.equal([["decompile/stub", ""]]);
  });

  it("reports an invalid editor document with compileFlow's diagnostics", () => {
    const result = decompileFlow({ nodes: [], edges: [] }, META);
    expect(!result.ok && result.diagnostics.map((d) => d.code)).to.include("flow/missing-start");
  });

  it("reports a nodes_json that is not one by its schema", () => {
    const result = decompileFlow({ start: "s" }, META);
    expect(!result.ok && result.diagnostics.map((d) => d.code)).to.deep.equal(["schema/required"]);
  });

  it("checks a nodes_json as a flow and points its diagnostics into the nodes_json", () => {
    const looping = topology(["s", start("a/b")], ["a/b", calc(["c"], ["x", "1"])], ["c", calc(["a/b"], ["y", "z + 1"])]);
    const result = decompileFlow(looping, META);
    expect(!result.ok && result.diagnostics.map((d) => [d.code, d.path, d.nodeId])).to.deep.equal([["flow/cycle", "/nodes/c/next/default/0", "c"]]);
    const unknown = topology(["s", start("c")], ["c", calc(["e"], ["y", "z + 1"])], ["e", end]);
    const second = decompileFlow(unknown, META);
    expect(!second.ok && second.diagnostics.map((d) => [d.code, d.path])).to.deep.equal([["expr/unknown-variable", "/nodes/c/assign/0/expr"]]);
  });

  it("answers a nodes_json whose start names no start node with decompile/start-mismatch", () => {
    const t = topology(["s", start("e")], ["e", end]);
    for (const wrong of ["e", "nowhere", "constructor"]) {
      const result = decompileFlow({ ...t, start: wrong }, META);
      expect(!result.ok && result.diagnostics.map((d) => [d.code, d.path])).to.deep.equal([["decompile/start-mismatch", "/start"]]);
    }
  });

  it("reports metadata that cannot be written as settings, together with the flow's own problems", () => {
    const metadata = { ...META, priority: 1.5, cooldown_ms: -1, trigger_config: { type: "interval", interval_ms: 0 } } as RuleMetadata;
    const result = decompileFlow({}, metadata);
    expect(!result.ok && result.diagnostics.map((d) => [d.code, d.path])).to.deep.equal([
      ["decompile/invalid-metadata", "/priority"],
      ["decompile/invalid-metadata", "/cooldown_ms"],
      ["schema/minimum", "/trigger_config/interval_ms"],
      ["decompile/stub", ""],
    ]);
  });
});
