// The `rule/shared-write` warnings of `svc compile` (issue 17.3): an action point that more than
// one rule of a pack writes. Both rules run, and whichever writes last wins, so each writer gets
// a warning at its own write naming the point, the other writers (file:line) and whether their
// priorities order them. Rules are grouped by the site.yaml they compiled against (a pack); rules
// without one form one group for the run.
import { pointUsage, sharedWrites } from "../compiler/site/point-usage.js";
import type { SiteIndex, SiteRef } from "../compiler/site/site-index.js";
import type { Diagnostic, SourceSpan } from "../generated/types.js";
import { fileRules, type FileRule } from "./file-rules.js";
import { pointLabel } from "../compiler/site/point-label.js";
import { locateRules } from "./rule-locations.js";
import type { FileResult } from "./source-files.js";

/** Adds a `rule/shared-write` warning to the file of each rule that writes an action point another rule of its pack writes. */
export function addSharedWriteWarnings(results: readonly FileResult[]): void {
  const packs = new Map<string, FileRule[]>();
  for (const rule of fileRules(results)) {
    const key = rule.result.site?.path ?? "";
    packs.set(key, [...(packs.get(key) ?? []), rule]);
  }
  for (const rules of packs.values()) {
    const site = rules[0]!.result.site?.index;
    const usage = pointUsage(rules);
    for (const { ref, writers } of sharedWrites(usage)) {
      const places = writers.map((rule) => ({ rule, span: locateRules(rule.result, site).write(rule.name, ref) }));
      for (const { rule, span } of places) {
        const others = places.filter((p) => p.rule !== rule);
        rule.result.diagnostics.push(sharedWrite(site, ref, rule, span, others));
      }
    }
  }
}

function sharedWrite(site: SiteIndex | undefined, ref: SiteRef, rule: FileRule, span: SourceSpan, others: Array<{ rule: FileRule; span: SourceSpan }>): Diagnostic {
  // At most a few others by name: a point many rules write must not make each warning as long as the pack.
  const names = others.slice(0, NAMED).map((o) => `"${o.rule.name}" (${o.rule.result.file}:${o.span.start.line}, priority ${o.rule.priority})`);
  if (others.length > NAMED) names.push(`${others.length - NAMED} more rules`);
  const message = `${pointLabel(site, ref)} is also written by ${list(names)}; ${priorityNote([rule, ...others.map((o) => o.rule)])}`;
  return { code: "rule/shared-write", severity: "warning", message, span };
}

const NAMED = 5;

function priorityNote(writers: FileRule[]): string {
  const priorities = writers.map((w) => w.priority);
  const distinct = [...new Set(priorities)];
  if (distinct.length === 1) return `same priority ${priorities[0]}: which one writes last is not defined`;
  // This rule's priority first, then the others' distinct ones, highest first.
  const shown = writers.length === 2 ? priorities : [priorities[0]!, ...distinct.filter((p) => p !== priorities[0]).sort((a, b) => b - a)];
  const text = shown.length > NAMED + 1 ? [...shown.slice(0, NAMED + 1).map(String), "..."] : shown.map(String);
  return `priorities ${list(text)}: the higher runs first when ${writers.length === 2 ? "both are" : "several are"} due`;
}

function list(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
