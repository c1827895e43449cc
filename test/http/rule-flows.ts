// Editor documents for the HTTP tests, compiled from the DSL against the engine fixture's site
// (instance 7 on the virtual channel).
import type { FlowJson, TriggerConfig } from "../../generated/types.js";
import { compileRuleSource } from "../../compiler/index.js";

export function flowOf(body: string): { flow_json: FlowJson; trigger_config: TriggerConfig | null } {
  const compiled = compileRuleSource(`rule "r" {\n${body}\n}`);
  if (compiled.diagnostics.length > 0) throw new Error(JSON.stringify(compiled.diagnostics));
  const rule = compiled.rules[0]!;
  return { flow_json: rule.flow_json, trigger_config: rule.trigger_config };
}

/** Writes 10 to the heating valve (accepted by the virtual channel) and reads supply_temp. */
export const VALVE_RULE = flowOf("trigger every 1s\ninput t = measurement(7, 1)\nwrite action(7, 2) = 10");

/** A flow whose switch wires to a node that does not exist. */
export function brokenFlow(): FlowJson {
  const flow = structuredClone(VALVE_RULE.flow_json) as { nodes: { data: { config: { wires?: Record<string, string[]> } } }[] };
  flow.nodes[0]!.data.config.wires = { default: ["no-such-node"] };
  return flow as unknown as FlowJson;
}

/** Every rule mutation route of the spec's table, with a body that would be accepted. */
export const RULE_MUTATIONS = (id: number): [string, string, unknown][] => [
  ["POST", "/api/rules", { name: "x", confirmed: true }],
  ["PUT", `/api/rules/${id}`, { name: "y", confirmed: true }],
  ["DELETE", `/api/rules/${id}`, { confirmed: true }],
  ["POST", `/api/rules/${id}/enable`, { confirmed: true }],
  ["POST", `/api/rules/${id}/disable`, { confirmed: true }],
  ["POST", `/api/rules/${id}/execute`, { confirmed: true }],
];
