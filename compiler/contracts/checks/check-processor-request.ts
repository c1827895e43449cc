// Semantic rules of a processor request (svc.data-processing.request.v1), in the spec's
// validation order: identity, deadline and digest (2); task, revision, kind and route (3); the
// frame's feature set (4), grid (5) and quality (6) through the same frame stages as a
// processing frame, at `/frame`; the artifact and limits against the processor's descriptor (7).
import type { ProcessorRequest } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { checkHorizon, checkQuantileCount, checkQuantileOrder } from "./check-forecast-options.js";
import { frameStages } from "./frame/frame-stages.js";
import { checkAgainstDescriptor } from "./request/descriptor.js";
import { checkInputDigest, checkRequestTimes } from "./request/identity.js";
import { checkOptionsForTaskKind, checkTaskRoute } from "./request/route.js";

export const checkProcessorRequest: SemanticCheck<ProcessorRequest> = (request, context, report) => {
  const { task, descriptor } = context;
  const frame = frameStages(request.frame, "/frame", { ...(task === undefined ? {} : { task }), horizonSteps: request.options.horizon_steps }, report);
  report.stages(
    () => {
      checkRequestTimes(request, report);
      frame.times();
      checkInputDigest(request, report);
    },
    () => {
      checkOptionsForTaskKind(request, report);
      checkQuantileOrder(request.options, "/options", report);
      if (task === undefined) return;
      checkTaskRoute(request, task, report);
      frame.cadence();
      checkQuantileCount(request.options, "/options", task, report);
    },
    frame.features,
    () => {
      frame.grid();
      if (task !== undefined) checkHorizon(request.options, "/options", task, report);
    },
    frame.cells,
    frame.aggregates,
    frame.policy,
    () => {
      if (descriptor !== undefined) checkAgainstDescriptor(request, descriptor, report);
    },
  );
};
