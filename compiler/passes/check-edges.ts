// Editor edges agree with the wires, one to one, when the document has any: an editor must never
// show a connection that does not execute, or hide one that does.
import { flowError, pointer, type Diagnostic } from "../diagnostics/diagnostic.js";
import { wirePath, type FlowModel } from "../front-ends/flow-json/flow-model.js";

export function checkEdges(model: FlowModel, diagnostics: Diagnostic[]): void {
  if (model.doc.edges.length === 0) return;
  // Every wire entry, in document order, and which of them an edge has matched.
  const wires = model.nodes.flatMap((entry) => entry.successors.map((successor) => ({ entry, successor })));
  const matched = new Array<boolean>(wires.length).fill(false);
  const bySourceAndTarget = new Map<string, number[]>();
  wires.forEach(({ entry, successor }, i) => {
    const key = connectionKey(entry.id, successor.target);
    const list = bySourceAndTarget.get(key);
    if (list === undefined) bySourceAndTarget.set(key, [i]);
    else list.push(i);
  });
  model.doc.edges.forEach((edge, i) => {
    const handle = edge.sourceHandle ?? undefined;
    const candidates = bySourceAndTarget.get(connectionKey(edge.source, edge.target)) ?? [];
    const at = candidates.find((w) => !matched[w] && (handle === undefined || wires[w]!.successor.output === handle));
    if (at !== undefined) {
      matched[at] = true;
      return;
    }
    const from = handle === undefined ? `'${edge.source}'` : `output '${handle}' of '${edge.source}'`;
    const nodeId = model.byId.has(edge.source) ? edge.source : undefined;
    const wired = candidates.filter((w) => !matched[w]).map((w) => wires[w]!.successor.output);
    diagnostics.push(
      flowError("flow/edge-without-wire", `edge '${edge.id}' connects ${from} to '${edge.target}', but no wire (or no other wire) does`, {
        path: pointer("edges", i),
        nodeId,
        suggestion: handle !== undefined && wired.length > 0 ? `the wire to '${edge.target}' is output '${wired[0]}': set sourceHandle to '${wired[0]}'` : undefined,
      }),
    );
  });
  wires.forEach(({ entry, successor }, i) => {
    if (matched[i] || !model.byId.has(successor.target)) return; // an unknown target is reported by checkWires
    diagnostics.push(
      flowError("flow/wire-without-edge", `wire '${successor.output}' from '${entry.id}' to '${successor.target}' has no edge in the editor document`, {
        path: wirePath(entry, successor),
        nodeId: entry.id,
      }),
    );
  });
}

function connectionKey(source: string, target: string): string {
  return `${source}\u0000${target}`;
}
