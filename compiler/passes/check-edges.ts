// Editor edges agree with the wires, one to one, when the document has any: an editor must never
// show a connection that does not execute, or hide one that does.
import { flowError, pointer, type Diagnostic } from "../diagnostics/diagnostic.js";
import { wirePath, type FlowModel, type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";

export function checkEdges(model: FlowModel, diagnostics: Diagnostic[]): void {
  const edges = model.doc.edges;
  if (edges.length === 0) return;
  // Which wire entries an edge has matched, by their position among every node's (firstWire).
  // An edge's candidates are its source's wires to its target, in wire order (issue 19.5: found
  // on the source's entry, without a map of every connection).
  const last = model.nodes[model.nodes.length - 1];
  const matched = new Array<number>(last === undefined ? 0 : last.firstWire + last.successors.length).fill(0);
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i]!;
    const handle = edge.sourceHandle ?? undefined;
    const source = model.byId.get(edge.source);
    const at = source === undefined ? -1 : firstMatch(source, edge.target, handle, matched);
    if (at >= 0) {
      matched[source!.firstWire + at] = 1;
      continue;
    }
    const from = handle === undefined ? `'${edge.source}'` : `output '${handle}' of '${edge.source}'`;
    const nodeId = source !== undefined ? edge.source : undefined;
    const wired = source === undefined ? [] : unmatchedOutputs(source, edge.target, matched);
    diagnostics.push(
      flowError("flow/edge-without-wire", `edge '${edge.id}' connects ${from} to '${edge.target}', but no wire (or no other wire) does`, {
        path: pointer("edges", i),
        nodeId,
        suggestion: handle !== undefined && wired.length > 0 ? `the wire to '${edge.target}' is output '${wired[0]}': set sourceHandle to '${wired[0]}'` : undefined,
      }),
    );
  }
  for (const entry of model.nodes) {
    const successors = entry.successors;
    for (let j = 0; j < successors.length; j++) {
      const successor = successors[j]!;
      if (matched[entry.firstWire + j] === 1 || successor.to === undefined) continue; // an unknown target is reported by checkWires
      diagnostics.push(
        flowError("flow/wire-without-edge", `wire '${successor.output}' from '${entry.id}' to '${successor.target}' has no edge in the editor document`, {
          path: wirePath(entry, successor),
          nodeId: entry.id,
        }),
      );
    }
  }
}

/** The position in source.successors of the first unmatched wire to `target` the handle allows; -1 when none. */
function firstMatch(source: FlowNodeEntry, target: string, handle: string | undefined, matched: number[]): number {
  const successors = source.successors;
  for (let j = 0; j < successors.length; j++) {
    const successor = successors[j]!;
    if (successor.target === target && matched[source.firstWire + j] === 0 && (handle === undefined || successor.output === handle)) return j;
  }
  return -1;
}

function unmatchedOutputs(source: FlowNodeEntry, target: string, matched: number[]): string[] {
  return source.successors.filter((s, j) => s.target === target && matched[source.firstWire + j] === 0).map((s) => s.output);
}
