// What every forecast method reads: the target's history cells on the frame's grid (interval-end
// labels as_of-(N-1)c ... as_of, null for a missing cell) and what every method returns.

export interface TargetHistory {
  /** The frame's as_of, epoch milliseconds: the label of the last cell. */
  asOf: number;
  cadenceSeconds: number;
  /** One value per history label, oldest first; null is a missing cell (never read as zero). */
  values: ReadonlyArray<number | null>;
}

export interface QuantilePoint {
  probability: number;
  value: number;
}

export interface PointForecast {
  /** The label, epoch milliseconds: as_of + h * cadence for h = 1..horizon. */
  t: number;
  value: number;
  /** Exactly the requested probabilities, in their order; absent when none were requested. */
  quantiles?: QuantilePoint[];
}

/** Why a method has no forecast. */
export type NoForecastReason = "INSUFFICIENT_HISTORY" | "SEASON_NOT_ALIGNED" | "NUMERIC_RANGE";

export type MethodOutcome<Extra = object> = ({ ok: true; points: PointForecast[] } & Extra) | { ok: false; reason: NoForecastReason };

/** Label of the h-th horizon step (h from 1). */
export function horizonLabel(history: TargetHistory, h: number): number {
  return history.asOf + h * history.cadenceSeconds * 1000;
}

/** Label of history cell i (0 the oldest). */
export function historyLabel(history: TargetHistory, i: number): number {
  return history.asOf - (history.values.length - 1 - i) * history.cadenceSeconds * 1000;
}

/** Index of the newest non-missing cell at or before index `upTo`, or -1. */
export function lastPresent(values: ReadonlyArray<number | null>, upTo = values.length - 1): number {
  for (let i = Math.min(upTo, values.length - 1); i >= 0; i--) if (values[i] !== null) return i;
  return -1;
}

/** Whether every value and quantile value is a finite number. */
export function allFinite(points: readonly PointForecast[]): boolean {
  return points.every((p) => Number.isFinite(p.value) && (p.quantiles ?? []).every((q) => Number.isFinite(q.value)));
}

/** Quantiles that are all the point's value: the distribution of a method without spread. */
export function degenerateQuantiles(value: number, probabilities: readonly number[] | undefined): QuantilePoint[] | undefined {
  return probabilities === undefined ? undefined : probabilities.map((probability) => ({ probability, value }));
}
