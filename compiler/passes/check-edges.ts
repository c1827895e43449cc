// Editor edges agree with the wires, one to one, when the document has any: an editor must never
// show a connection that does not execute, or hide one that does.
import { flowError, pointer, type Diagnostic } from "../diagnostics/diagnostic.js";
import { successorsOf, type FlowModel, type Successor } from "../front-ends/flow-json/flow-model.js";

export function checkEdges(model: FlowModel, diagnostics: Diagnostic[]): void {
  if (model.doc.edges.length === 0) return;
  const unmatched: Array<Successor & { source: string }> = [];
  for (const entry of model.nodes) {
    for (const successor of successorsOf(entry)) unmatched.push({ ...successor, source: entry.id });
  }
  model.doc.edges.forEach((edge, i) => {
    const handle = edge.sourceHandle ?? undefined;
    const at = unmatched.findIndex(
      (w) => w.source === edge.source && w.target === edge.target && (handle === undefined || w.output === handle),
    );
    if (at !== -1) {
      unmatched.splice(at, 1);
      return;
    }
    const from = handle === undefined ? `'${edge.source}'` : `output '${handle}' of '${edge.source}'`;
    const nodeId = model.byId.has(edge.source) ? edge.source : undefined;
    diagnostics.push(
      flowError("flow/edge-without-wire", `edge '${edge.id}' connects ${from} to '${edge.target}', but no wire (or no other wire) does`, {
        path: pointer("edges", i),
        nodeId,
      }),
    );
  });
  for (const wire of unmatched) {
    if (!model.byId.has(wire.target)) continue; // reported as an unknown target
    diagnostics.push(
      flowError("flow/wire-without-edge", `wire '${wire.output}' from '${wire.source}' to '${wire.target}' has no edge in the editor document`, {
        path: wire.path,
        nodeId: wire.source,
      }),
    );
  }
}
