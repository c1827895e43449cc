// An index over a schema-valid editor document: nodes by id, their outputs and successors.
// Built once per compile; every pass reads it instead of walking the raw document again.
import type { FlowJson, FlowNode } from "../../../generated/types.js";
import { pointer } from "../../diagnostics/diagnostic.js";

export interface FlowNodeEntry {
  id: string;
  index: number;
  /** Position in FlowModel.nodes: passes keep per-node state in arrays indexed by it. */
  ordinal: number;
  node: FlowNode;
  /** JSON Pointer of the node in the document. */
  path: string;
  /** The outputs the node must wire, in execution order (expectedOutputs). */
  outputs: string[];
  /** The wired successors in execution order (wires of unknown outputs left out). */
  successors: Successor[];
  /** Position of the first of `successors` among every node's, in FlowModel.nodes order. */
  firstWire: number;
}

export interface Successor {
  output: string;
  target: string;
  /** Position of the target in the output's wire list. */
  index: number;
  /** The target node; undefined when no node has that id. */
  to: FlowNodeEntry | undefined;
}

export interface FlowModel {
  doc: FlowJson;
  /** The first node of each id, in document order. */
  nodes: FlowNodeEntry[];
  byId: ReadonlyMap<string, FlowNodeEntry>;
  /** The start nodes found (a valid flow has exactly one). */
  starts: FlowNodeEntry[];
}

// One walk over the nodes, then one over their wires to resolve the targets (issue 19.5: every
// pass reads these instead of building maps and lists of its own).
export function buildFlowModel(doc: FlowJson): FlowModel {
  const byId = new Map<string, FlowNodeEntry>();
  const nodes: FlowNodeEntry[] = [];
  const starts: FlowNodeEntry[] = [];
  const list = doc.nodes;
  let wires = 0;
  for (let index = 0; index < list.length; index++) {
    const node = list[index]!;
    if (byId.has(node.id)) continue;
    const outputs = expectedOutputs(node);
    const successors = successorsOf(node, outputs);
    // "/nodes/<index>": an index needs no escaping
    const entry: FlowNodeEntry = { id: node.id, index, ordinal: nodes.length, node, path: `/nodes/${index}`, outputs, successors, firstWire: wires };
    wires += successors.length;
    byId.set(node.id, entry);
    nodes.push(entry);
    if (node.type === "start") starts.push(entry);
  }
  for (const entry of nodes) for (const successor of entry.successors) successor.to = byId.get(successor.target);
  return { doc, nodes, byId, starts };
}

/** The outputs a node must wire, in execution order: switch rule outputs then `default`; none for end. */
export function expectedOutputs(node: FlowNode): string[] {
  switch (node.type) {
    case "end":
      return [];
    case "switch": {
      const rules = node.data.config.rules;
      if (rules.length > 16) return [...new Set([...rules.map((r) => r.output), "default"])];
      // the same, without the Set, for the few rules a switch usually has
      const outputs: string[] = [];
      for (const rule of rules) if (!outputs.includes(rule.output)) outputs.push(rule.output);
      if (!outputs.includes("default")) outputs.push("default");
      return outputs;
    }
    default:
      return ["default"];
  }
}

function successorsOf(node: FlowNode, outputs: string[]): Successor[] {
  const wires = node.data.config.wires ?? {};
  const result: Successor[] = [];
  for (const output of outputs) {
    if (!Object.hasOwn(wires, output)) continue;
    const targets = wires[output] ?? [];
    for (let index = 0; index < targets.length; index++) result.push({ output, target: targets[index]!, index, to: undefined });
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
