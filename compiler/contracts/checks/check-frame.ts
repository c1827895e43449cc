// Semantic rules of a processing frame (svc.processing-frame.v1) on its own: stages 4-6 of the
// spec's validation order, task-aware rules only with the task. Without a request there is no
// horizon, so the future segment's length is not judged here.
import type { ProcessingFrame } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { frameStages } from "./frame/frame-stages.js";

export const checkFrame: SemanticCheck<ProcessingFrame> = (frame, context, report) => {
  const stages = frameStages(frame, "", context.task === undefined ? {} : { task: context.task }, report);
  report.stages(
    stages.times,
    () => {
      stages.cadence();
      stages.features();
    },
    stages.grid,
    stages.cells,
    stages.aggregates,
    stages.policy,
  );
};
