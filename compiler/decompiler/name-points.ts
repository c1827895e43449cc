// Points of a decompiled rule written by the names the site gives them (issue 17.2): `ahu1.cooling_stage`
// when the instance has a key, `"AHU-1".cooling_stage` when its name is unique, else numbers, as
// are points the site does not declare. Each name is one that resolves back to the same point, so
// compiling the text with the same site gives the same nodes_json.
import type { PointRef, PointSource, RuleDecl } from "../../grammar/rule/ast.js";
import { NO_SPAN } from "../../grammar/rule/ast.js";
import { mapPoints } from "../../grammar/rule/walk.js";
import type { SiteIndex } from "../site/site-index.js";

// Words the expression language reserves: a key or a point name spelt so would not parse as one.
const RESERVED = new Set(["true", "false", "and", "or", "not"]);

export function nameSitePoints(rule: RuleDecl, site: SiteIndex): RuleDecl {
  return mapPoints(rule, (point) => (point.kind === "point" ? nameOf(point, site) : point));
}

function nameOf(point: PointRef, site: SiteIndex): PointSource {
  const entry = site.lookup({ instance: point.instance, point_type: point.pointType, point: point.point });
  if (entry === undefined || RESERVED.has(entry.name) || site.pointNamed(entry.instance, entry.name) !== entry) return point;
  const { key, name } = entry.instance;
  const named = { kind: "site" as const, name: entry.name, instanceSpan: NO_SPAN, nameSpan: NO_SPAN, span: NO_SPAN };
  if (key !== undefined && !RESERVED.has(key) && isFound(site.findInstance(key, false), entry.instance)) return { ...named, instance: key, quoted: false };
  if (isFound(site.findInstance(name, true), entry.instance)) return { ...named, instance: name, quoted: true };
  return point;
}

function isFound(lookup: ReturnType<SiteIndex["findInstance"]>, instance: unknown): boolean {
  return "found" in lookup && lookup.found === instance;
}
