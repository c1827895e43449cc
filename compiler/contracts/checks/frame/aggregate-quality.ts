// Validation order, stage 6, aggregate quality (spec: Processing frame, Aggregate quality and
// Provenance entry): the service's aggregate must agree with the cells and entries it summarises.
// Runs only after the cells and entries passed, so it counts from coherent data.
import { formatUtcTime } from "../../utc-time.js";
import { at, COMPUTED_KINDS, WATERMARK_KINDS, type FrameScope } from "./frame-scope.js";
import { checkMaxGap } from "./max-gap.js";

/** missing_ratio is compared with this tolerance: it is a quotient, not an exact count. */
export const MISSING_RATIO_TOLERANCE = 1e-9;

export function checkAggregateQuality(scope: FrameScope): void {
  checkCounts(scope);
  checkMaxGap(scope);
  checkInputWatermark(scope);
  const live = scope.frame.provenance.some((e) => e.source_kind === "live" || e.source_kind === "history_and_live");
  if (scope.frame.quality.live_tail_included !== live) {
    scope.report.error(
      "frame/live-tail-flag",
      at(scope, "quality", "live_tail_included"),
      live ? "live_tail_included is false but a provenance entry has source_kind `live` or `history_and_live`" : "live_tail_included is true but no provenance entry has source_kind `live` or `history_and_live`",
    );
  }
}

/**
 * substituted_samples counts substituted cells of every segment. missing_ratio is missing cells
 * over the required cells (requiredCells says which), and the task's quality policy judges it.
 */
function checkCounts(scope: FrameScope): void {
  const { frame } = scope;
  let substituted = 0;
  let missing = 0;
  const history = frame.history.features;
  for (const name in history) {
    const quality = history[name]!.quality;
    for (let i = 0; i < quality.length; i++) {
      if (quality[i] === "missing") missing++;
      else if (quality[i] === "substituted") substituted++;
    }
  }
  const future = frame.future_covariates?.features ?? {};
  for (const name in future) {
    const quality = future[name]!.quality;
    for (let i = 0; i < quality.length; i++) {
      if (quality[i] === "missing") missing++;
      else if (quality[i] === "substituted") substituted++;
    }
  }
  const statics = frame.static_features ?? {};
  for (const name in statics) if (statics[name]!.quality === "substituted") substituted++;

  if (frame.quality.substituted_samples !== substituted) {
    scope.report.error("frame/substituted-count", at(scope, "quality", "substituted_samples"), `substituted_samples is ${frame.quality.substituted_samples} but ${substituted} cell${substituted === 1 ? " has" : "s have"} quality \`substituted\``);
  }
  const cells = requiredCells(scope);
  const ratio = missing / cells;
  if (Math.abs(frame.quality.missing_ratio - ratio) > MISSING_RATIO_TOLERANCE) {
    scope.report.error("frame/missing-ratio", at(scope, "quality", "missing_ratio"), `missing_ratio is ${frame.quality.missing_ratio} but ${missing} of the ${cells} required cells (history and future covariates) ${missing === 1 ? "is" : "are"} missing (ratio ${ratio})`);
  }
}

/**
 * The cells missing_ratio divides by: "all required cells", the timestamps x features of the
 * history and, when the task declares future covariates, of that segment too (a missing weather
 * forecast is as missing as a missing meter reading). Static features are single values, not cells.
 */
export function requiredCells(scope: FrameScope): number {
  const cells = (segment: { timestamps: readonly string[]; features: object } | undefined): number =>
    segment === undefined ? 0 : segment.timestamps.length * Object.keys(segment.features).length;
  return cells(scope.frame.history) + cells(scope.frame.future_covariates);
}

/**
 * input_watermark is at or before as_of and is the newest watermark of the measured sources
 * (history, live; null when there is none): the newest actual observation. A covariate's issue
 * time is not one, and calendar values and constants never advance it either.
 */
function checkInputWatermark(scope: FrameScope): void {
  const { frame, times, report } = scope;
  const path = at(scope, "quality", "input_watermark");
  const reported = times.inputWatermark;
  if (reported !== null && reported > times.asOf) {
    report.error("frame/watermark-after-as-of", path, `input_watermark ${frame.quality.input_watermark} is after as_of ${frame.as_of}`);
    return;
  }
  let newest: number | null = null;
  for (let i = 0; i < frame.provenance.length; i++) {
    if (WATERMARK_KINDS.has(frame.provenance[i]!.source_kind) && (newest === null || times.watermarks[i]! > newest)) newest = times.watermarks[i]!;
  }
  if (newest !== reported) {
    const expected =
      newest === null
        ? "null (no history or live source took part; a covariate's issue time is not an observation)"
        : `${formatUtcTime(newest)}, the newest watermark of the history and live entries (a covariate's issue time is not an observation)`;
    report.error("frame/watermark-mismatch", path, `input_watermark is ${frame.quality.input_watermark ?? "null"} but should be ${expected}`);
    return;
  }
  if (reported === null) return;
  frame.provenance.forEach((entry, i) => {
    if (!COMPUTED_KINDS.has(entry.source_kind) || times.watermarks[i]! <= reported) return;
    report.error(
      "frame/calendar-advances-watermark",
      at(scope, "provenance", i, "watermark"),
      `the ${entry.source_kind} entry for '${entry.feature}' has watermark ${entry.watermark}, after input_watermark ${frame.quality.input_watermark}: calendar values and constants do not advance input_watermark`,
    );
  });
}
