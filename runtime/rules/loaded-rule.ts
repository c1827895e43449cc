// Turns stored rules into what the scheduler runs: compiled once per load against the site's
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

/** What loading reads of a stored rule: a full rule, or the reload's read without the editor document. */
export type StoredForLoad = Pick<Rule, "id" | "name" | "enabled" | "priority" | "cooldown_ms" | "trigger_config" | "nodes_json">;

/** One stored rule loaded: what the scheduler holds, and the engine's own findings. */
export interface RuleLoad {
  /** Undefined when the rule could not be loaded (excluded: it will not run). */
  held?: HeldRule;
  /** The topology's diagnostics when it does not compile; trigger points the site does not declare otherwise. */
  diagnostics: Diagnostic[];
}

/**
 * An enabled rule compiled, with its trigger resolved; a disabled rule's trigger only (never
 * compiled: it is not run). A topology that does not compile leaves the rule out.
 */
export function loadStored(rule: StoredForLoad, catalog: PointCatalog, executable?: ExecutableRule): RuleLoad {
  if (!rule.enabled) return { held: disabledRule(rule, catalog), diagnostics: [] };
  // `executable`: the rule's topology as compiled before, when the caller knows it is unchanged.
  const compiled = executable !== undefined ? { ok: true as const, rule: executable } : compileRule(rule.nodes_json, catalog);
  if (!compiled.ok) return { diagnostics: compiled.diagnostics };
  const { trigger, unknownPoints } = toScheduledTrigger(rule.trigger_config, rule.cooldown_ms, (ref) => catalog.lookup(ref)?.index);
  const held: LoadedRule = { id: rule.id, name: rule.name, priority: rule.priority, cooldownMs: rule.cooldown_ms, enabled: true, trigger, executable: compiled.rule };
  const diagnostics = unknownPoints.map(
    (ref): Diagnostic => ({
      code: "runtime/unknown-trigger-point",
      severity: "warning",
      message: `trigger point ${pointRefText(ref)} is not declared in the site model; its changes never trigger the rule`,
      path: "/trigger_config/point_refs",
    }),
  );
  return { held, diagnostics };
}

/**
 * The rule's problem from its load and the site checks' diagnostics of its stored flow
 * (stored-rule-checks.ts), if it has one: an excluded rule's topology diagnostics come first; a
 * loaded rule's site diagnostics come before the engine's warnings, which are left out when the
 * site checks name an undeclared trigger point themselves (point/unknown-trigger-point).
 */
export function problemOf(rule: { id: number; name: string }, load: RuleLoad, site: readonly Diagnostic[]): RuleProblem | undefined {
  if (load.held === undefined) return { ruleId: rule.id, name: rule.name, excluded: true, diagnostics: [...load.diagnostics, ...site] };
  const siteSaysTrigger = site.some((d) => d.code === "point/unknown-trigger-point");
  const diagnostics = siteSaysTrigger ? [...site] : [...site, ...load.diagnostics];
  return diagnostics.length === 0 ? undefined : { ruleId: rule.id, name: rule.name, excluded: false, diagnostics };
}

/** One rule loaded as the runtime loads it (a manual execution, `svc test`): `site`, its site checks' diagnostics. */
export function loadRule(rule: StoredForLoad, catalog: PointCatalog, site: readonly Diagnostic[] = []): { loaded?: LoadedRule; problem?: RuleProblem } {
  const load = loadStored({ ...rule, enabled: true }, catalog);
  const problem = problemOf(rule, load, site);
  if (load.held === undefined) return problem === undefined ? {} : { problem };
  const loaded = { ...(load.held as LoadedRule), enabled: rule.enabled };
  return problem === undefined ? { loaded } : { loaded, problem };
}

/** A disabled rule's trigger, resolved as an enabled rule's would be (unknown points left out). */
function disabledRule(rule: StoredForLoad, catalog: PointCatalog): DisabledRule {
  const { trigger } = toScheduledTrigger(rule.trigger_config, rule.cooldown_ms, (ref) => catalog.lookup(ref)?.index);
  return { id: rule.id, name: rule.name, priority: rule.priority, cooldownMs: rule.cooldown_ms, enabled: false, trigger };
}
