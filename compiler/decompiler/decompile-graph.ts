// The shape of a topology as the decompiler needs it: a canonical node order computed from the
// wires alone (never from ids or key order), incoming wire entries per node, the implicit
// (shared) end, and the nodes that must be blocks because several wire entries lead to them.
import type { ExecNode, NodesTopology } from "../../generated/types.js";

export interface TopologyShape {
  nodes: ReadonlyMap<string, ExecNode>;
  start: string;
  /** Node ids in canonical topological order: Kahn's algorithm, successors in wire order. */
  order: readonly string[];
  /** The end node that a sequence reaches by running out of statements. */
  implicitEnd: string;
  /** The nodes reached by two or more wire entries, other than the implicit end: blocks. */
  shared: ReadonlySet<string>;
}

/** The outputs of a node in execution order: switch rule outputs then `default`; none for end. */
export function outputsOf(node: ExecNode): string[] {
  if (node.type === "end") return [];
  return node.type === "switch" ? [...node.rules.map((r) => r.output), "default"] : ["default"];
}

/** The targets of one output, in execution order. */
export function targetsOf(node: ExecNode, output: string): string[] {
  if (node.type === "end") return [];
  return Object.hasOwn(node.next, output) ? (node.next[output] ?? []) : [];
}

function successorsOf(node: ExecNode): string[] {
  return outputsOf(node).flatMap((output) => targetsOf(node, output));
}

export function analyseTopology(topology: NodesTopology): TopologyShape {
  const nodes = new Map(Object.entries(topology.nodes).map(([id, node]) => [id, node!]));
  const incoming = new Map<string, number>();
  for (const node of nodes.values()) {
    for (const target of successorsOf(node)) incoming.set(target, (incoming.get(target) ?? 0) + 1);
  }
  const order = canonicalOrder(topology.start, nodes, incoming);
  const ends = order.filter((id) => nodes.get(id)!.type === "end");
  // The first end with the most entries: reduce keeps the earlier one on ties.
  const implicitEnd = ends.reduce((best, id) => (incoming.get(id)! > incoming.get(best)! ? id : best));
  const shared = new Set(order.filter((id) => id !== implicitEnd && (incoming.get(id) ?? 0) >= 2));
  return { nodes, start: topology.start, order, implicitEnd, shared };
}

function canonicalOrder(start: string, nodes: ReadonlyMap<string, ExecNode>, incoming: ReadonlyMap<string, number>): string[] {
  const left = new Map(incoming);
  const order = [start];
  for (let i = 0; i < order.length; i++) {
    for (const target of successorsOf(nodes.get(order[i]!)!)) {
      const remaining = left.get(target)! - 1;
      left.set(target, remaining);
      if (remaining === 0) order.push(target);
    }
  }
  return order;
}
