// Bounds the work of one execution. A wire that fans out runs every target, and an `all` switch
// may follow several outputs, so a node after such splits runs once per way to reach it; chains
// of splits multiply. Refuse flows whose worst case exceeds MAX_NODE_VISITS.
import { flowError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";

export const MAX_NODE_VISITS = 10_000;

export function checkExecutionBound(order: FlowNodeEntry[], diagnostics: Diagnostic[]): void {
  const cap = MAX_NODE_VISITS + 1; // saturate, so the counts stay finite numbers
  const visits = new Map<string, number>([[order[0]!.id, 1]]);
  let total = 0;
  for (const entry of order) {
    const runs = visits.get(entry.id) ?? 0;
    total = Math.min(cap, total + runs);
    for (const [target, times] of timesReached(entry)) {
      visits.set(target, Math.min(cap, (visits.get(target) ?? 0) + runs * times));
    }
  }
  if (total > MAX_NODE_VISITS) {
    diagnostics.push(
      flowError(
        "flow/too-many-paths",
        `one execution could visit more than ${MAX_NODE_VISITS} nodes: fan-out wires and 'all' switches multiply the paths through the nodes after them`,
        { path: order[0]!.path, nodeId: order[0]!.id },
      ),
    );
  }
}

// How many times one run of `entry` can run each successor at most. Successors come in output
// order, `default` last, and each output lists a target once (the schema says so).
function timesReached(entry: FlowNodeEntry): Map<string, number> {
  const all = entry.node.type === "switch" && entry.node.data.config.mode === "all";
  const times = new Map<string, number>();
  for (const { output, target } of entry.successors) {
    const before = times.get(target) ?? 0;
    // One output is taken per run, except in an `all` switch, where every true rule's is.
    times.set(target, all && output !== "default" ? before + 1 : Math.max(before, 1));
  }
  return times;
}
