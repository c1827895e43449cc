// What `svc points` prints (issue 17.3): the site's points in site-file order with unit, range and
// the rules that read, watch or write each, then the points rules use that the site does not
// declare. One shape for a pack (rules named by file and line) and for GET /api/site/points
// (rules named by id): the JSON of --json, and the table made from it. Pure.
import { pointUsage } from "../compiler/site/point-usage.js";
import { refText, type SiteIndex, type SiteRef } from "../compiler/site/site-index.js";
import { sitePointRows, type PointRow, type Reader, type UndeclaredRow, type Writer } from "../compiler/site/site-points.js";
import type { FileRule } from "./file-rules.js";
import { namedPoint } from "../compiler/site/point-label.js";
import { locateRules } from "./rule-locations.js";
import { formatTable } from "./table.js";

/** A stored rule (`rule_id`, from the service) or a rule of a pack's file (`file`, `line`). */
export interface RuleAt {
  rule_id?: number;
  file?: string;
  line?: number;
  rule: string;
}

export type PointReader = Reader<RuleAt>;
export type PointWriter = Writer<RuleAt>;
export type SitePointRow = PointRow<RuleAt>;
/** A point some rule uses that the site does not declare. */
export type UndeclaredPoint = UndeclaredRow<RuleAt>;

export interface SitePointsReport {
  points: SitePointRow[];
  undeclared?: UndeclaredPoint[];
}

/** The report of a pack: its site's points and the usage of its compiled rule files. */
export function packPointsReport(site: SiteIndex, rules: readonly FileRule[]): SitePointsReport {
  const at = (rule: FileRule): RuleAt => ({ file: rule.result.file, line: locateRules(rule.result, site).rule(rule.name).start.line, rule: rule.name });
  return sitePointRows(site, pointUsage(rules), at);
}

/** The report as tables for people: the site's points, then the undeclared ones (when any). */
export function pointsText(report: SitePointsReport): string {
  const ids = new Map<string, Set<number>>();
  for (const p of report.points) ids.set(p.instance_name, (ids.get(p.instance_name) ?? new Set()).add(p.instance));
  const rows = report.points.map((p) => {
    const ref: SiteRef = { instance: p.instance, point_type: p.point_type, point: p.point };
    const name = namedPoint({ key: p.instance_key, name: p.instance_name, nameUnique: ids.get(p.instance_name)!.size === 1 }, p.name) ?? refText(ref);
    return [name, refText(ref), p.unit === "" ? "-" : p.unit, range(p.min, p.max), readBy(p.readers), writtenBy(p.writers)];
  });
  const parts = [formatTable(["POINT", "REF", "UNIT", "RANGE", "READ BY", "WRITTEN BY"], rows)];
  const shared = report.points.filter((p) => new Set(p.writers.map(ruleKey)).size > 1).length;
  parts.push(`${report.points.length} points${shared > 0 ? `; ${shared} written by more than one rule` : ""}\n`);
  const undeclared = report.undeclared ?? [];
  if (undeclared.length > 0) {
    parts.push(`\nPoints the rules use that the site does not declare:\n`);
    parts.push(formatTable(["REF", "READ BY", "WRITTEN BY"], undeclared.map((u) => [u.ref, readBy(u.readers), writtenBy(u.writers)])));
  }
  return parts.join("");
}

function range(min: number | null, max: number | null): string {
  return min === null && max === null ? "-" : `${min ?? ""}..${max ?? ""}`;
}

function ruleKey(r: RuleAt): string {
  return r.rule_id !== undefined ? `#${r.rule_id}` : `${r.file ?? ""}\n${r.rule}`;
}

// A rule both reading and watching a point is named once, as watching it.
function readBy(readers: readonly PointReader[]): string {
  const watching = new Set(readers.filter((r) => r.access === "trigger").map(ruleKey));
  const seen = new Set<string>();
  const names: string[] = [];
  for (const r of readers) {
    const key = ruleKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(watching.has(key) ? `${r.rule} (on_change)` : r.rule);
  }
  return names.length === 0 ? "-" : names.join(", ");
}

function writtenBy(writers: readonly PointWriter[]): string {
  if (writers.length === 0) return "-";
  if (writers.length === 1) return writers[0]!.rule;
  return `${writers.length} WRITERS: ${writers.map((w) => `${w.rule} (priority ${w.priority})`).join(", ")}`;
}
