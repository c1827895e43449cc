// Rule files to compiled rules: each rule of the AST is lowered to an editor document and
// compiled by the one compile function; its diagnostics are mapped back to the rule's source.
// Used by the DSL and the YAML front end alike.
import type { Diagnostic } from "../../../generated/types.js";
import type { RuleDecl, RuleFile } from "../../../grammar/rule/ast.js";
import type { SourceSpan } from "../../../grammar/source/span.js";
import type { CompiledRule } from "../../lower/compiled-rule.js";
import { lowerRule, type LoweredRule } from "../../lower/lower-rule.js";
import { newSuggestionBudget } from "../../lower/resolve-points.js";
import { TRIGGER_CONFIG_PATH } from "../../passes/site/check-site-points.js";
import { compileFlow } from "../flow-json/index.js";
import type { SiteIndex } from "../../site/site-index.js";

export interface RuleFileResult {
  /** The rules that compiled; a rule with any error is left out. */
  rules: CompiledRule[];
  /** Every problem found, in source order, with spans in file coordinates. */
  diagnostics: Diagnostic[];
}

/** What rule files are compiled with besides their text. */
export interface RuleCompileOptions {
  /** The site the rules run against: named points resolve and the site checks run only with one (issue 17). */
  site?: SiteIndex | undefined;
}

export function compileRuleAst(file: RuleFile, options: RuleCompileOptions = {}): RuleFileResult {
  const rules: CompiledRule[] = [];
  const diagnostics: Diagnostic[] = [];
  const names = new Set<string>();
  const lowering = { ...options, suggestions: newSuggestionBudget() }; // one budget for the file
  for (const rule of file.rules) {
    // A rule whose name is taken is still checked, but never output: it has an error.
    const duplicate = names.has(rule.name);
    if (duplicate) {
      diagnostics.push({ code: "rule/duplicate-rule-name", severity: "error", message: `a rule named "${rule.name}" is already in this file`, span: rule.nameSpan });
    }
    names.add(rule.name);
    const lowered = lowerRule(rule, diagnostics, lowering);
    if (lowered === undefined) continue;
    const result = compileFlow(lowered.flow_json, { site: options.site, trigger: lowered.metadata.trigger_config });
    // Warnings only (result.ok): the rule is still output.
    diagnostics.push(...(result.ok ? result.warnings : result.diagnostics).map((d) => placeInRule(d, rule, lowered)));
    if (result.ok && !duplicate && lowered.settingsValid) rules.push({ ...lowered.metadata, flow_json: result.flow_json, nodes_json: result.nodes_json });
  }
  return { rules, diagnostics: bySourceOrder(diagnostics) };
}

// A diagnostic of compileFlow in the rule's source: about the flow through the source map, about
// the trigger at its on_change source.
function placeInRule(d: Diagnostic, rule: RuleDecl, lowered: LoweredRule): Diagnostic {
  const k = triggerPointIndex(d);
  if (k === undefined) return lowered.sourceMap.map(d, lowered.flow_json);
  const { path: _path, ...rest } = d;
  const refs = lowered.metadata.trigger_config?.type === "on_change" ? lowered.metadata.trigger_config.point_refs.length : 0;
  return { ...rest, span: triggerSourceSpan(rule, k, refs) ?? rule.nameSpan };
}

/** For a diagnostic of compileFlow about the trigger's k-th point (`/trigger_config/point_refs/<k>`): k. */
export function triggerPointIndex(d: Diagnostic): number | undefined {
  const match = d.path?.startsWith(`${TRIGGER_CONFIG_PATH}/`) ? /^\/point_refs\/(\d+)/.exec(d.path.slice(TRIGGER_CONFIG_PATH.length)) : null;
  return match === null ? undefined : Number(match[1]);
}

/**
 * The on_change source the trigger's k-th point (of `count`) came from: sources resolve in order,
 * one point each; the whole trigger setting when a source did not resolve (the counts differ);
 * undefined without a trigger.
 */
export function triggerSourceSpan(rule: RuleDecl, k: number, count: number): SourceSpan | undefined {
  const setting = rule.settings.trigger;
  if (setting === undefined) return undefined;
  const t = setting.value;
  return t.kind === "on_change" && t.points.length === count ? (t.points[k]?.span ?? setting.span) : setting.span;
}

export function bySourceOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.span?.start.offset ?? 0) - (b.span?.start.offset ?? 0));
}
