// GET /api/site/points (issue 17): the loaded site's points in site-file order, each with the
// stored rules that read, watch or write it, and the points rules use that the site does not
// declare. The usage comes from the runtime, computed once per reload (rule-runtime.ts
// pointUsage); the rows are the compiler's, the shape `svc points PACK` prints too. Pure.
import type { SitePoints } from "../../generated/types.js";
import type { PointUsage, SiteIndex } from "../../compiler/index.js";
import { sitePointRows } from "../../compiler/site/site-points.js";
import type { StoredUsageRule } from "./rule-runtime.js";

export function sitePoints(site: SiteIndex, usage: ReadonlyMap<string, PointUsage<StoredUsageRule>>): SitePoints {
  // Stored rules are listed by id, so each point's rules are in id order.
  return sitePointRows(site, usage, (rule) => ({ rule_id: rule.id, rule: rule.name }));
}
