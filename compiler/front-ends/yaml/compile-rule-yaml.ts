// compileRuleYaml: a YAML rule file to compiled rules (metadata, flow_json, nodes_json) in file
// order. Rules with `steps` go through the DSL's compileRuleAst, raw `flow:` rules through
// compileFlow; a rule with any error is left out and its errors reported.
import type { Diagnostic } from "../../../generated/types.js";
import type { RuleDecl } from "../../../grammar/rule/ast.js";
import type { JsonLocator } from "../../diagnostics/json-locations.js";
import type { CompiledRule } from "../../lower/compiled-rule.js";
import { bySourceOrder, compileRuleAst, type RuleCompileOptions, type RuleFileResult } from "../dsl/index.js";
import { resolveSitePoints } from "../../lower/resolve-points.js";
import { compileFlowRule } from "./compile-flow-rule.js";
import { parseRuleYaml } from "./parse-rule-yaml.js";
import { createYamlLocator } from "./yaml-locator.js";

export function compileRuleYaml(text: string, options: RuleCompileOptions = {}): RuleFileResult {
  const parsed = parseRuleYaml(text);
  const compiled = compileRuleAst(parsed.file, options);
  const diagnostics = [...parsed.diagnostics, ...compiled.diagnostics];
  const fromAst = new Map(compiled.rules.map((r) => [r.name, r]));
  let locator: JsonLocator | undefined;
  const rules: CompiledRule[] = [];
  const names = new Set<string>();
  const stepNames = new Set<string>(); // duplicates among these, compileRuleAst reports itself
  for (const entry of parsed.rules) {
    const name = entry.decl.name;
    const taken = names.has(name);
    if (taken && !(entry.kind === "steps" && stepNames.has(name))) diagnostics.push(duplicateName(entry.decl));
    names.add(name);
    if (entry.kind === "steps") {
      stepNames.add(name);
      const rule = fromAst.get(name);
      if (rule !== undefined && !taken) rules.push(rule);
      continue;
    }
    locator ??= createYamlLocator(text);
    // Named on_change points of a `flow:` rule resolve as in a structured rule.
    const decl = resolveSitePoints(entry.decl, options.site, diagnostics);
    if (decl === undefined) continue;
    const rule = compileFlowRule({ ...entry, decl }, locator, diagnostics, options);
    if (rule !== undefined && !taken) rules.push(rule);
  }
  return { rules, diagnostics: bySourceOrder(diagnostics) };
}

function duplicateName(rule: RuleDecl): Diagnostic {
  return { code: "rule/duplicate-rule-name", severity: "error", message: `a rule named "${rule.name}" is already in this file`, span: rule.nameSpan };
}
