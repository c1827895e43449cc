// POST /api/rules/validate (issue 17): what `svc compile` would say about an editor document or a
// rule file's text, compiled with the service's loaded site. Stores nothing. Source text goes
// through the same front ends as `svc compile` (compileRuleSource / compileRuleYaml with the
// site), so the diagnostics are the same; an editor document goes through the one compile
// function with the site and its trigger, paths into the document as for a .flow.json file.
import type { Diagnostic, RuleValidateRequest, RuleValidation, ValidatedRule } from "../../generated/types.js";
import { compileRuleSource, compileRuleYaml, type SiteIndex } from "../../compiler/index.js";
import { checkWithSite, isError } from "./rule-warnings.js";

export function validateRule(request: RuleValidateRequest, site: SiteIndex | undefined): RuleValidation {
  if (request.source !== undefined) {
    const compile = request.format === "yaml" ? compileRuleYaml : compileRuleSource;
    const result = compile(request.source, { site });
    const rules = result.rules.map(({ name, flow_json, nodes_json }): ValidatedRule => ({ name, flow_json, nodes_json }));
    return answer(result.diagnostics, rules);
  }
  const { compiled, diagnostics } = checkWithSite(request.flow_json, request.trigger_config ?? null, site);
  return answer(diagnostics, compiled === undefined ? [] : [compiled]);
}

function answer(diagnostics: Diagnostic[], rules: ValidatedRule[]): RuleValidation {
  return { valid: !diagnostics.some(isError), diagnostics, rules };
}
