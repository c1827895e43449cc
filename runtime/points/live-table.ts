// The live value of every declared point, by dense index, with the time it was set. NaN is the
// sentinel for "temporarily unavailable" (and the value of a point never set).
import type { PointCatalog } from "./point-table.js";

export interface LiveTable {
  /** Values by index; NaN when unavailable. */
  readonly values: Float64Array;
  /** Epoch milliseconds of each value; NaN when never set. */
  readonly times: Float64Array;
  set(index: number, value: number, at: number): void;
  /** The value; NaN when unavailable or when no point has this index. */
  get(index: number): number;
  /** The epoch milliseconds of the value; NaN when never set. */
  timeOf(index: number): number;
  /** Every value by index (the array itself: read it, never keep or change it). */
  sample(): Float64Array;
}

export function createLiveTable(catalog: PointCatalog): LiveTable {
  const values = new Float64Array(catalog.size).fill(NaN);
  const times = new Float64Array(catalog.size).fill(NaN);
  return {
    values,
    times,
    set(index, value, at) {
      values[index] = value;
      times[index] = at;
    },
    get: (index) => values[index] ?? NaN,
    timeOf: (index) => times[index] ?? NaN,
    sample: () => values,
  };
}
