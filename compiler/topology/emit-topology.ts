// Emits nodes_json from a checked flow: nodes in topological order, each as its type, its
// configuration with normalised expressions and explicit defaults, and `next` (its wires in
// execution order). Positions, labels and anything else editor-owned are left behind.
import type { ExecNode, NodesTopology, WireMap } from "../../generated/types.js";
import { printExpression } from "../expression/print.js";
import type { FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";
import type { ParsedExpressions } from "../passes/parse-expressions.js";

export function emitTopology(order: readonly FlowNodeEntry[], parsed: ParsedExpressions): NodesTopology {
  const normalise = (holder: object): string => printExpression(parsed.get(holder)!);
  const nodes: NodesTopology["nodes"] = {};
  for (const entry of order) setOwn(nodes, entry.id, emitNode(entry, normalise));
  return { start: order[0]!.id, nodes };
}

// What Object.fromEntries does, one key at a time: an own property even for "__proto__" (which
// assignment would take for the prototype; every other key of a plain object assigns as defined).
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function emitNode(entry: FlowNodeEntry, normalise: (holder: object) => string): ExecNode {
  const node = entry.node;
  const next = nextOf(entry);
  switch (node.type) {
    case "start":
      return { type: "start", next };
    case "input": {
      const { variables, params } = node.data.config;
      return {
        type: "input",
        variables: variables.map(({ name, instance, point_type, point }) => ({ name, instance, point_type, point })),
        ...(params !== undefined && params.length > 0 ? { params: params.map(({ name, value }) => ({ name, value })) } : {}),
        next,
      };
    }
    case "switch":
      return {
        type: "switch",
        mode: node.data.config.mode ?? "first",
        rules: node.data.config.rules.map((r) => ({ output: r.output, condition: normalise(r) })),
        next,
      };
    case "change":
      return {
        type: "change",
        writes: node.data.config.writes.map((w) => ({
          instance: w.instance,
          point_type: w.point_type,
          point: w.point,
          value: normalise(w),
        })),
        next,
      };
    case "calc":
      return {
        type: "calc",
        assign: node.data.config.assign.map((a) => ({ name: a.name, expr: normalise(a) })),
        next,
      };
    case "period_delta": {
      const { name, instance, point_type, point, period_ms } = node.data.config;
      return { type: "period_delta", name, instance, point_type, point, period_ms, next };
    }
    case "end":
      return { type: "end" };
  }
}

function nextOf(entry: FlowNodeEntry): WireMap {
  const wires = entry.node.data.config.wires ?? {};
  const next: WireMap = {};
  for (const output of entry.outputs) setOwn(next, output, Object.hasOwn(wires, output) ? [...(wires[output] ?? [])] : []);
  return next;
}
