// What every frame rule works on: the frame, where it sits in the checked document (`` for a
// processing frame, `/frame` inside a processor request), the task when one is given, and every
// time of the frame parsed once into epoch milliseconds.
import type { DataProcessingTask, ProcessingFrame, ProvenanceEntry, Segment } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";
import { pointer } from "../../contract-report.js";
import type { DeclaredFeature, FeatureSegment } from "../../task-features.js";

/** The two segments with a time grid. */
export type GridSegment = "history" | "future_covariates";

export interface FrameTimes {
  asOf: number;
  history: Float64Array;
  /** Undefined when the frame has no future_covariates segment. */
  future: Float64Array | undefined;
  inputWatermark: number | null;
  /** One per provenance entry. */
  watermarks: Float64Array;
  /** One per provenance entry; NaN when the entry has no issued_at. */
  issuedAt: Float64Array;
}

export interface FrameScope {
  readonly frame: ProcessingFrame;
  /** JSON Pointer of the frame in the checked document. */
  readonly base: string;
  readonly report: ContractReport;
  readonly task: DataProcessingTask | undefined;
  /** The task's features by segment; undefined without a task. */
  readonly declared: Map<FeatureSegment, Map<string, DeclaredFeature>> | undefined;
  /** Filled by the time stage; later stages run only when it passed. */
  times: FrameTimes;
  /** The frame's cadence in milliseconds. */
  readonly cadenceMs: number;
}

/** The path of `tokens` below the frame. Call only when reporting. */
export function at(scope: FrameScope, ...tokens: Array<string | number>): string {
  return scope.base + pointer(...tokens);
}

/** The frame's segment, if present. */
export function segmentOf(scope: FrameScope, segment: GridSegment): Segment | undefined {
  return segment === "history" ? scope.frame.history : scope.frame.future_covariates;
}

/** The parsed labels of a segment. */
export function labelsOf(scope: FrameScope, segment: GridSegment): Float64Array | undefined {
  return segment === "history" ? scope.times.history : scope.times.future;
}

/** Source kinds of actual observations (calendar values and constants are computed, not observed). */
export const OBSERVED_KINDS: ReadonlySet<ProvenanceEntry["source_kind"]> = new Set(["history", "live", "history_and_live", "covariate"]);

/**
 * Source kinds whose watermark is the time of an actual observation of the site, and so may set
 * input_watermark: measured history and live state. A covariate's watermark is an issue time (when
 * a weather forecast was published), which says nothing about how fresh the site's own data are:
 * a forecast issued five minutes ago must not hide a meter that stopped an hour ago.
 */
export const WATERMARK_KINDS: ReadonlySet<ProvenanceEntry["source_kind"]> = new Set(["history", "live", "history_and_live"]);

/** Source kinds computed by the service (calendar values, constants): they carry input_watermark, never advance it. */
export const COMPUTED_KINDS: ReadonlySet<ProvenanceEntry["source_kind"]> = new Set(["calendar", "constant"]);

export const GRID_SEGMENTS: readonly GridSegment[] = ["history", "future_covariates"];

/** `history`, `future covariates` or `static features`, for messages. */
export function segmentWords(segment: FeatureSegment): string {
  return segment === "history" ? "history" : segment === "future_covariates" ? "future covariates" : "static features";
}

/** One feature of a segment in words: `history feature`, `future covariate`, `static feature`. */
export function featureWords(segment: FeatureSegment): string {
  return segment === "history" ? "history feature" : segment === "future_covariates" ? "future covariate" : "static feature";
}
