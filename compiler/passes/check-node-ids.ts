// Node ids are unique: wires and edges name nodes by id.
import { flowError, pointer, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { FlowModel } from "../front-ends/flow-json/flow-model.js";

export function checkNodeIds(model: FlowModel, diagnostics: Diagnostic[]): void {
  model.doc.nodes.forEach((node, index) => {
    const first = model.byId.get(node.id);
    if (first !== undefined && first.index !== index) {
      diagnostics.push(
        flowError("flow/duplicate-node-id", `node id '${node.id}' is already used by /nodes/${first.index}`, {
          path: pointer("nodes", index, "id"),
          nodeId: node.id,
        }),
      );
    }
  });
}
