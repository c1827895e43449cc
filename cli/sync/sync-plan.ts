// The sync plan, a pure function: from the rules the files define and the rules the service
// holds, the steps that make the service match the files, in the order they are applied
// (creates, updates, enables, deletes), with the rules that need nothing listed beside them.
// Rules are matched by exact name; the service's ids are never chosen by the files.
import type { CompiledRule } from "../../compiler/lower/compiled-rule.js";
import type { Rule, RuleSummary } from "../../generated/types.js";
import { differencesOf, type RuleField } from "./rule-differences.js";

/** A rule as a file defines it. */
export interface DesiredRule extends CompiledRule {
  /** The file that defines it, as printed. */
  file: string;
}

export type SyncAction = "create" | "update" | "unchanged" | "enable" | "delete" | "keep";

export interface PlanStep {
  action: SyncAction;
  /** The service's id; null for a rule still to be created (and for its enable step). */
  id: number | null;
  name: string;
  /** The defining file; null for a service rule that no file defines. */
  file: string | null;
  /** update: the fields that differ. */
  changes?: RuleField[];
  /** create and update: what is written. */
  rule?: DesiredRule;
}

export interface PlanOptions {
  /** Service rules no file defines: deleted (sync --prune), kept and listed (sync), or left out (import). */
  others: "delete" | "keep" | "ignore";
  /** An enable step for every rule of the files that is, or will be when created, disabled. */
  enable: boolean;
}

/** A name a file defines that the service holds more than once: which rule to update is unknown. */
export interface DuplicateName {
  name: string;
  ids: number[];
}

/** What the service holds: every summary, and the full rule of each one whose name a file defines. */
export interface ServiceRules {
  summaries: RuleSummary[];
  rules: Rule[];
}

export type PlanResult = { ok: true; steps: PlanStep[] } | { ok: false; duplicates: DuplicateName[] };

const APPLY_ORDER: SyncAction[] = ["create", "update", "unchanged", "enable", "delete", "keep"];

export function isWrite(step: PlanStep): boolean {
  return step.action !== "unchanged" && step.action !== "keep";
}

/** Names the files define that the service holds twice or more, with the ids holding them. */
export function duplicateNames(desired: DesiredRule[], summaries: RuleSummary[]): DuplicateName[] {
  const wanted = new Set(desired.map((r) => r.name));
  const ids = new Map<string, number[]>();
  for (const s of summaries) if (wanted.has(s.name)) ids.set(s.name, [...(ids.get(s.name) ?? []), s.id]);
  return [...ids].filter(([, list]) => list.length > 1).map(([name, list]) => ({ name, ids: list.sort((a, b) => a - b) }));
}

/** The ids of the service rules whose name a file defines: the ones the plan compares in full. */
export function rulesToRead(desired: DesiredRule[], summaries: RuleSummary[]): number[] {
  const wanted = new Set(desired.map((r) => r.name));
  return summaries.filter((s) => wanted.has(s.name)).map((s) => s.id);
}

export function planSync(desired: DesiredRule[], service: ServiceRules, options: PlanOptions): PlanResult {
  const duplicates = duplicateNames(desired, service.summaries);
  if (duplicates.length > 0) return { ok: false, duplicates };
  const byName = new Map(service.summaries.map((s) => [s.name, s]));
  const full = new Map(service.rules.map((r) => [r.id, r]));
  const steps: PlanStep[] = [];
  for (const rule of desired) {
    const summary = byName.get(rule.name);
    const { name, file } = rule;
    if (summary === undefined) {
      steps.push({ action: "create", id: null, name, file, rule });
      if (options.enable) steps.push({ action: "enable", id: null, name, file });
      continue;
    }
    const stored = full.get(summary.id);
    if (stored === undefined) throw new Error(`planSync: rule ${summary.id} ("${name}") was not read in full`);
    const changes = differencesOf(rule, stored);
    const id = summary.id;
    steps.push(changes.length > 0 ? { action: "update", id, name, file, changes, rule } : { action: "unchanged", id, name, file });
    if (options.enable && !summary.enabled) steps.push({ action: "enable", id, name, file });
  }
  if (options.others !== "ignore") {
    const defined = new Set(desired.map((r) => r.name));
    const action = options.others === "delete" ? "delete" : "keep";
    const others = service.summaries.filter((s) => !defined.has(s.name)).sort((a, b) => a.id - b.id);
    for (const s of others) steps.push({ action, id: s.id, name: s.name, file: null });
  }
  // A stable sort: within an action, the files' order (or the service's ids) is kept.
  return { ok: true, steps: steps.sort((a, b) => APPLY_ORDER.indexOf(a.action) - APPLY_ORDER.indexOf(b.action)) };
}
