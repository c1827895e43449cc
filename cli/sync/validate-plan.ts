// Before sync or import change anything, the service compiles every rule they will create or
// update with its own loaded site (POST /api/rules/validate, which stores nothing): a rule that
// names a point the service's site lacks would otherwise be refused at its PUT, part way through,
// after its stub was created (issue 17). One request per rule that changes, in plan order. The
// service's diagnostics (JSON paths into the flow sent) are placed in the rule's file: at the
// rule's name in a DSL or YAML file, at the path in a rule JSON file, with the rule's name and
// the node id said in the message.
import type { ApiClient } from "../api/api-client.js";
import type { Diagnostic } from "../../generated/types.js";
import { locateRules } from "../rule-locations.js";
import type { FileResult } from "../source-files.js";
import type { PlanStep } from "./sync-plan.js";

export interface InvalidRules {
  /** The names of the rules the service refuses, in plan order. */
  rules: string[];
  /** Their files, each with the service's diagnostics of its refused rules. */
  files: FileResult[];
}

/** The rules the service finds invalid, and their files (both empty when every rule is valid). */
export async function validatePlan(steps: PlanStep[], results: readonly FileResult[], client: ApiClient): Promise<InvalidRules> {
  const problems = new Map<FileResult, Diagnostic[]>();
  const rules: string[] = [];
  for (const step of steps) {
    if ((step.action !== "create" && step.action !== "update") || step.rule === undefined) continue;
    const { flow_json, trigger_config } = step.rule;
    const answer = await client.validateRule({ flow_json: flow_json as unknown as Record<string, unknown>, trigger_config });
    const errors = answer.diagnostics.filter((d) => d.severity === "error");
    if (answer.valid && errors.length === 0) continue;
    rules.push(step.name);
    const result = results.find((r) => r.file === step.rule!.file);
    if (result === undefined) throw new Error(`validatePlan: no compiled file ${step.rule.file}`);
    problems.set(result, [...(problems.get(result) ?? []), ...errors.map((d) => placed(d, step.name, result))]);
  }
  return { rules, files: [...problems].map(([result, diagnostics]) => ({ ...result, diagnostics })) };
}

// A diagnostic of the flow sent, placed in the file that defines the rule.
function placed(d: Diagnostic, rule: string, result: FileResult): Diagnostic {
  const node = d.nodeId === undefined ? "" : `, node ${d.nodeId}`;
  const message = `${d.message} (the service's site refuses rule ${JSON.stringify(rule)}${node}${d.path ? ` at ${d.path} of its flow_json` : ""})`;
  const { span: _ignored, ...rest } = d;
  // A rule as the API returns it: the flow sent is the file's flow_json, so the path finds it.
  if (result.kind === "flow") return { ...rest, message, ...(d.path === undefined ? {} : { path: `/flow_json${d.path}` }) };
  const { path: _path, ...noPath } = rest;
  return { ...noPath, message, span: locateRules(result, result.site?.index).rule(rule) };
}
