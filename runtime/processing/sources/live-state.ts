// Read-only live state for the live tail (grid rule 5): a point's current value and the time it
// was set, read from the point plane's live table without writing anything. An unavailable point
// (NaN, the live table's sentinel) or one never set has no live value.
import type { PointKey } from "../../store/store.js";
import type { LiveValue } from "../frame/frame-input.js";

export interface LiveStateReader {
  /** The point's live value and its time (epoch ms); undefined when unavailable or undeclared. */
  read(ref: PointKey): LiveValue | undefined;
}

/** The part of the point plane (runtime/points/point-plane.ts) a live read needs: lookups and reads only. */
export interface LivePlaneView {
  readonly catalog: { lookup(ref: PointKey): { index: number } | undefined };
  readonly live: { get(index: number): number; timeOf(index: number): number };
}

export function createLiveStateReader(plane: LivePlaneView): LiveStateReader {
  return {
    read(ref) {
      const point = plane.catalog.lookup(ref);
      if (point === undefined) return undefined;
      const v = plane.live.get(point.index);
      const t = plane.live.timeOf(point.index);
      return Number.isFinite(v) && Number.isFinite(t) ? { t, v } : undefined;
    },
  };
}

/** The live values of the given features' points; features without one are left out. */
export function readLiveSnapshot(reader: LiveStateReader, refs: Readonly<Record<string, PointKey>>): Record<string, LiveValue> {
  const out: Record<string, LiveValue> = {};
  for (const [feature, ref] of Object.entries(refs)) {
    const value = reader.read(ref);
    if (value !== undefined) out[feature] = value;
  }
  return out;
}
