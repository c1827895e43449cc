// Point history as frame input: for each bound point, the stored samples of the history window
// (as_of - N c, as_of] (grid rules 1 and 2: nothing after as_of is read), as raw samples in the
// order the store returns them (ascending event time; that order is their write order `seq`: the
// store keeps one sample per point and millisecond). The store is injected: run this inside
// Store.readSnapshot so that every read of one frame sees one state (grid rule 6).
import type { PointHistoryStore, PointKey } from "../../store/store.js";
import type { RawSample } from "../frame/frame-input.js";

export type PointRangeReader = Pick<PointHistoryStore, "range">;

export interface HistoryWindow {
  /** Epoch ms, on the cadence grid. */
  asOf: number;
  historySteps: number;
  cadenceMs: number;
}

/** The first and last instant the history window reads, both inclusive: (as_of - N c, as_of]. */
export function historyReadRange({ asOf, historySteps, cadenceMs }: HistoryWindow): { from: number; to: number } {
  return { from: asOf - historySteps * cadenceMs + 1, to: asOf };
}

export async function readMeasurementSnapshot(store: PointRangeReader, refs: Readonly<Record<string, PointKey>>, window: HistoryWindow): Promise<Record<string, RawSample[]>> {
  const { from, to } = historyReadRange(window);
  const out: Record<string, RawSample[]> = {};
  // One after another: inside a transaction the reads share its one connection anyway.
  for (const [feature, ref] of Object.entries(refs)) {
    const rows = await store.range(ref, from, to);
    out[feature] = rows.map((row, seq) => ({ t: row.at, v: row.value, seq }));
  }
  return out;
}
