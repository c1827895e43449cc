// The site's points with the rules that read, watch and write each, and the points rules use that
// the site does not declare: one shape for GET /api/site/points (rules by id) and `svc points
// PACK` (rules by file and line), so the CLI prints either the same way (issue 17.3, 17.4). Pure.
import type { PointType } from "../../generated/types.js";
import type { PointUsage, UsageRule } from "./point-usage.js";
import { refKey, refText, type SiteIndex, type SiteRef } from "./site-index.js";

export type Reader<A> = A & { access: "read" | "trigger" };
export type Writer<A> = A & { priority: number };

export interface PointRow<A> {
  instance: number;
  instance_name: string;
  instance_key: string | null;
  point_type: PointType;
  point: number;
  name: string;
  unit: string;
  /** null when unbounded. */
  min: number | null;
  max: number | null;
  readers: Array<Reader<A>>;
  writers: Array<Writer<A>>;
}

export interface UndeclaredRow<A> {
  /** `action(13, 9)`. */
  ref: string;
  instance: number;
  point_type: PointType;
  point: number;
  readers: Array<Reader<A>>;
  writers: Array<Writer<A>>;
}

/**
 * Every declared point in site-file order and every undeclared point in use (by instance, type and
 * number), each with its rules in the order `usage` met them; `at` says how a rule is named.
 */
export function sitePointRows<R extends UsageRule, A extends object>(
  site: SiteIndex,
  usage: ReadonlyMap<string, PointUsage<R>>,
  at: (rule: R) => A,
): { points: Array<PointRow<A>>; undeclared: Array<UndeclaredRow<A>> } {
  const users = (entry: PointUsage<R> | undefined): Pick<PointRow<A>, "readers" | "writers"> => {
    const readers: Array<Reader<A>> = [];
    const writers: Array<Writer<A>> = [];
    for (const use of entry?.uses ?? []) {
      if (use.access === "write") writers.push({ ...at(use.rule), priority: use.rule.priority });
      else readers.push({ ...at(use.rule), access: use.access });
    }
    return { readers, writers };
  };
  const points = site.points.map(
    (p): PointRow<A> => ({
      instance: p.ref.instance,
      instance_name: p.instance.name,
      instance_key: p.instance.key ?? null,
      point_type: p.ref.point_type,
      point: p.ref.point,
      name: p.name,
      unit: p.unit,
      min: Number.isFinite(p.min) ? p.min : null,
      max: Number.isFinite(p.max) ? p.max : null,
      ...users(usage.get(refKey(p.ref))),
    }),
  );
  const undeclared = [...usage.values()]
    .filter((u) => site.lookup(u.ref) === undefined)
    .sort((a, b) => compareRefs(a.ref, b.ref))
    .map((u): UndeclaredRow<A> => ({ ref: refText(u.ref), instance: u.ref.instance, point_type: u.ref.point_type, point: u.ref.point, ...users(u) }));
  return { points, undeclared };
}

function compareRefs(a: SiteRef, b: SiteRef): number {
  return a.instance - b.instance || a.point_type.localeCompare(b.point_type) || a.point - b.point;
}
