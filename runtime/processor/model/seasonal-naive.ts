// The reference forecast method: a daily seasonal profile on the current level, adjusted by the
// recent deviation from it. For horizon step h (label L = as_of + h * c):
//
//   value(L)   = profile(L) + d * 2^(-h * c / half_life)
//   profile(L) = level_0 + median over days j of (cell(L - j days) - level_j)
//
// level_j is the mean of the day (the season of cells) that ends j days before as_of, level_0 of
// the last day. Each earlier day says how the time of day L differs from its own preceding day;
// the median of those shapes (up to profile_days of them, the newest first; candidates after
// as_of are skipped for a horizon beyond a day) is placed on the last day's level. So a day that
// runs higher than last week moves the whole profile, the daily shape stays, and one odd day
// moves nothing. With under two days of history no earlier day has a level, and the profile is
// plain seasonal-naive: the latest same-time-of-day cell. d is how far the last correction
// window ran above or below its own profile (0 when no cell there has one): a deviation of the
// last hour carries into the first steps and fades with the half-life; it never replaces the
// shape with a flat level. Missing cells are skipped, never read as zero. Quantiles come from the
// empirical residuals of the same method run in-sample one day ahead over the history's last day
// (residual-quantiles.ts). Pure: values in, values out.
import { SEASONAL_NAIVE, type SeasonalNaiveParameters } from "./parameters.js";
import { residualOffsets } from "./residual-quantiles.js";
import { allFinite, horizonLabel, type MethodOutcome, type PointForecast, type TargetHistory } from "./target-history.js";

type Values = ReadonlyArray<number | null>;

/** Running sums of the observed cells: the mean of any window in constant time. */
export interface ObservedSums {
  sum: Float64Array;
  count: Uint32Array;
}

/** What a forecast from one origin (the index of its as_of cell) reads. */
export interface Origin {
  values: Values;
  /** Index of the as_of cell; cells after it are never read. */
  at: number;
  season: number;
  days: number;
  /** levels[j]: the mean of the season of cells ending j seasons before the origin; undefined when it is not all inside the history or has no observed cell. */
  levels: Array<number | undefined>;
}

export function seasonalNaiveForecast(
  history: TargetHistory,
  horizonSteps: number,
  probabilities?: readonly number[],
  parameters: SeasonalNaiveParameters = SEASONAL_NAIVE,
): MethodOutcome {
  const season = seasonSteps(history.cadenceSeconds, parameters);
  if (season === undefined) return { ok: false, reason: "SEASON_NOT_ALIGNED" };
  const { values } = history;
  // A full season: every step of a one-day horizon then has its same-time-of-day cell.
  if (values.length < season) return { ok: false, reason: "INSUFFICIENT_HISTORY" };
  const sums = observedSums(values);
  const origin = originAt(values, sums, values.length - 1, season, parameters.profileDays);
  const deviation = recentDeviation(origin, correctionCells(history.cadenceSeconds, parameters));
  const points: PointForecast[] = [];
  for (let h = 1; h <= horizonSteps; h++) {
    const profile = seasonalProfile(origin, origin.at + h);
    if (profile === undefined) return { ok: false, reason: "INSUFFICIENT_HISTORY" };
    points.push({ t: horizonLabel(history, h), value: profile + deviation * correctionWeight(h, history.cadenceSeconds, parameters) });
  }
  if (probabilities !== undefined) {
    const residuals = inSampleResiduals(values, season, history.cadenceSeconds, parameters, sums);
    if (residuals.length < parameters.minResiduals) return { ok: false, reason: "INSUFFICIENT_HISTORY" };
    const offsets = residualOffsets(residuals, probabilities);
    for (const point of points) {
      point.quantiles = probabilities.map((probability, i) => ({ probability, value: probability === 0.5 ? point.value : point.value + offsets[i]! }));
    }
  }
  return allFinite(points) ? { ok: true, points } : { ok: false, reason: "NUMERIC_RANGE" };
}

/** Cells per season, or undefined when the cadence does not divide the season (no same-time cell). */
export function seasonSteps(cadenceSeconds: number, parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): number | undefined {
  const steps = parameters.seasonSeconds / cadenceSeconds;
  return Number.isInteger(steps) && steps >= 1 ? steps : undefined;
}

