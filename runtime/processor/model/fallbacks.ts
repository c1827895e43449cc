// The fallback strategies (version "1" each), labelled as such by the processor: built from the
// request's own target history, never from zeros it invented. A fallback has no spread of its
// own: when quantiles are requested, each one is the fallback value (degenerate), and the
// `fallback` status tells consumers it is not a model's distribution.
import { allFinite, degenerateQuantiles, historyLabel, horizonLabel, lastPresent, type MethodOutcome, type PointForecast, type TargetHistory } from "./target-history.js";

export type FallbackStrategy = "persistence" | "historical_average";

/** The version every strategy here is; a task's fallback policy names it. */
export const FALLBACK_STRATEGY_VERSION = "1";

/** A fallback forecast and the newest label whose value it used. */
export type FallbackOutcome = MethodOutcome<{ basedOnDataThrough: number }>;

export function fallbackForecast(strategy: FallbackStrategy, history: TargetHistory, horizonSteps: number, probabilities?: readonly number[]): FallbackOutcome {
  return strategy === "persistence" ? persistence(history, horizonSteps, probabilities) : historicalAverage(history, horizonSteps, probabilities);
}

/** The last observed value, repeated over the horizon. */
export function persistence(history: TargetHistory, horizonSteps: number, probabilities?: readonly number[]): FallbackOutcome {
  const last = lastPresent(history.values);
  if (last < 0) return { ok: false, reason: "INSUFFICIENT_HISTORY" };
  return flat(history, horizonSteps, history.values[last]!, historyLabel(history, last), probabilities);
}

/** The mean of every observed history cell, repeated over the horizon. */
export function historicalAverage(history: TargetHistory, horizonSteps: number, probabilities?: readonly number[]): FallbackOutcome {
  const last = lastPresent(history.values);
  if (last < 0) return { ok: false, reason: "INSUFFICIENT_HISTORY" };
  let sum = 0;
  let count = 0;
  for (const v of history.values) {
    if (v === null) continue;
    sum += v;
    count++;
  }
  return flat(history, horizonSteps, sum / count, historyLabel(history, last), probabilities);
}

function flat(history: TargetHistory, horizonSteps: number, value: number, basedOnDataThrough: number, probabilities?: readonly number[]): FallbackOutcome {
  const points: PointForecast[] = [];
  for (let h = 1; h <= horizonSteps; h++) {
    const quantiles = degenerateQuantiles(value, probabilities);
    points.push({ t: horizonLabel(history, h), value, ...(quantiles === undefined ? {} : { quantiles }) });
  }
  return allFinite(points) ? { ok: true, points, basedOnDataThrough } : { ok: false, reason: "NUMERIC_RANGE" };
}
