// A point as a scenario file names it — `zone1.room_temp`, `"Zone 1 controller".room_temp`,
// `measurement(12, 3)`, `action(7, 1)`: the DSL's text — resolved against the pack's site to its
// index in the point catalog, with "did you mean" when it does not resolve. ScenarioPoint.text is
// the name people use (the site's name of the point, else the numeric form).
import { closestName } from "../generated/index.js";
import { didYouMean } from "../compiler/diagnostics/diagnostic.js";
import { sitePointName } from "../compiler/site/point-label.js";
import { refKey, refText, type SiteIndex, type SiteRef } from "../compiler/site/site-index.js";
import type { ScenarioPoint } from "./scenario-model.js";

const NUMERIC = /^\s*(measurement|action)\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$/;
const NAMED = /^\s*([A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\\n\r]|\\.)*")\.([A-Za-z_][A-Za-z0-9_]*)\s*$/;
const LISTED = 8;

export type PointResolution = { point: ScenarioPoint; ref: SiteRef } | { code: string; message: string; suggestion?: string };

/** The site's points by reference key, with their catalog index (the site's file order). */
export interface ScenarioSite {
  index: SiteIndex;
  /** refKey -> dense index, as the point catalog numbers points. */
  indexOf: ReadonlyMap<string, number>;
  /** Every point of the catalog as people name it, by index. */
  points: readonly ScenarioPoint[];
}

export function scenarioSite(index: SiteIndex): ScenarioSite {
  const indexOf = new Map<string, number>();
  const points = index.points.map((entry, i): ScenarioPoint => {
    indexOf.set(refKey(entry.ref), i);
    return { index: i, text: sitePointName(index, entry.ref) ?? refText(entry.ref) };
  });
  return { index, indexOf, points };
}

export function resolvePoint(text: string, site: ScenarioSite): PointResolution {
  const numeric = NUMERIC.exec(text);
  if (numeric !== null) {
    const ref: SiteRef = { point_type: numeric[1] as SiteRef["point_type"], instance: Number(numeric[2]), point: Number(numeric[3]) };
    const index = site.indexOf.get(refKey(ref));
    if (index === undefined) return { code: "scenario/unknown-point", message: `the site declares no point ${refText(ref)}`, ...nearNumbered(ref, site) };
    return { point: site.points[index]!, ref };
  }
  const named = NAMED.exec(text);
  if (named === null) return { code: "scenario/invalid-point", message: `'${text}' is not a point: write key.point, "Instance name".point, measurement(i, p) or action(i, p)` };
  const quoted = named[1]!.startsWith('"');
  const instanceName = quoted ? (JSON.parse(named[1]!) as string) : named[1]!;
  const pointName = named[2]!;
  const lookup = site.index.findInstance(instanceName, quoted);
  if ("ambiguous" in lookup) {
    return { code: "scenario/ambiguous-instance", message: `${lookup.ambiguous.length} instances are named ${JSON.stringify(instanceName)}: write the point by key or by number` };
  }
  if ("missing" in lookup) {
    const other = site.index.findInstance(instanceName, !quoted);
    const shown = (name: string, asKey: boolean): string => (asKey ? name : JSON.stringify(name));
    const meant = "found" in other ? shown(instanceName, !quoted) : closestName(instanceName, site.index.instanceNames);
    const meantText = meant === undefined ? undefined : "found" in other ? meant : shown(meant, "found" in site.index.findInstance(meant, false));
    const message = quoted ? `the site has no instance named ${JSON.stringify(instanceName)}` : `the site has no instance with the key '${instanceName}'`;
    return { code: "scenario/unknown-point", message, ...(meantText === undefined ? {} : { suggestion: didYouMean(`${meantText}.${pointName}`)! }) };
  }
  const instance = lookup.found;
  const entry = site.index.pointNamed(instance, pointName);
  if (entry === undefined) {
    const names = instance.points.map((p) => p.name);
    const near = closestName(pointName, names);
    const written = quoted ? JSON.stringify(instanceName) : instanceName;
    const listed = names.length === 0 ? `instance ${instance.id} has no points` : `its points are ${names.slice(0, LISTED).join(", ")}${names.length > LISTED ? ", ..." : ""}`;
    return { code: "scenario/unknown-point", message: `instance ${instance.id} (${instance.name}) has no point named '${pointName}'`, suggestion: didYouMean(near && `${written}.${near}`) ?? listed };
  }
  return { point: site.points[site.indexOf.get(refKey(entry.ref))!]!, ref: entry.ref };
}

// `measurement(12, 4)` where the instance has measurement 3: name the instance's points of that type.
function nearNumbered(ref: SiteRef, site: ScenarioSite): { suggestion?: string } {
  const instance = site.index.instance(ref.instance);
  if (instance === undefined) return {};
  const same = instance.points.filter((p) => p.type === ref.point_type).map((p) => refText({ instance: ref.instance, point_type: p.type, point: p.point }));
  return same.length === 0 ? {} : { suggestion: `instance ${ref.instance} (${instance.name}) has ${same.slice(0, LISTED).join(", ")}` };
}
