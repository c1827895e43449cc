// The graph: no cycles, every node reachable from the start. Returns the reachable nodes in a
// topological order (start first, successors in wire order), which later passes and the emitted
// topology follow; undefined when the graph has no such order. Unreachable nodes are reported
// only when the wires are sound: after a broken wire they would only repeat that diagnostic.
import { flowError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { wirePath, type FlowModel, type FlowNodeEntry, type Successor } from "../front-ends/flow-json/flow-model.js";

export function checkGraph(model: FlowModel, wiresSound: boolean, diagnostics: Diagnostic[]): FlowNodeEntry[] | undefined {
  const successors = new Map(model.nodes.map((e) => [e.id, e.successors.filter((s) => model.byId.has(s.target))]));
  const acyclic = reportCycles(model, successors, diagnostics);
  const start = model.starts[0];
  if (!acyclic || start === undefined || model.starts.length > 1) return undefined;
  const reachable = reachableFrom(start, successors);
  for (const entry of model.nodes) {
    if (wiresSound && !reachable.has(entry.id)) {
      diagnostics.push(
        flowError("flow/unreachable-node", `node '${entry.id}' cannot be reached from the start node; wire it in or remove it`, {
          path: entry.path,
          nodeId: entry.id,
        }),
      );
    }
  }
  return topologicalOrder(start, model, successors, reachable);
}

type SuccessorMap = ReadonlyMap<string, Successor[]>;

// Iterative depth-first search; each back edge is one cycle, reported with its nodes.
function reportCycles(model: FlowModel, successors: SuccessorMap, diagnostics: Diagnostic[]): boolean {
  const state = new Map<string, "open" | "done">();
  let acyclic = true;
  for (const root of model.nodes) {
    if (state.has(root.id)) continue;
    const stack: Array<{ id: string; next: number }> = [{ id: root.id, next: 0 }];
    state.set(root.id, "open");
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const edge = successors.get(frame.id)![frame.next++];
      if (edge === undefined) {
        state.set(frame.id, "done");
        stack.pop();
      } else if (state.get(edge.target) === "open") {
        acyclic = false;
        const loop = stack.slice(stack.findIndex((f) => f.id === edge.target)).map((f) => f.id);
        diagnostics.push(
          flowError("flow/cycle", `the flow loops: ${[...loop, edge.target].map((id) => `'${id}'`).join(" -> ")}; a flow must not contain cycles`, {
            path: wirePath(model.byId.get(frame.id)!, edge),
            nodeId: frame.id,
          }),
        );
      } else if (!state.has(edge.target)) {
        state.set(edge.target, "open");
        stack.push({ id: edge.target, next: 0 });
      }
    }
  }
  return acyclic;
}

function reachableFrom(start: FlowNodeEntry, successors: SuccessorMap): Set<string> {
  const seen = new Set([start.id]);
  const queue = [start.id];
  for (let i = 0; i < queue.length; i++) {
    for (const { target } of successors.get(queue[i]!)!) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

// Kahn's algorithm over the reachable nodes: a node comes after every node wired to it.
function topologicalOrder(start: FlowNodeEntry, model: FlowModel, successors: SuccessorMap, reachable: Set<string>): FlowNodeEntry[] {
  const indegree = new Map<string, number>();
  for (const id of reachable) {
    for (const { target } of successors.get(id)!) indegree.set(target, (indegree.get(target) ?? 0) + 1);
  }
  const order: FlowNodeEntry[] = [];
  const queue = [start.id];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    order.push(model.byId.get(id)!);
    for (const { target } of successors.get(id)!) {
      const left = indegree.get(target)! - 1;
      indegree.set(target, left);
      if (left === 0) queue.push(target);
    }
  }
  return order;
}
