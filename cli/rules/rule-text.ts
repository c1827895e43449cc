// How rules, executions, history and variables read in a terminal. Pure: values in, text out.
import { isTopology } from "../../compiler/topology/canonical-topology.js";
import type { RuleDsl } from "../rule-dsl.js";
import type { ExecutionResult, ManualExecution, Rule, RuleProblem, RuleSummary, RuleVariables, TriggerConfig } from "../../generated/types.js";
import { plural } from "../console.js";
import { cell, formatTable } from "../table.js";

/**
 * The rules as a table. With `problems` (the scheduler status's, by rule id) naming any of them, a
 * PROBLEMS column says what the last reload found: a rule that cannot run, errors against the
 * site, warnings (issue 17).
 */
export function summariesTable(rules: RuleSummary[], problems: readonly RuleProblem[] = []): string {
  if (rules.length === 0) return "no rules (svc sync PACK --confirmed or svc rules create ... --confirmed adds some)\n";
  const byId = new Map(problems.map((p) => [p.ruleId, p]));
  if (!rules.some((r) => byId.has(r.id))) {
    return formatTable(
      ["ID", "NAME", "ENABLED", "DESCRIPTION"],
      rules.map((r) => [String(r.id), cell(r.name, 40), r.enabled ? "yes" : "no", cell(r.description)]),
    );
  }
  return formatTable(
    ["ID", "NAME", "ENABLED", "PROBLEMS", "DESCRIPTION"],
    rules.map((r) => [String(r.id), cell(r.name, 40), r.enabled ? "yes" : "no", problemText(byId.get(r.id)), cell(r.description)]),
  );
}

/** `cannot run, 1 error`, `2 errors, 1 warning`; empty for none. */
function problemText(problem: RuleProblem | undefined): string {
  if (problem === undefined) return "";
  const count = (severity: string) => problem.diagnostics.filter((d) => d.severity === severity).length;
  const errors = count("error");
  const warnings = count("warning");
  const parts = [
    ...(problem.excluded ? ["cannot run"] : []),
    ...(errors > 0 ? [`${errors} ${errors === 1 ? "error" : "errors"}`] : []),
    ...(warnings > 0 ? [`${warnings} ${warnings === 1 ? "warning" : "warnings"}`] : []),
  ];
  return parts.join(", ");
}

/** A rule for people: its settings, its problems at the last reload, then its DSL (see rule-dsl.ts), or why there is none. */
export function ruleText(rule: Rule, dsl: RuleDsl, problem?: RuleProblem): string {
  const lines = [
    `rule #${rule.id} "${rule.name}"  ${rule.enabled ? "enabled" : "disabled"}`,
    ...(rule.description ? [`  description  ${rule.description}`] : []),
    `  trigger      ${triggerText(rule.trigger_config, rule.cooldown_ms)}`,
    `  priority     ${rule.priority}`,
    `  cooldown     ${rule.cooldown_ms === 0 ? "none" : durationText(rule.cooldown_ms)}`,
    `  updated      ${rule.updated_at} (created ${rule.created_at})`,
    ...problemLines(problem),
  ];
  if (dsl.kind === "stub") {
    lines.push("", `a stub: no flow yet (svc rules update ${rule.id} --file FILE --confirmed gives it one)`);
    return `${lines.join("\n")}\n`;
  }
  const nodes = isTopology(rule.nodes_json) ? Object.keys(rule.nodes_json.nodes).length : 0;
  lines.push(`  flow         ${plural(nodes, "node")}${rule.flow_json === null ? " (compact only: no editor document)" : ""}`, "");
  lines.push(dsl.kind === "dsl" ? dsl.text.trimEnd() : `(not shown as DSL: ${dsl.reason}; --json shows the rule)`);
  return `${lines.join("\n")}\n`;
}

