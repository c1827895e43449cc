// GET /api/site/points (issue 17): the loaded site's points in site-file order, each with the
// stored rules that read, watch or write it, and the uses of points the site does not declare.
// Pure: the usage comes from the runtime, computed once per reload (rule-runtime.ts pointUsage).
import type { PointReader, PointWriter, SitePointUsage, SitePoints, UndeclaredPointUse } from "../../generated/types.js";
import { refKey, refText, type PointUsage, type SiteIndex } from "../../compiler/index.js";
import type { StoredUsageRule } from "./rule-runtime.js";

export function sitePoints(site: SiteIndex, usage: ReadonlyMap<string, PointUsage<StoredUsageRule>>): SitePoints {
  const points = site.points.map((entry): SitePointUsage => {
    const uses = usage.get(refKey(entry.ref))?.uses ?? [];
    return {
      instance: entry.ref.instance,
      instance_name: entry.instance.name,
      instance_key: entry.instance.key ?? null,
      point_type: entry.ref.point_type,
      point: entry.ref.point,
      name: entry.name,
      unit: entry.unit,
      min: Number.isFinite(entry.min) ? entry.min : null,
      max: Number.isFinite(entry.max) ? entry.max : null,
      readers: byRuleId(uses.flatMap((u) => (u.access === "write" ? [] : [{ rule_id: u.rule.id, rule: u.rule.name, access: u.access } satisfies PointReader]))),
      writers: byRuleId(uses.flatMap((u) => (u.access === "write" ? [{ rule_id: u.rule.id, rule: u.rule.name, priority: u.rule.priority } satisfies PointWriter] : []))),
    };
  });
  const undeclared: UndeclaredPointUse[] = [];
  for (const { ref, uses } of usage.values()) {
    if (site.lookup(ref) !== undefined) continue;
    for (const u of byRuleId(uses.map((use) => ({ rule_id: use.rule.id, rule: use.rule.name, access: use.access })))) {
      undeclared.push({ ref: refText(ref), instance: ref.instance, point_type: ref.point_type, point: ref.point, ...u });
    }
  }
  undeclared.sort((a, b) => a.instance - b.instance || a.point_type.localeCompare(b.point_type) || a.point - b.point || a.rule_id - b.rule_id);
  return { points, undeclared };
}

function byRuleId<T extends { rule_id: number }>(items: T[]): T[] {
  return items.sort((a, b) => a.rule_id - b.rule_id);
}
