// Validation order, stage 5 (spec: Processing frame, Grid rules 1-3; PITFALLS, time-series grids):
// series as long as their timestamps, labels strictly increasing, as_of on the cadence grid
// anchored at the Unix epoch (the grid is UTC: a DST switch in the task's timezone changes no
// label), history labelled as_of-(N-1)c ... as_of, future covariates from as_of+c by c.
import { formatUtcTime } from "../../utc-time.js";
import { at, GRID_SEGMENTS, labelsOf, segmentOf, type FrameScope, type GridSegment } from "./frame-scope.js";

export interface GridOptions {
  /** A request's options.horizon_steps: the future segment then has exactly that many labels. */
  horizonSteps?: number;
}

export function checkGrid(scope: FrameScope, options: GridOptions = {}): void {
  for (const segment of GRID_SEGMENTS) checkSeriesLengths(scope, segment);
  checkAsOfOnGrid(scope);
  const { asOf } = scope.times;
  const c = scope.cadenceMs;
  const history = scope.times.history;
  if (increasing(scope, "history")) {
    const first = asOf - (history.length - 1) * c;
    checkLabels(scope, "history", first, `the history is labelled as_of-(N-1)c ... as_of, here ${formatUtcTime(first)} ... ${scope.frame.as_of} (N = ${history.length}, c = ${scope.frame.cadence_seconds} s)`);
  }
  const steps = scope.task?.frame.history_steps;
  if (steps !== undefined && history.length !== steps) {
    scope.report.error("frame/history-steps", at(scope, "history", "timestamps"), `the history has ${history.length} steps but the task declares history_steps ${steps}`);
  }
  const future = scope.times.future;
  if (future === undefined) return;
  if (increasing(scope, "future_covariates")) {
    checkLabels(scope, "future_covariates", asOf + c, `future covariates start at as_of+c (${formatUtcTime(asOf + c)}) and advance by exactly ${scope.frame.cadence_seconds} s`);
  }
  if (options.horizonSteps !== undefined && future.length !== options.horizonSteps) {
    scope.report.error("frame/future-horizon", at(scope, "future_covariates", "timestamps"), `the future covariates cover ${future.length} steps but options.horizon_steps asks for ${options.horizonSteps}`);
  }
}

/** Every series has one value and one quality per timestamp (spec: Processing frame, Segment). */
function checkSeriesLengths(scope: FrameScope, segment: GridSegment): void {
  const present = segmentOf(scope, segment);
  if (present === undefined) return;
  const n = present.timestamps.length;
  for (const name in present.features) {
    const series = present.features[name]!;
    for (const member of ["values", "quality"] as const) {
      const length = series[member].length;
      if (length !== n) scope.report.error("frame/series-length", at(scope, segment, "features", name, member), `'${name}' has ${length} ${member === "values" ? "values" : "quality entries"} for ${n} timestamps`);
    }
  }
}

/** Interval-end labels sit on multiples of the cadence since the epoch, and so must as_of. */
function checkAsOfOnGrid(scope: FrameScope): void {
  const { asOf } = scope.times;
  const c = scope.cadenceMs;
  const offset = asOf % c;
  if (offset === 0) return;
  scope.report.error(
    "frame/as-of-off-grid",
    at(scope, "as_of"),
    `as_of ${scope.frame.as_of} is not on the ${scope.frame.cadence_seconds} s grid anchored at the Unix epoch; the nearest labels are ${formatUtcTime(asOf - offset)} and ${formatUtcTime(asOf - offset + c)}`,
  );
}

/** Strictly increasing labels; reports the first that is not, and says whether the grid can be checked. */
function increasing(scope: FrameScope, segment: GridSegment): boolean {
  const labels = labelsOf(scope, segment)!;
  for (let i = 1; i < labels.length; i++) {
    if (labels[i]! > labels[i - 1]!) continue;
    const texts = segmentOf(scope, segment)!.timestamps;
    scope.report.error("frame/timestamps-not-increasing", at(scope, segment, "timestamps", i), `${texts[i]} does not come after the label before it (${texts[i - 1]}); timestamps strictly increase`);
    return false;
  }
  return true;
}

/** Label i is first + i*c; reports the first that is not, with the expected and actual label. */
function checkLabels(scope: FrameScope, segment: GridSegment, first: number, rule: string): void {
  const labels = labelsOf(scope, segment)!;
  const c = scope.cadenceMs;
  for (let i = 0; i < labels.length; i++) {
    const expected = first + i * c;
    if (labels[i] === expected) continue;
    const code = segment === "history" ? "frame/history-grid" : "frame/future-grid";
    scope.report.error(code, at(scope, segment, "timestamps", i), `expected ${formatUtcTime(expected)}, found ${segmentOf(scope, segment)!.timestamps[i]}: ${rule}`);
    return;
  }
}