// What the PROBLEMS column of `rules list` counts, spelt out: each finding with where it is.
function problemLines(problem: RuleProblem | undefined): string[] {
  if (problem === undefined || problem.diagnostics.length === 0) return problem?.excluded ? ["  problems     cannot run"] : [];
  const head = `  problems     ${problemText(problem)} at the last reload${problem.excluded ? "" : " (the rule still runs)"}:`;
  return [
    head,
    ...problem.diagnostics.map((d) => {
      const where = [d.nodeId === undefined ? undefined : `node '${d.nodeId}'`, d.path].filter((w) => w !== undefined && w !== "").join(", ");
      return `    ${d.severity} ${d.code}: ${d.message}${where === "" ? "" : ` (${where})`}`;
    }),
  ];
}

export function triggerText(trigger: TriggerConfig | null, cooldownMs: number): string {
  if (trigger === null) return `none: every ${durationText(cooldownMs > 0 ? cooldownMs : 1000)} (the default)`;
  if (trigger.type === "interval") return `every ${durationText(trigger.interval_ms)}`;
  const points = trigger.point_refs.map((p) => `${p.point_type}(${p.instance}, ${p.point})`).join(", ");
  const deadbands = [
    ...(trigger.time_deadband_ms ? [`time deadband ${durationText(trigger.time_deadband_ms)}`] : []),
    ...(trigger.value_deadband != null ? [`value deadband ${"percent" in trigger.value_deadband ? `${trigger.value_deadband.percent}%` : trigger.value_deadband.absolute}`] : []),
  ];
  return `on change of ${points}${deadbands.length > 0 ? ` (${deadbands.join(", ")})` : ""}`;
}

/** 300000 -> "5m", 1500 -> "1500ms": the largest unit that divides the duration. */
export function durationText(ms: number): string {
  for (const [unit, size] of [["h", 3_600_000], ["m", 60_000], ["s", 1000]] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}

/** A live value for a table or sentence: six significant digits (--json has the exact value). */
export function valueText(value: number | boolean | null): string {
  if (value === null) return "unavailable";
  return typeof value === "number" ? String(Number(value.toPrecision(6))) : String(value);
}

export function executionText(execution: ManualExecution): string {
  const verdict = execution.success ? "succeeded" : "did not succeed";
  const lines = [
    `rule #${execution.rule_id} executed: ${verdict}; ${execution.actions_succeeded} of ${plural(execution.actions_attempted, "action")} accepted by the command plane`,
  ];
  if (execution.result !== null) lines.push(...resultLines(execution.result));
  if (execution.error !== null) lines.push(`  error: ${execution.error.code}: ${execution.error.message}`);
  if (execution.history_id !== null) lines.push(`  history record #${execution.history_id} (svc rules history ${execution.rule_id})`);
  return `${lines.join("\n")}\n`;
}

function resultLines(result: ExecutionResult): string[] {
  const lines = result.actions.map(
    (a) => `  write action(${a.target}, ${a.point}) = ${a.value === null ? "invalid" : a.value}  ${a.success ? "accepted" : `failed: ${a.reason ?? "no reason given"}`}`,
  );
  const stop = result.short_circuit;
  if (stop !== null) lines.push(`  stopped early at input node ${stop.node}: ${stop.variable}, ${stop.point_type}(${stop.instance}, ${stop.point}), ${stop.reason}`);
  if (result.matched.length > 0) lines.push(`  matched: ${result.matched.map((m) => `${m.node} -> ${m.output} (${m.condition})`).join(", ")}`);
  lines.push(`  path: ${result.path.join(" -> ")}`);
  return lines;
}

export function variablesTable(variables: RuleVariables): string {
  if (variables.variables.length === 0) return `rule #${variables.rule_id} has no variables\n`;
  return formatTable(
    ["NAME", "KIND", "POINT", "VALUE", "UNIT", "UPDATED"],
    variables.variables.map((v) => [
      v.name,
      v.kind,
      v.instance === undefined ? (v.expr !== undefined ? cell(v.expr, 40) : "") : `${v.point_type}(${v.instance}, ${v.point})${v.point_name ? ` ${v.point_name}` : ""}`,
      v.value === undefined ? "" : valueText(v.value),
      v.unit ?? "",
      v.updated_at ?? "",
    ]),
  );
}
