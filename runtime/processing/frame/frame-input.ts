// What frame assembly reads: one consistent read snapshot of the sources (spec: Grid rule 6),
// already resolved through the binding, as plain values. Times are epoch milliseconds.
import type { DataProcessingTask, Diagnostic, ProcessingFrame } from "../../../generated/types.js";

/** One stored observation of a measured point. */
export interface RawSample {
  /** Event time, integer epoch ms. */
  t: number;
  /** The value; NaN and infinities are not observations and are left out. */
  v: number;
  /** Write order: the higher was written later (duplicate policy `latest`). */
  seq: number;
}

/** The read-only live state of a measured point. */
export interface LiveValue {
  t: number;
  v: number;
}

/** One row of a covariate dataset: the value for the cell labelled `t`, issued at `issuedAt`. */
export interface CovariateRow {
  t: number;
  v: number;
  issuedAt: number;
}

export interface FrameInput {
  /** The task revision; assumed to have passed its own contract check. */
  task: DataProcessingTask;
  /** The event-time cut, on the cadence grid anchored at the epoch (see floorToGrid). */
  asOf: number;
  /** Future covariate cells: options.horizon_steps, at most the task's frame.horizon_steps. */
  horizonSteps: number;
  /** Raw samples per measured feature, in any order; samples after asOf are never read; none: every cell missing. */
  history?: Readonly<Record<string, readonly RawSample[]>>;
  /** Live state per measured feature; used only for the live tail (grid rule 5). */
  live?: Readonly<Record<string, LiveValue>>;
  /** Dataset rows per covariate feature (history or future segment), in any order. */
  covariates?: Readonly<Record<string, readonly CovariateRow[]>>;
  /**
   * source_ref per feature, e.g. as the egress policy wants it; by default the task's semantic
   * reference (`instance_ref.point_ref`, `dataset_ref.field`). Calendar features have none.
   */
  sourceRefs?: Readonly<Record<string, string>>;
}

export type FrameAssembly =
  | { ok: true; frame: ProcessingFrame }
  /** The frame was built and is coherent, but the task's quality policy refuses it. */
  | { ok: false; code: "QUALITY_REJECTED"; diagnostics: Diagnostic[]; frame: ProcessingFrame }
  /** The input cannot make a valid frame (duplicates under `reject`, an off-grid as_of, ...). */
  | { ok: false; code: "FRAME_INVALID"; diagnostics: Diagnostic[] };
