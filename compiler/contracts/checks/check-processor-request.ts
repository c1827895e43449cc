// Semantic rules of a processor request (svc.data-processing.request.v1), in the spec's
// validation order: identity, deadline and digest (2); task, revision, kind and route (3); the
// frame's feature set (4), grid (5) and quality (6) through the same frame stages as a
// processing frame, at `/frame`; the artifact and limits against the processor's descriptor (7).
import type { ProcessorRequest } from "../../../generated/types.js";
import type { ContractContext, SemanticCheck } from "../contract-context.js";
import type { ContractReport } from "../contract-report.js";
import { checkHorizon, checkQuantileCount, checkQuantileOrder } from "./check-forecast-options.js";
import { frameStages } from "./frame/frame-stages.js";
import { checkAgainstDescriptor } from "./request/descriptor.js";
import { checkInputDigest, checkRequestTimes } from "./request/identity.js";
import { checkOptionsForTaskKind, checkTaskRoute } from "./request/route.js";

export const checkProcessorRequest: SemanticCheck<ProcessorRequest> = (request, context, report) => {
  report.stages(...processorRequestStages(request, context, report).map((stage) => stage.run));
};

/** One stage of the check and the step of the spec's validation order it belongs to. */
export interface RequestStage {
  step: 2 | 3 | 4 | 5 | 6 | 7;
  run: () => void;
}

/**
 * The stages in order, for a caller that interleaves checks of its own at the right step (the
 * reference processor: its registry's task at step 3, its target series at step 4). Run them in
 * order and stop after the first that reports an error; later stages rely on earlier ones.
 */
export function processorRequestStages(request: ProcessorRequest, context: ContractContext, report: ContractReport): RequestStage[] {
  const { task, descriptor } = context;
  const frame = frameStages(request.frame, "/frame", { ...(task === undefined ? {} : { task }), horizonSteps: request.options.horizon_steps }, report);
  return [
    {
      step: 2,
      run: () => {
        checkRequestTimes(request, report);
        frame.times();
        checkInputDigest(request, report);
      },
    },
    {
      step: 3,
      run: () => {
        checkOptionsForTaskKind(request, report);
        checkQuantileOrder(request.options, "/options", report);
        if (task === undefined) return;
        checkTaskRoute(request, task, report);
        frame.cadence();
        checkQuantileCount(request.options, "/options", task, report);
      },
    },
    { step: 4, run: frame.features },
    {
      step: 5,
      run: () => {
        frame.grid();
        if (task !== undefined) checkHorizon(request.options, "/options", task, report);
      },
    },
    { step: 6, run: frame.cells },
    { step: 6, run: frame.aggregates },
    { step: 6, run: frame.policy },
    {
      step: 7,
      run: () => {
        if (descriptor !== undefined) checkAgainstDescriptor(request, descriptor, report);
      },
    },
  ];
}
