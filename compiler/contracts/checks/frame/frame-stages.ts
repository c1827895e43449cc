// The frame's rules as stages of the spec's validation order, reusable wherever a frame sits:
// the processing-frame contract checks one at ``, the processor request its `/frame` (with the
// request's horizon). Each stage is a function; the caller runs them through report.stages, so
// a later stage only sees a frame that passed the earlier ones.
import type { DataProcessingTask, ProcessingFrame } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";
import { declaredFeatures } from "../../task-features.js";
import { checkAggregateQuality } from "./aggregate-quality.js";
import { checkCells } from "./cells.js";
import { checkCadence, checkFeatureSet } from "./feature-set.js";
import { parseFrameTimes } from "./frame-times.js";
import type { FrameScope } from "./frame-scope.js";
import { checkGrid } from "./grid.js";
import { checkProvenance } from "./provenance.js";
import { checkQualityPolicy } from "./quality-policy.js";

export interface FrameStages {
  /** Every time parses (`time/not-a-date`); must run first: later stages use the parsed times. */
  times(): void;
  /** Stage 3, with the task: the cadence is the task revision's. */
  cadence(): void;
  /** Stage 4, with the task: feature set, value types, units. */
  features(): void;
  /** Stage 5: lengths, order, grid, window; horizon when the request gave one. */
  grid(): void;
  /** Stage 6: sample quality of each cell and each provenance entry. */
  cells(): void;
  /** Stage 6: aggregate quality agrees with the cells and entries. */
  aggregates(): void;
  /** Stage 6, with the task: the task's quality policy. */
  policy(): void;
}

export interface FrameStageOptions {
  task?: DataProcessingTask;
  /** options.horizon_steps of the request carrying the frame. */
  horizonSteps?: number;
}

export function frameStages(frame: ProcessingFrame, base: string, options: FrameStageOptions, report: ContractReport): FrameStages {
  const task = options.task;
  const scope: FrameScope = {
    frame,
    base,
    report,
    task,
    declared: task === undefined ? undefined : declaredFeatures(task),
    times: undefined as never,
    cadenceMs: frame.cadence_seconds * 1000,
  };
  return {
    times: () => {
      scope.times = parseFrameTimes(frame, base, report);
    },
    cadence: () => checkCadence(scope),
    features: () => checkFeatureSet(scope),
    grid: () => checkGrid(scope, options.horizonSteps === undefined ? {} : { horizonSteps: options.horizonSteps }),
    cells: () => {
      checkCells(scope);
      checkProvenance(scope);
    },
    aggregates: () => checkAggregateQuality(scope),
    policy: () => checkQualityPolicy(scope),
  };
}
