// Small builders for hand-written nodes_json in decompiler tests: one call per node, wires last.
import type { ExecNode, NodesTopology } from "../../../generated/types.js";

type Targets = string[];

export const start = (...next: Targets): ExecNode => ({ type: "start", next: { default: next } });
export const end: ExecNode = { type: "end" };

export function input(next: Targets, variables: Array<[string, number, number]>, params: Array<[string, number | boolean]> = []): ExecNode {
  return {
    type: "input",
    variables: variables.map(([name, instance, point]) => ({ name, instance, point_type: "measurement", point })),
    ...(params.length > 0 ? { params: params.map(([name, value]) => ({ name, value })) } : {}),
    next: { default: next },
  };
}

export const calc = (next: Targets, ...assign: Array<[string, string]>): ExecNode => ({
  type: "calc",
  assign: assign.map(([name, expr]) => ({ name, expr })),
  next: { default: next },
});

export const change = (next: Targets, ...writes: Array<[number, number, string]>): ExecNode => ({
  type: "change",
  writes: writes.map(([instance, point, value]) => ({ instance, point_type: "action", point, value })),
  next: { default: next },
});

export const delta = (next: Targets, name: string, instance: number, point: number, period_ms: number): ExecNode => ({
  type: "period_delta",
  name,
  instance,
  point_type: "measurement",
  point,
  period_ms,
  next: { default: next },
});

/** A switch: each rule as [output, condition, targets], then the default's targets. */
export function switchNode(mode: "first" | "all", rules: Array<[string, string, Targets]>, otherwise: Targets): ExecNode {
  const next: Record<string, Targets> = Object.fromEntries(rules.map(([output, , targets]) => [output, targets]));
  next.default = otherwise;
  return { type: "switch", mode, rules: rules.map(([output, condition]) => ({ output, condition })), next };
}

/** A topology from `[id, node]` pairs, the first being the start. */
export function topology(...nodes: Array<[string, ExecNode]>): NodesTopology {
  return { start: nodes[0]![0], nodes: Object.fromEntries(nodes) };
}
