// Topologies compared up to node ids: ids relabelled canonically (depth-first from the start,
// outputs in wire order, targets in order, numbered on first visit), nodes listed by that number.
// Two topologies are isomorphic exactly when their canonical forms are equal.
import type { ExecNode, NodesJson, NodesTopology } from "../../generated/types.js";

type Next = Record<string, string[]>;

/** Whether a stored nodes_json is a topology, not a stub's `{}` (a rule created but given no flow yet). */
export function isTopology(nodesJson: NodesJson): nodesJson is NodesTopology {
  const candidate = nodesJson as Partial<NodesTopology>;
  return typeof candidate.start === "string" && typeof candidate.nodes === "object" && candidate.nodes !== null;
}

/** The topology with ids `n0` (the start), `n1`, ... by first visit; unreachable nodes last as `u<i>`. */
export function canonicalTopology(topology: NodesTopology): NodesTopology {
  const nodes = new Map(Object.entries(topology.nodes).map(([id, node]) => [id, node!]));
  const names = new Map<string, string>();
  const visit = (id: string): void => {
    if (names.has(id) || !nodes.has(id)) return;
    names.set(id, `n${names.size}`);
    for (const targets of Object.values(nextOf(nodes.get(id)!))) targets.forEach(visit);
  };
  visit(topology.start);
  [...nodes.keys()].forEach((id, i) => names.has(id) || names.set(id, `u${i}`));
  const rename = (id: string): string => names.get(id) ?? `missing:${id}`;
  const relabelled = [...nodes].map(([id, node]): [string, ExecNode] => [rename(id), relabel(node, rename)]);
  relabelled.sort(([a], [b]) => rank(a) - rank(b));
  return { start: rename(topology.start), nodes: Object.fromEntries(relabelled) };
}

/** Whether two topologies are equal up to node ids (configuration and wire order included). */
export function isIsomorphic(a: NodesTopology, b: NodesTopology): boolean {
  return JSON.stringify(canonicalTopology(a)) === JSON.stringify(canonicalTopology(b));
}

function nextOf(node: ExecNode): Next {
  return "next" in node ? (node.next as Next) : {};
}

function relabel(node: ExecNode, rename: (id: string) => string): ExecNode {
  if (!("next" in node)) return node;
  const next = Object.fromEntries(Object.entries(node.next as Next).map(([output, targets]) => [output, targets.map(rename)]));
  return { ...node, next } as ExecNode;
}

// n-numbers first in order, then u-numbers: sorting by rank keeps the canonical listing.
function rank(name: string): number {
  const n = Number(name.slice(1));
  return name.startsWith("n") ? n : 1_000_000 + n;
}
