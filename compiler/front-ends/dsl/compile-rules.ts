// Rule files to compiled rules: each rule of the AST is lowered to an editor document and
// compiled by the one compile function; its diagnostics are mapped back to the rule's source.
// Used by the DSL and the YAML front end alike.
import type { Diagnostic } from "../../../generated/types.js";
import type { RuleFile } from "../../../grammar/rule/ast.js";
import type { CompiledRule } from "../../lower/compiled-rule.js";
import { lowerRule } from "../../lower/lower-rule.js";
import { checkSelfTrigger } from "../../passes/check-self-trigger.js";
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
  for (const rule of file.rules) {
    // A rule whose name is taken is still checked, but never output: it has an error.
    const duplicate = names.has(rule.name);
    if (duplicate) {
      diagnostics.push({ code: "rule/duplicate-rule-name", severity: "error", message: `a rule named "${rule.name}" is already in this file`, span: rule.nameSpan });
    }
    names.add(rule.name);
    const lowered = lowerRule(rule, diagnostics, options);
    if (lowered === undefined) continue;
    const result = compileFlow(lowered.flow_json, { site: options.site, trigger: lowered.metadata.trigger_config });
    if (!result.ok) diagnostics.push(...result.diagnostics.map((d) => lowered.sourceMap.map(d, lowered.flow_json)));
    else {
      // Warnings only: the rule is still output.
      const warnings = checkSelfTrigger(lowered.metadata.trigger_config, lowered.flow_json as never);
      diagnostics.push(...warnings.map((d) => lowered.sourceMap.map(d, lowered.flow_json)));
      if (!duplicate && lowered.settingsValid) rules.push({ ...lowered.metadata, flow_json: result.flow_json, nodes_json: result.nodes_json });
    }
  }
  return { rules, diagnostics: bySourceOrder(diagnostics) };
}

export function bySourceOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.span?.start.offset ?? 0) - (b.span?.start.offset ?? 0));
}
