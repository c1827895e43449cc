// An index over a schema-valid editor document: nodes by id, their outputs and successors.
// Built once per compile; every pass reads it instead of walking the raw document again.
import type { FlowJson, FlowNode } from "../../../generated/types.js";
import { pointer } from "../../diagnostics/diagnostic.js";

export interface FlowNodeEntry {
  id: string;
  index: number;
  node: FlowNode;
  /** JSON Pointer of the node in the document. */
  path: string;
  /** The wired successors in execution order (wires of unknown outputs left out). */
  successors: Successor[];
}

export interface Successor {
  output: string;
  target: string;
  /** Position of the target in the output's wire list. */
  index: number;
}

export interface FlowModel {
  doc: FlowJson;
  /** The first node of each id, in document order. */
  nodes: FlowNodeEntry[];
  byId: ReadonlyMap<string, FlowNodeEntry>;
  /** The start nodes found (a valid flow has exactly one). */
  starts: FlowNodeEntry[];
}

export function buildFlowModel(doc: FlowJson): FlowModel {
  const byId = new Map<string, FlowNodeEntry>();
  doc.nodes.forEach((node, index) => {
    if (byId.has(node.id)) return;
    const path = pointer("nodes", index);
    byId.set(node.id, { id: node.id, index, node, path, successors: successorsOf(node) });
  });
  const nodes = [...byId.values()];
  return { doc, nodes, byId, starts: nodes.filter((e) => e.node.type === "start") };
}

/** The outputs a node must wire, in execution order: switch rule outputs then `default`; none for end. */
export function expectedOutputs(node: FlowNode): string[] {
  switch (node.type) {
    case "end":
      return [];
    case "switch":
      return [...new Set([...node.data.config.rules.map((r) => r.output), "default"])];
    default:
      return ["default"];
  }
}

/** The wires a node actually has, as own entries (never inherited keys such as `constructor`). */
export function wireEntries(node: FlowNode): Array<[string, string[]]> {
  return Object.entries(node.data.config.wires ?? {}).map(([output, targets]) => [output, targets ?? []]);
}

function successorsOf(node: FlowNode): Successor[] {
  const wires = node.data.config.wires ?? {};
  const result: Successor[] = [];
  for (const output of expectedOutputs(node)) {
    if (!Object.hasOwn(wires, output)) continue;
    (wires[output] ?? []).forEach((target, index) => result.push({ output, target, index }));
  }
  return result;
}

/** The JSON Pointer of a wire entry (built only when a diagnostic needs it). */
export function wirePath(entry: FlowNodeEntry, successor: Successor): string {
  return configPath(entry, "wires", successor.output, successor.index);
}

/** A JSON Pointer below a node's config. */
export function configPath(entry: FlowNodeEntry, ...tokens: Array<string | number>): string {
  return `${entry.path}${pointer("data", "config", ...tokens)}`;
}
