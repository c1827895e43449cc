// The site model resolved into dense point indices: index i is the i-th point of the site in file
// order. Built once per (re)load; lookup hashes a string, which is fine at rule-compile time, and
// the hot path works on indices only. A site with semantic errors still resolves: the first
// declaration of a duplicate point wins (checkSite reports the others).
import type { PointSimulation, PointType, SiteInstance, SiteModel, SitePoint } from "../../generated/types.js";
import type { PointCatalog, PointInfo, PointRef } from "./point-table.js";
import { pointRefText } from "./point-text.js";
import { assignSlots } from "./slots.js";

/** A declared point with everything the point plane needs to read, write and simulate it. */
export interface CatalogPoint extends PointInfo {
  readonly ref: Readonly<PointRef>;
  /** `measurement(7, 1)`, for messages. */
  readonly text: string;
  /** The channel the point's instance is routed to (possibly one the site does not declare). */
  readonly channel: string;
  /** The point's slot on its channel (see slots.ts). */
  readonly slot: number;
  /** Actions: index of the measurement that shows the written value; -1 when none. */
  readonly readsBack: number;
  /** The value at start; NaN when the point starts unavailable. */
  readonly initial: number;
  readonly simulate: PointSimulation | undefined;
}

export interface SiteCatalog extends PointCatalog {
  lookup(ref: PointRef): CatalogPoint | undefined;
  /** Every declared point, by index. */
  readonly points: readonly CatalogPoint[];
}

export function createPointCatalog(site: SiteModel): SiteCatalog {
  const slots = assignSlots(site);
  const declarations: Array<{ instance: SiteInstance; declared: SitePoint; slot: number }> = [];
  const indexOf = new Map<string, number>();
  site.instances.forEach((instance, i) => {
    instance.points.forEach((declared, j) => {
      const key = keyOf(instance.id, declared.type, declared.point);
      if (indexOf.has(key)) return;
      indexOf.set(key, declarations.length);
      declarations.push({ instance, declared, slot: slots[i]![j]! });
    });
  });
  const points = declarations.map(({ instance, declared, slot }, index): CatalogPoint => {
    const ref = { instance: instance.id, point_type: declared.type, point: declared.point };
    const readsBack = declared.type === "action" && declared.reads_back !== undefined ? indexOf.get(keyOf(instance.id, "measurement", declared.reads_back)) : undefined;
    return {
      index,
      name: declared.name,
      unit: declared.unit,
      min: declared.min ?? -Infinity,
      max: declared.max ?? Infinity,
      ref,
      text: pointRefText(ref),
      channel: instance.channel,
      slot,
      readsBack: readsBack ?? -1,
      initial: declared.initial ?? NaN,
      simulate: declared.type === "measurement" ? declared.simulate : undefined,
    };
  });
  return {
    size: points.length,
    points,
    lookup(ref) {
      const index = indexOf.get(keyOf(ref.instance, ref.point_type, ref.point));
      return index === undefined ? undefined : points[index];
    },
  };
}

function keyOf(instance: number, type: PointType, point: number): string {
  return `${type} ${instance} ${point}`;
}
