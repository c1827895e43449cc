// The reference forecast method: seasonal-naive with a daily season, blended with the recent
// level. For horizon step h (label L = as_of + h * c):
//
//   value(L) = w * seasonal(L) + (1 - w) * level
//
// seasonal(L) is the latest non-missing history cell at the same time of day, L - 24 h, else
// L - 48 h, ... (whole days back; for h * c beyond a day the first candidates lie in the future
// and are skipped). level is the mean of the last k non-missing cells at or before as_of. Missing
// cells are skipped, never read as zero. Quantiles come from the empirical residuals of the same
// method run in-sample one day ahead (residual-quantiles.ts). Pure: values in, values out.
import { SEASONAL_NAIVE, type SeasonalNaiveParameters } from "./parameters.js";
import { residualOffsets } from "./residual-quantiles.js";
import { allFinite, horizonLabel, type MethodOutcome, type PointForecast, type TargetHistory } from "./target-history.js";

type Values = ReadonlyArray<number | null>;

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
  const k = levelCells(history.cadenceSeconds, parameters);
  const level = recentLevel(values, values.length - 1, k);
  if (level === undefined) return { ok: false, reason: "INSUFFICIENT_HISTORY" };
  const w = parameters.seasonalWeight;
  const points: PointForecast[] = [];
  for (let h = 1; h <= horizonSteps; h++) {
    const anchor = seasonalAnchor(values, values.length - 1 + h, season);
    if (anchor === undefined) return { ok: false, reason: "INSUFFICIENT_HISTORY" };
    points.push({ t: horizonLabel(history, h), value: w * anchor + (1 - w) * level });
  }
  if (probabilities !== undefined) {
    const residuals = inSampleResiduals(values, season, k, w);
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

/** k: the cells of the level window, at least one. */
export function levelCells(cadenceSeconds: number, parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): number {
  return Math.max(1, Math.floor(parameters.levelWindowSeconds / cadenceSeconds));
}

/**
 * The value at the same time of day as the cell with index `target` (which may lie beyond the
 * history): the newest non-missing cell at target - season, target - 2 season, ... inside it.
 */
export function seasonalAnchor(values: Values, target: number, season: number): number | undefined {
  for (let j = target - season; j >= 0; j -= season) {
    if (j < values.length && values[j] !== null) return values[j]!;
  }
  return undefined;
}

/** Mean of the last k non-missing cells at or before index `upTo`; undefined when there are none. */
export function recentLevel(values: Values, upTo: number, k: number): number | undefined {
  let sum = 0;
  let count = 0;
  for (let i = upTo; i >= 0 && count < k; i--) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    sum += v;
    count++;
  }
  return count === 0 ? undefined : sum / count;
}

/**
 * The method's in-sample errors one day ahead: for each observed cell t at least a season into
 * the history, the forecast made at origin t - season (its seasonal anchor and its level) and
 * the cell's actual value; residual = actual - forecast.
 */
export function inSampleResiduals(values: Values, season: number, k: number, w: number): number[] {
  const residuals: number[] = [];
  for (let t = season; t < values.length; t++) {
    const actual = values[t];
    if (actual === null || actual === undefined) continue;
    const anchor = seasonalAnchor(values, t, season);
    const level = recentLevel(values, t - season, k);
    if (anchor === undefined || level === undefined) continue;
    residuals.push(actual - (w * anchor + (1 - w) * level));
  }
  return residuals;
}
