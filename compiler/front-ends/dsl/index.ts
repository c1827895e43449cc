// The DSL front end: `*.rule` text to compiled rules (metadata, flow_json, nodes_json) or
// diagnostics with file positions. Parsing is in grammar/rule; lowering in compiler/lower.
import { parseRuleSource } from "../../../grammar/rule/index.js";
import { bySourceOrder, compileRuleAst, type RuleCompileOptions, type RuleFileResult } from "./compile-rules.js";

export { bySourceOrder, compileRuleAst, type RuleCompileOptions, type RuleFileResult } from "./compile-rules.js";

/** Compiles every rule of a DSL file; rules with errors are left out and their errors reported. */
export function compileRuleSource(text: string, options: RuleCompileOptions = {}): RuleFileResult {
  const parsed = parseRuleSource(text);
  const compiled = compileRuleAst(parsed.file, options);
  return { rules: compiled.rules, diagnostics: bySourceOrder([...parsed.diagnostics, ...compiled.diagnostics]) };
}
