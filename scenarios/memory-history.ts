// Point history for a scenario, in memory: what `delta ... over` (period_delta) reads. The point
// plane hands it every finite value (its history path); the rule runner asks for the value at a
// time. The scenario's initial values count as held since before the start, so a delta over
// 15 minutes has a value from the first minute on.
import type { PointHistory, PointSample } from "../runtime/points/point-history.js";
import type { PointRef } from "../runtime/points/point-table.js";

export interface MemoryHistory extends PointHistory {
  /** A value held since before any time the scenario asks about. */
  seed(ref: PointRef, value: number): void;
  /** The latest value at or before `at`; NaN when there is none. */
  valueAt(ref: PointRef, at: number): number;
}

export function createMemoryHistory(): MemoryHistory {
  const series = new Map<string, { times: number[]; values: number[] }>();
  const seriesOf = (ref: PointRef): { times: number[]; values: number[] } => {
    const key = `${ref.point_type} ${ref.instance} ${ref.point}`;
    let found = series.get(key);
    if (found === undefined) series.set(key, (found = { times: [], values: [] }));
    return found;
  };
  const add = (ref: PointRef, at: number, value: number): void => {
    const { times, values } = seriesOf(ref);
    // Samples arrive in time order; one at the same time replaces the last (the later write wins).
    if (times.length > 0 && times[times.length - 1] === at) values[values.length - 1] = value;
    else {
      times.push(at);
      values.push(value);
    }
  };
  return {
    seed: (ref, value) => add(ref, -Infinity, value),
    append(samples: readonly PointSample[]) {
      for (const sample of samples) add(sample, sample.at, sample.value);
      return Promise.resolve();
    },
    valueAt(ref, at) {
      const { times, values } = seriesOf(ref);
      // The last index whose time is at or before `at`.
      let low = 0;
      let high = times.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (times[mid]! <= at) low = mid + 1;
        else high = mid;
      }
      return low === 0 ? NaN : values[low - 1]!;
    },
  };
}
