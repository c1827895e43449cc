// Turns stored rules into what the scheduler runs: compiled once per reload against the site's
// catalog, triggers resolved to point indices. Pure. A rule whose stored topology does not
// compile is left out and reported; unknown trigger points are reported beside a loaded rule, and
// so are the site checks' findings on its stored flow (issue 17): an error there (an undeclared
// point) does not stop a rule the engine can still run — its write fails at run time and is
// recorded — it is reported (docs/decisions.md, "Stored rules that no longer match the site").
import type { Diagnostic, Rule } from "../../generated/types.js";
import { compileRule, type ExecutableRule } from "../engine/compile-rule.js";
import { toScheduledTrigger } from "../engine/scheduler/index.js";
import type { ScheduledRule } from "../engine/scheduler/types.js";
import type { PointCatalog } from "../points/point-table.js";
import { pointRefText } from "../points/point-text.js";

export interface LoadedRule extends ScheduledRule {
  name: string;
  executable: ExecutableRule;
}

/**
 * A disabled rule as the scheduler holds it: its trigger only, never compiled and never run; the
 * scheduler reports its triggers as `disabled` (issue 18.4, docs/scheduler.md).
 */
export interface DisabledRule extends ScheduledRule {
  name: string;
  enabled: false;
}

/** What the runtime hands the scheduler. */
export type HeldRule = LoadedRule | DisabledRule;

export interface RuleProblem {
  ruleId: number;
  name: string;
  /** True when the rule could not be loaded at all (it will not run). */
  excluded: boolean;
  diagnostics: Diagnostic[];
}

/** `site`: the site checks' diagnostics of the stored rule (stored-rule-checks.ts), reported with the engine's own. */
export function loadRule(rule: Rule, catalog: PointCatalog, site: readonly Diagnostic[] = []): { loaded?: LoadedRule; problem?: RuleProblem } {
  const compiled = compileRule(rule.nodes_json, catalog);
  if (!compiled.ok) return { problem: { ruleId: rule.id, name: rule.name, excluded: true, diagnostics: [...compiled.diagnostics, ...site] } };
  const { trigger, unknownPoints } = toScheduledTrigger(rule.trigger_config, rule.cooldown_ms, (ref) => catalog.lookup(ref)?.index);
  const loaded: LoadedRule = {
    id: rule.id,
    name: rule.name,
    priority: rule.priority,
    cooldownMs: rule.cooldown_ms,
    enabled: rule.enabled,
    trigger,
    executable: compiled.rule,
  };
  // The site checks name an undeclared trigger point themselves (point/unknown-trigger-point).
  const siteSaysTrigger = site.some((d) => d.code === "point/unknown-trigger-point");
  const unknown = siteSaysTrigger ? [] : unknownPoints;
  if (unknown.length === 0 && site.length === 0) return { loaded };
  const diagnostics = unknown.map(
    (ref): Diagnostic => ({
      code: "runtime/unknown-trigger-point",
      severity: "warning",
      message: `trigger point ${pointRefText(ref)} is not declared in the site model; its changes never trigger the rule`,
      path: "/trigger_config/point_refs",
    }),
  );
  return { loaded, problem: { ruleId: rule.id, name: rule.name, excluded: false, diagnostics: [...site, ...diagnostics] } };
}

/**
 * Loads the enabled rules of `rules`, and the triggers of the disabled ones (`disabled`); every
 * rule with site diagnostics (`site`, by rule id) is a problem, enabled or not (a disabled rule is
 * not run, so it is never `excluded`).
 */
export function loadRules(
  rules: readonly Rule[],
  catalog: PointCatalog,
  site: ReadonlyMap<number, Diagnostic[]> = new Map(),
): { rules: LoadedRule[]; disabled: DisabledRule[]; problems: RuleProblem[] } {
  const loaded: LoadedRule[] = [];
  const disabled: DisabledRule[] = [];
  const problems: RuleProblem[] = [];
  for (const rule of rules) {
    const checked = site.get(rule.id) ?? [];
    if (!rule.enabled) {
      if (checked.length > 0) problems.push({ ruleId: rule.id, name: rule.name, excluded: false, diagnostics: checked });
      disabled.push(disabledRule(rule, catalog));
      continue;
    }
    const result = loadRule(rule, catalog, checked);
    if (result.loaded !== undefined) loaded.push(result.loaded);
    if (result.problem !== undefined) problems.push(result.problem);
  }
  return { rules: loaded, disabled, problems };
}

/** A disabled rule's trigger, resolved as an enabled rule's would be (unknown points left out). */
function disabledRule(rule: Rule, catalog: PointCatalog): DisabledRule {
  const { trigger } = toScheduledTrigger(rule.trigger_config, rule.cooldown_ms, (ref) => catalog.lookup(ref)?.index);
  return { id: rule.id, name: rule.name, priority: rule.priority, cooldownMs: rule.cooldown_ms, enabled: false, trigger };
}
