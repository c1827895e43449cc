// Exactly one start node.
import { flowError, pointer, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { FlowModel } from "../front-ends/flow-json/flow-model.js";

export function checkStart(model: FlowModel, diagnostics: Diagnostic[]): void {
  if (model.starts.length === 0) {
    diagnostics.push(flowError("flow/missing-start", "the flow has no start node; add one node of type 'start'", { path: pointer("nodes") }));
  }
  for (const extra of model.starts.slice(1)) {
    diagnostics.push(
      flowError("flow/multiple-starts", `a flow has exactly one start node; '${model.starts[0]!.id}' is the first`, {
        path: `${extra.path}/type`,
        nodeId: extra.id,
      }),
    );
  }
}
