// Which (segment, feature) pairs are populated (spec: Processing frame, provenance): present with
// at least one non-null value; a static feature counts when its value is not null.
import type { ProvenanceEntry } from "../../../../generated/types.js";
import { segmentOf, type FrameScope } from "./frame-scope.js";

export type PairState = "absent" | "all-missing" | "populated";

export function pairState(scope: FrameScope, segment: ProvenanceEntry["segment"], feature: string): PairState {
  if (segment === "static_features") {
    const value = scope.frame.static_features?.[feature];
    return value === undefined ? "absent" : value.value === null ? "all-missing" : "populated";
  }
  const series = segmentOf(scope, segment)?.features[feature];
  if (series === undefined) return "absent";
  const values = series.values;
  for (let i = 0; i < values.length; i++) if (values[i] !== null) return "populated";
  return "all-missing";
}

/** A key for one pair; feature names cannot hold a space. */
export function pairKey(segment: string, feature: string): string {
  return `${segment} ${feature}`;
}
