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

/** The most diagnostics one answer carries: a small body can make hundreds of thousands (one per bad character). */
export const MAX_VALIDATE_DIAGNOSTICS = 1000;

function answer(diagnostics: Diagnostic[], rules: ValidatedRule[]): RuleValidation {
  const valid = !diagnostics.some(isError);
  if (diagnostics.length <= MAX_VALIDATE_DIAGNOSTICS) return { valid, diagnostics, rules };
  const more = diagnostics.length - MAX_VALIDATE_DIAGNOSTICS;
  const note: Diagnostic = {
    code: "validate/truncated",
    severity: "warning",
    message: `${more} more diagnostics are not shown (the first ${MAX_VALIDATE_DIAGNOSTICS} are): fix these first, or compile the file locally with svc compile, which shows them all`,
  };
  return { valid, diagnostics: [...diagnostics.slice(0, MAX_VALIDATE_DIAGNOSTICS), note], rules };
}
