// The graph: no cycles, every node reachable from the start. Returns the reachable nodes in a
// topological order (start first, successors in wire order), which later passes and the emitted
// topology follow; undefined when the graph has no such order. Unreachable nodes are reported
// only when the wires are sound: after a broken wire they would only repeat that diagnostic.
import { flowError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { wirePath, type FlowModel, type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";

// Per-node state lives in arrays indexed by FlowNodeEntry.ordinal, and wires lead straight to their
// target's entry (Successor.to): no maps keyed by id (issue 19.5). Wires to unknown nodes are
// skipped here (checkWires reports them).
export function checkGraph(model: FlowModel, wiresSound: boolean, diagnostics: Diagnostic[]): FlowNodeEntry[] | undefined {
  const acyclic = reportCycles(model, diagnostics);
  const start = model.starts[0];
  if (!acyclic || start === undefined || model.starts.length > 1) return undefined;
  // One walk from the start counts the wires each node gets from reachable nodes: in an acyclic
  // graph, a node other than the start is reachable exactly when it gets one.
  const indegree = wiresFromReachable(start, model.nodes.length);
  for (const entry of model.nodes) {
    if (wiresSound && entry !== start && indegree[entry.ordinal] === 0) {
      diagnostics.push(
        flowError("flow/unreachable-node", `node '${entry.id}' cannot be reached from the start node; wire it in or remove it`, {
          path: entry.path,
          nodeId: entry.id,
        }),
      );
    }
  }
  return topologicalOrder(start, indegree);
}

const OPEN = 1;
const DONE = 2;

// Iterative depth-first search; each back edge is one cycle, reported with its nodes.
function reportCycles(model: FlowModel, diagnostics: Diagnostic[]): boolean {
  const state = new Array<number>(model.nodes.length).fill(0);
  const stack: FlowNodeEntry[] = [];
  const next: number[] = []; // per stack frame: the position of its next wire
  let acyclic = true;
  for (const root of model.nodes) {
    if (state[root.ordinal] !== 0) continue;
    stack.push(root);
    next.push(0);
    state[root.ordinal] = OPEN;
    while (stack.length > 0) {
      const top = stack.length - 1;
      const frame = stack[top]!;
      const edge = frame.successors[next[top]!++];
      if (edge === undefined) {
        state[frame.ordinal] = DONE;
        stack.pop();
        next.pop();
        continue;
      }
      const target = edge.to;
      if (target === undefined) continue;
      if (state[target.ordinal] === OPEN) {
        acyclic = false;
        const loop = stack.slice(stack.indexOf(target)).map((f) => f.id);
        diagnostics.push(
          flowError("flow/cycle", `the flow loops: ${[...loop, edge.target].map((id) => `'${id}'`).join(" -> ")}; a flow must not contain cycles`, {
            path: wirePath(frame, edge),
            nodeId: frame.id,
          }),
        );
      } else if (state[target.ordinal] === 0) {
        state[target.ordinal] = OPEN;
        stack.push(target);
        next.push(0);
      }
    }
  }
  return acyclic;
}

/** By ordinal, the wires into each node from the nodes reachable from the start (a breadth-first walk). */
function wiresFromReachable(start: FlowNodeEntry, size: number): number[] {
  const indegree = new Array<number>(size).fill(0);
  const queue: FlowNodeEntry[] = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const { to } of queue[i]!.successors) {
      if (to === undefined) continue;
      const wiredBefore = indegree[to.ordinal]!;
      indegree[to.ordinal] = wiredBefore + 1;
      if (wiredBefore === 0) queue.push(to);
    }
  }
  return indegree;
}

// Kahn's algorithm over the reachable nodes: a node comes after every node wired to it.
// `indegree` is wiresFromReachable's count, used up here.
function topologicalOrder(start: FlowNodeEntry, indegree: number[]): FlowNodeEntry[] {
  const order: FlowNodeEntry[] = [start];
  for (let i = 0; i < order.length; i++) {
    for (const { to } of order[i]!.successors) {
      if (to === undefined) continue;
      const left = indegree[to.ordinal]! - 1;
      indegree[to.ordinal] = left;
      if (left === 0) order.push(to);
    }
  }
  return order;
}
