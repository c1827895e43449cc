// What the engine needs of the point plane. The site model is resolved once per (re)load into a
// dense table: every declared point gets an index, so the hot path reads a Float64Array slot
// instead of hashing (instance, point_type, point).
import type { PointRef } from "../../generated/types.js";

export type { PointRef };

/** A declared point, resolved. */
export interface PointInfo {
  /** Dense index of the point in the live table (0 .. size-1). */
  index: number;
  /** The point's name in the site model, for humans. */
  name: string;
  unit: string;
  /** The range a written value must lie in; -Infinity / Infinity when the site sets no bound. */
  min: number;
  max: number;
}

/** Resolves point references against the site model; pure and synchronous. */
export interface PointCatalog {
  /** The declared point, or undefined when the site declares no such point. */
  lookup(ref: PointRef): PointInfo | undefined;
  /** Number of declared points (the size of the live table and of the subscription bitmap). */
  readonly size: number;
}

/** A point-watch event: published when a subscribed point is written; it carries the new value. */
export interface PointEvent {
  index: number;
  value: number;
  /** Epoch milliseconds of the write. */
  at: number;
}
