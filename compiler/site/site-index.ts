// The site model as the compiler sees it: every declared point by reference and by name, for the
// site-aware checks of compileFlow (issue 17) and for resolving named points in rule files. Built
// once per site (a pack's site.yaml, the service's loaded site) and shared by every rule compiled
// against it: lookups are hash hits, never scans. Pure. A site with semantic errors still indexes:
// the first declaration of a duplicate wins (the site's own checks report the others).
import type { PointType, SiteInstance, SiteModel, SitePoint } from "../../generated/types.js";

/** A point reference as flows write it. */
export interface SiteRef {
  instance: number;
  point_type: PointType;
  point: number;
}

/** A declared point with what the checks need; ranges are -Infinity / Infinity when unbounded. */
export interface SitePointEntry {
  ref: SiteRef;
  instance: SiteInstance;
  declared: SitePoint;
  name: string;
  unit: string;
  min: number;
  max: number;
  /** Actions: the measurement of the same instance that shows the written value. */
  readsBack?: SiteRef;
}

/** What a name given for an instance (a key, or a name in quotes) resolves to. */
export type InstanceLookup = { found: SiteInstance } | { ambiguous: SiteInstance[] } | { missing: true };

export interface SiteIndex {
  readonly site: SiteModel;
  /** Every declared point, in file order (duplicates left out). */
  readonly points: readonly SitePointEntry[];
  lookup(ref: SiteRef): SitePointEntry | undefined;
  instance(id: number): SiteInstance | undefined;
  /** An instance by its `key` (`ahu1`); with `quoted`, by its `name` (`"AHU-1"`). */
  findInstance(name: string, quoted: boolean): InstanceLookup;
  /** A point of an instance by its name (names are unique within an instance, across types). */
  pointNamed(instance: SiteInstance, name: string): SitePointEntry | undefined;
  /** Every key and every name of an instance, for "did you mean". */
  readonly instanceNames: readonly string[];
}

export function refKey(ref: SiteRef): string {
  return `${ref.point_type} ${ref.instance} ${ref.point}`;
}

/** `measurement(7, 1)`: a point as the DSL writes it, for messages. */
export function refText(ref: SiteRef): string {
  return `${ref.point_type}(${ref.instance}, ${ref.point})`;
}

export function indexSite(site: SiteModel): SiteIndex {
  const byRef = new Map<string, SitePointEntry>();
  // The same entries by type, instance and point, for lookups without building a key string.
  const byNumbers = new Map<string, Map<number, Map<number, SitePointEntry>>>();
  const byName = new Map<SiteInstance, Map<string, SitePointEntry>>();
  const byId = new Map<number, SiteInstance>();
  const byKey = new Map<string, SiteInstance>();
  const byInstanceName = new Map<string, SiteInstance[]>();
  const points: SitePointEntry[] = [];
  for (const instance of site.instances) {
    if (!byId.has(instance.id)) byId.set(instance.id, instance);
    if (instance.key !== undefined && !byKey.has(instance.key)) byKey.set(instance.key, instance);
    byInstanceName.set(instance.name, [...(byInstanceName.get(instance.name) ?? []), instance]);
    const names = new Map<string, SitePointEntry>();
    byName.set(instance, names);
    for (const declared of instance.points) {
      const ref: SiteRef = { instance: instance.id, point_type: declared.type, point: declared.point };
      if (byRef.has(refKey(ref))) continue;
      const entry: SitePointEntry = { ref, instance, declared, name: declared.name, unit: declared.unit, min: declared.min ?? -Infinity, max: declared.max ?? Infinity };
      if (declared.type === "action" && declared.reads_back !== undefined) entry.readsBack = { instance: instance.id, point_type: "measurement", point: declared.reads_back };
      byRef.set(refKey(ref), entry);
      byNumbersOf(byNumbers, ref).set(ref.point, entry);
      if (!names.has(declared.name)) names.set(declared.name, entry);
      points.push(entry);
    }
  }
  const instanceNames = [...byKey.keys(), ...byInstanceName.keys()];
  return {
    site,
    points,
    instanceNames,
    // a miss (or a ref of other than numbers) asks the map by key, the one authority
    lookup: (ref) => byNumbers.get(ref.point_type)?.get(ref.instance)?.get(ref.point) ?? byRef.get(refKey(ref)),
    instance: (id) => byId.get(id),
    findInstance(name, quoted) {
      if (!quoted) {
        const found = byKey.get(name);
        return found === undefined ? { missing: true } : { found };
      }
      const named = byInstanceName.get(name) ?? [];
      if (named.length === 1) return { found: named[0]! };
      return named.length === 0 ? { missing: true } : { ambiguous: named };
    },
    pointNamed: (instance, name) => byName.get(instance)?.get(name),
  };
}

function byNumbersOf(byNumbers: Map<string, Map<number, Map<number, SitePointEntry>>>, ref: SiteRef): Map<number, SitePointEntry> {
  let instances = byNumbers.get(ref.point_type);
  if (instances === undefined) byNumbers.set(ref.point_type, (instances = new Map()));
  let points = instances.get(ref.instance);
  if (points === undefined) instances.set(ref.instance, (points = new Map()));
  return points;
}
