// Finite point values on their way to point history. The hot path appends three numbers to plain
// arrays (no object per sample); the samples are built when the runtime flushes, keyed by point
// reference, since dense indices change whenever the site does.
import type { PointRef } from "./point-table.js";

/** One historic value of a point (the shape the store's point history appends). */
export interface PointSample extends PointRef {
  /** Epoch milliseconds. */
  at: number;
  value: number;
}

/** Where flushed samples go: the store's point history. */
export interface PointHistory {
  append(samples: readonly PointSample[]): Promise<void>;
}

export interface HistoryBuffer {
  /** Keeps a sample; false (and counted in `dropped`) when the buffer is full. */
  add(index: number, value: number, at: number): boolean;
  /** The kept samples, oldest first; the buffer is empty afterwards. */
  take(): PointSample[];
  /** Samples refused because the buffer was full, since the start. */
  readonly dropped: number;
}

export function createHistoryBuffer(refs: readonly PointRef[], limit: number): HistoryBuffer {
  let indices: number[] = [];
  let values: number[] = [];
  let times: number[] = [];
  let dropped = 0;
  return {
    add(index, value, at) {
      if (indices.length >= limit) {
        dropped++;
        return false;
      }
      indices.push(index);
      values.push(value);
      times.push(at);
      return true;
    },
    take() {
      const samples = indices.map((index, i): PointSample => {
        const { instance, point_type, point } = refs[index]!;
        return { instance, point_type, point, at: times[i]!, value: values[i]! };
      });
      indices = [];
      values = [];
      times = [];
      return samples;
    },
    get dropped() {
      return dropped;
    },
  };
}
