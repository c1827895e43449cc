// A binding's processor route against its task: the route serves the task's processor contract,
// selects an artifact when the processor requires one, stays on the local boundary (a v1 task has
// no way to preapprove a remote one, so a remote route fails closed), and can carry the task's
// largest frame.
import type { DataProcessingTask, ProcessorRoute } from "../../../generated/types.js";
import type { BindingContext } from "./binding-points.js";
import type { PackEntry } from "./pack-input.js";

export function checkBindingRoute({ binding, task, report }: Omit<BindingContext, "site">, route: PackEntry<ProcessorRoute>): void {
  const place = { at: binding, path: "/route" };
  const processor = route.document.processor;
  const routeNote = (path: string, message: string) => ({ message, place: { at: route, path } });
  if (processor.contract !== task.document.processor_contract) {
    report.error(place, "binding/route-contract-mismatch", `route '${route.document.id}' serves ${processor.contract}, but task '${task.document.id}' needs ${task.document.processor_contract}`, {
      notes: [routeNote("/processor/contract", "the route's contract is")],
    });
  }
  if (processor.requires_artifact && binding.document.artifact === undefined) {
    report.error({ at: binding, path: "" }, "binding/artifact-required", `route '${route.document.id}' requires an artifact, but the binding selects none (artifact: {kind, family})`, {
      notes: [routeNote("/processor/requires_artifact", "requires_artifact is set")],
    });
  }
  if (processor.boundary !== "local") {
    report.error(place, "binding/remote-boundary", `route '${route.document.id}' sends frames across a remote boundary; a v1 task declaration cannot preapprove data egress, so only local routes are commissioned`, {
      notes: [routeNote("/processor/boundary", "the boundary is")],
    });
  }
  const cells = frameCells(task.document);
  const limit = Math.min(route.document.max_frame_samples, processor.max_frame_cells);
  if (cells > limit) {
    report.error(place, "binding/frame-too-large", `task '${task.document.id}' needs frames of up to ${cells} cells, more than route '${route.document.id}' accepts (${limit}: the smaller of max_frame_samples and processor.max_frame_cells)`);
  }
}

/** Cells of the task's largest frame: every history cell, every future cell at the longest horizon, every static value. */
export function frameCells(task: DataProcessingTask): number {
  const { history_steps, horizon_steps } = task.frame;
  return history_steps * task.inputs.history.length + horizon_steps * (task.inputs.future_covariates?.length ?? 0) + (task.inputs.static?.length ?? 0);
}
