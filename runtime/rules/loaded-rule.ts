// Turns stored rules into what the scheduler runs: compiled once per reload against the site's
// catalog, triggers resolved to point indices. Pure. A rule whose stored topology does not
// compile is left out and reported; unknown trigger points are reported beside a loaded rule.
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

export interface RuleProblem {
  ruleId: number;
  name: string;
  /** True when the rule could not be loaded at all (it will not run). */
  excluded: boolean;
  diagnostics: Diagnostic[];
}

export function loadRule(rule: Rule, catalog: PointCatalog): { loaded?: LoadedRule; problem?: RuleProblem } {
  const compiled = compileRule(rule.nodes_json, catalog);
  if (!compiled.ok) return { problem: { ruleId: rule.id, name: rule.name, excluded: true, diagnostics: compiled.diagnostics } };
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
  if (unknownPoints.length === 0) return { loaded };
  const diagnostics = unknownPoints.map(
    (ref): Diagnostic => ({
      code: "runtime/unknown-trigger-point",
      severity: "warning",
      message: `trigger point ${pointRefText(ref)} is not declared in the site model; its changes never trigger the rule`,
      path: "/trigger_config/point_refs",
    }),
  );
  return { loaded, problem: { ruleId: rule.id, name: rule.name, excluded: false, diagnostics } };
}

export function loadRules(rules: readonly Rule[], catalog: PointCatalog): { rules: LoadedRule[]; problems: RuleProblem[] } {
  const loaded: LoadedRule[] = [];
  const problems: RuleProblem[] = [];
  for (const rule of rules) {
    const result = loadRule(rule, catalog);
    if (result.loaded !== undefined) loaded.push(result.loaded);
    if (result.problem !== undefined) problems.push(result.problem);
  }
  return { rules: loaded, problems };
}