/** k: the cells of the correction window, at least one. */
export function correctionCells(cadenceSeconds: number, parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): number {
  return Math.max(1, Math.floor(parameters.correctionWindowSeconds / cadenceSeconds));
}

/** The weight of the recent deviation at step h: 1 at as_of, halving every half-life. */
export function correctionWeight(h: number, cadenceSeconds: number, parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): number {
  return 2 ** (-(h * cadenceSeconds) / parameters.correctionHalfLifeSeconds);
}

export function observedSums(values: Values): ObservedSums {
  const sum = new Float64Array(values.length + 1);
  const count = new Uint32Array(values.length + 1);
  values.forEach((v, i) => {
    sum[i + 1] = sum[i]! + (v ?? 0);
    count[i + 1] = count[i]! + (v === null ? 0 : 1);
  });
  return { sum, count };
}

/** The origin at cell index `at`, with the levels of every whole season before it. */
export function originAt(values: Values, sums: ObservedSums, at: number, season: number, days: number): Origin {
  const levels: Array<number | undefined> = [];
  for (let end = at; end - season + 1 >= 0; end -= season) {
    const cells = sums.count[end + 1]! - sums.count[end + 1 - season]!;
    levels.push(cells === 0 ? undefined : (sums.sum[end + 1]! - sums.sum[end + 1 - season]!) / cells);
  }
  return { values, at, season, days, levels };
}

/**
 * The profile at cell index `target` (after the origin for a forecast, at or before it for the
 * deviation): level_0 + the median of (cell(target - j season) - level_j) over the newest `days`
 * days j with both an observed cell at or before the origin and a level; without any such day,
 * the latest observed same-time-of-day cell; undefined when there is none either.
 */
export function seasonalProfile(origin: Origin, target: number): number | undefined {
  const { values, at, season, days, levels } = origin;
  const level = levels[0];
  const shapes: number[] = [];
  let latest: number | undefined;
  for (let j = 1, i = target - season; i >= 0 && shapes.length < days; j++, i -= season) {
    const v = i <= at ? values[i] : null;
    if (v === null || v === undefined) continue;
    latest ??= v;
    // Day j's level is the season ending j seasons before the origin: L stands to level_0 as
    // cell(L - j season) stands to level_j, the same time after each day's end.
    const day = levels[j];
    if (level !== undefined && day !== undefined) shapes.push(v - day);
  }
  return shapes.length > 0 ? level! + median(shapes) : latest;
}

/**
 * d: the mean of cell - profile(cell) over the observed cells among the k ending at the origin
 * that have a profile; 0 when there is none.
 */
export function recentDeviation(origin: Origin, k: number): number {
  let sum = 0;
  let count = 0;
  for (let i = origin.at; i > origin.at - k && i >= 0; i--) {
    const v = origin.values[i];
    if (v === null || v === undefined) continue;
    const profile = seasonalProfile(origin, i);
    if (profile === undefined) continue;
    sum += v - profile;
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * The method's in-sample errors one day ahead over the last season of the history: for each
 * observed cell t there (and at least a season into the history), the forecast made at origin
 * t - season (its profile and its deviation weighted for one season ahead) and the cell's actual
 * value; residual = actual - forecast. Only the last season: its origins see nearly as many days
 * as the forecast's, so the spread matches the forecast's (older origins see fewer days, whose
 * noisier profiles would widen the quantiles).
 */
export function inSampleResiduals(values: Values, season: number, cadenceSeconds: number, parameters: SeasonalNaiveParameters = SEASONAL_NAIVE, sums = observedSums(values)): number[] {
  const k = correctionCells(cadenceSeconds, parameters);
  const weight = correctionWeight(season, cadenceSeconds, parameters);
  const residuals: number[] = [];
  for (let t = Math.max(season, values.length - season); t < values.length; t++) {
    const actual = values[t];
    if (actual === null || actual === undefined) continue;
    const origin = originAt(values, sums, t - season, season, parameters.profileDays);
    const profile = seasonalProfile(origin, t);
    if (profile === undefined) continue;
    residuals.push(actual - (profile + weight * recentDeviation(origin, k)));
  }
  return residuals;
}

function median(xs: number[]): number {
  const sorted = xs.sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
