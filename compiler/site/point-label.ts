// How messages, `svc compile` and `svc points` name a point for people: as rule files may write it by name
// (`ahu1.cooling_stage` by the instance's key, `"AHU-1".cooling_stage` by its name when that is
// unique), with the numbers beside it in messages (`ahu1.cooling_stage (action(7, 1))`).
import { refText, type SiteIndex, type SiteRef } from "./site-index.js";

/** `key.point`, `"Instance name".point`, or undefined when the instance has neither a key nor a name of its own. */
export function namedPoint(instance: { key?: string | null; name: string; nameUnique: boolean }, point: string): string | undefined {
  if (instance.key !== undefined && instance.key !== null) return `${instance.key}.${point}`;
  return instance.nameUnique ? `${JSON.stringify(instance.name)}.${point}` : undefined;
}

/** The point's name as the site gives it, or undefined when the site does not declare it (or cannot name it). */
export function sitePointName(site: SiteIndex, ref: SiteRef): string | undefined {
  const entry = site.lookup(ref);
  if (entry === undefined) return undefined;
  const nameUnique = "found" in site.findInstance(entry.instance.name, true);
  return namedPoint({ key: entry.instance.key, name: entry.instance.name, nameUnique }, entry.name);
}

/** `ahu1.cooling_stage (action(7, 1))` with a site that names the point, else `action(7, 1)`. */
export function pointLabel(site: SiteIndex | undefined, ref: SiteRef): string {
  const name = site === undefined ? undefined : sitePointName(site, ref);
  return name === undefined ? refText(ref) : `${name} (${refText(ref)})`;
}
