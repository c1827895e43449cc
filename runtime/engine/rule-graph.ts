// The graph facts the executor compiles from: nodes in an order where every node comes after all
// of its predecessors, and each node's predecessors. Stored topologies are normally in that
// order already (compileFlow emits them so), but a legacy import need not be, so it is computed.
import type { ExecNode, NodesTopology } from "../../generated/types.js";

export interface GraphNode {
  id: string;
  node: ExecNode;
  predecessors: string[];
}

/** The nodes reachable from the start, predecessors first; a string describing a cycle or a dangling wire otherwise. */
export function orderNodes(topology: NodesTopology): GraphNode[] | string {
  const nodes = new Map(Object.entries(topology.nodes).filter((e): e is [string, ExecNode] => e[1] !== undefined));
  const state = new Map<string, "visiting" | "done">();
  const postOrder: string[] = [];
  const predecessors = new Map<string, string[]>();
  let problem: string | undefined;

  const visit = (id: string): void => {
    if (problem !== undefined) return;
    const mark = state.get(id);
    if (mark === "done") return;
    if (mark === "visiting") {
      problem = `the topology has a cycle through node '${id}'`;
      return;
    }
    const node = nodes.get(id);
    if (node === undefined) {
      problem = `a wire leads to node '${id}', which the topology does not have`;
      return;
    }
    state.set(id, "visiting");
    for (const target of successorsOf(node)) {
      if (!predecessors.has(target)) predecessors.set(target, []);
      predecessors.get(target)!.push(id);
      visit(target);
    }
    state.set(id, "done");
    postOrder.push(id);
  };
  visit(topology.start);
  if (problem !== undefined) return problem;
  return postOrder.reverse().map((id) => ({ id, node: nodes.get(id)!, predecessors: predecessors.get(id) ?? [] }));
}

export function successorsOf(node: ExecNode): string[] {
  return node.type === "end" ? [] : Object.values(node.next).flatMap((targets) => targets ?? []);
}
