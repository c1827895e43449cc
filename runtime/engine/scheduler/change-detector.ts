// Whether a point's new value counts as a change for an on_change rule (spec items 5 and 6).
import type { ValueDeadbandSpec } from "./types.js";

/**
 * - `change`: fires the rule (if the time deadband, cooldown and running gates allow);
 * - `same`: equal to the last value;
 * - `within_deadband`: differs, but not by more than the value deadband;
 * - `unavailable`: NaN or infinite, never a change (it marks a gap instead).
 */
export type Observation = "change" | "same" | "within_deadband" | "unavailable";

/** `last` is NaN when the point was never seen or was unavailable: the first finite value after it is a change. */
export function classify(value: number, last: number, deadband: ValueDeadbandSpec): Observation {
  if (!Number.isFinite(value)) return "unavailable";
  if (Number.isNaN(last)) return "change";
  if (value === last) return "same";
  if (deadband === null) return "change";
  // percent of a last value of 0 is a threshold of 0: any change away from 0 counts.
  const threshold = "absolute" in deadband ? deadband.absolute : (deadband.percent / 100) * Math.abs(last);
  return Math.abs(value - last) > threshold ? "change" : "within_deadband";
}

/** Equal as observations: the same number, or both unavailable. */
export function sameObservation(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}
