// A dry run of sync or import has the service compile every rule it would create or update with
// its own loaded site (POST /api/rules/validate, which stores nothing; one request per rule that
// changes, in plan order); a real run learns the same from its batch's refusal, which stores
// nothing either (issue 19.1), and places it the same way (placeRefused). The
// service's diagnostics (JSON paths into the flow sent) are placed in the rule's file: in a DSL or
// YAML file at the statement naming the point the path leads to (else at the rule's name), in a
// rule JSON file at the path; the message names the rule and the path, the node id is kept.
import type { ApiClient } from "../api/api-client.js";
import type { Diagnostic } from "../../generated/types.js";
import { locateRules } from "../rule-locations.js";
import type { FileResult } from "../source-files.js";
import type { SiteRef } from "../../compiler/site/site-index.js";
import type { DesiredRule, PlanStep } from "./sync-plan.js";

export interface InvalidRules {
  /** The names of the rules the service refuses, in plan order. */
  rules: string[];
  /** Their files, each with the service's diagnostics of its refused rules. */
  files: FileResult[];
}

/** The rules the service finds invalid, and their files (both empty when every rule is valid). */
export async function validatePlan(steps: PlanStep[], results: readonly FileResult[], client: ApiClient): Promise<InvalidRules> {
  const refused: RefusedRule[] = [];
  for (const step of steps) {
    if ((step.action !== "create" && step.action !== "update") || step.rule === undefined) continue;
    // An update sends only what differs, and the service checks only what a PUT brings: a
    // settings-only update is not checked; a trigger-only one for its trigger's problems.
    const sendsFlow = step.action === "create" || step.changes?.includes("flow") === true;
    const sendsTrigger = step.action === "create" || step.changes?.includes("trigger_config") === true;
    if (!sendsFlow && !sendsTrigger) continue;
    const { flow_json, trigger_config } = step.rule;
    const answer = await client.validateRule({ flow_json: flow_json as unknown as Record<string, unknown>, trigger_config });
    const errors = answer.diagnostics.filter((d) => d.severity === "error" && (sendsFlow || d.path?.startsWith("/trigger_config/") === true));
    if (errors.length > 0) refused.push({ step, errors });
  }
  return placeRefused(refused, results);
}

/** A rule to create or update that the service refused: its errors, paths into the flow sent (or /trigger_config/...). */
export interface RefusedRule {
  step: PlanStep;
  errors: Diagnostic[];
}

/** The refused rules' errors placed in their files, in plan order. */
export function placeRefused(refused: readonly RefusedRule[], results: readonly FileResult[]): InvalidRules {
  const problems = new Map<FileResult, Diagnostic[]>();
  for (const { step, errors } of refused) {
    const result = results.find((r) => r.file === step.rule!.file);
    if (result === undefined) throw new Error(`placeRefused: no compiled file ${step.rule!.file}`);
    problems.set(result, [...(problems.get(result) ?? []), ...errors.map((d) => placed(d, step.rule!, result))]);
  }
  return { rules: refused.map((r) => r.step.name), files: [...problems].map(([result, diagnostics]) => ({ ...result, diagnostics: once(diagnostics) })) };
}

// A diagnostic of the flow sent, placed in the file that defines the rule: at the point the path
// leads to (an input, delta or write naming it), else at the rule's name.
function placed(d: Diagnostic, sent: DesiredRule, result: FileResult): Diagnostic {
  const rule = sent.name;
  // A trigger point's path (/trigger_config/point_refs/<k>) is one into the rule, not its flow.
  const trigger = d.path?.startsWith("/trigger_config/") === true;
  // The node id is kept as a field: the text rendering names it.
  const message = `${d.message} (the service's site refuses rule ${JSON.stringify(rule)}${d.path ? `, at ${d.path}${trigger ? "" : " of its flow_json"}` : ""})`;
  const { span: _ignored, ...rest } = d;
  // A rule as the API returns it: the flow sent is the file's flow_json, so the path finds it.
  if (result.kind === "flow") return { ...rest, message, ...(d.path === undefined ? {} : { path: trigger ? d.path : `/flow_json${d.path}` }) };
  const { path: _path, ...noPath } = rest;
  const locator = locateRules(result, result.site?.index);
  const ref = d.path === undefined || trigger ? undefined : pointAt(sent.flow_json, d.path);
  return { ...noPath, message, span: ref === undefined ? locator.rule(rule) : locator.point(rule, ref) };
}

/** The point (instance, type, number) of the object at `path` in the flow, or of the nearest one above it. */
export function pointAt(flow: unknown, path: string): SiteRef | undefined {
  const steps = path.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const chain: unknown[] = [flow];
  for (const step of steps) {
    const here = chain.at(-1);
    if (here === null || typeof here !== "object") break;
    chain.push((here as Record<string, unknown>)[step]);
  }
  for (const value of chain.reverse()) {
    if (value === null || typeof value !== "object") continue;
    const { instance, point_type, point } = value as Record<string, unknown>;
    if (typeof instance === "number" && typeof point === "number" && (point_type === "measurement" || point_type === "action")) return { instance, point_type, point };
  }
  return undefined;
}

// One statement lowered into several nodes (a write in each branch a block is reached from) gives
// the service one finding per node; at one place of the file, one of them is enough.
function once(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.span?.start.offset ?? d.path}|${d.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
