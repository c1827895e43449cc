// What the parts of parse-scenario-file.ts share while one file is checked: the YAML read with
// positions, the pack's site and rules, and the one way to report a problem at a JSON Pointer.
import type { Diagnostic } from "../generated/types.js";
import { closestName } from "../generated/index.js";
import { didYouMean } from "../compiler/diagnostics/diagnostic.js";
import { spanAt, type ReadScenarioYaml } from "./read-scenario-yaml.js";
import { resolvePoint, type ScenarioSite } from "./resolve-point.js";
import type { PackRule, ScenarioPoint, SourcePosition } from "./scenario-model.js";

export interface FileContext {
  read: ReadScenarioYaml;
  site: ScenarioSite;
  rules: readonly PackRule[];
  rulesByName: ReadonlyMap<string, PackRule>;
  diagnostics: Diagnostic[];
}

export interface ReportOptions {
  suggestion?: string | undefined;
  /** Mark the key of the mapping entry at the path (a point written as a key). */
  key?: boolean;
}

export function report(context: FileContext, path: string, code: string, message: string, options: ReportOptions = {}): void {
  const diagnostic: Diagnostic = { code, severity: "error", message, path, span: spanAt(context.read, path, options.key === true) };
  if (options.suggestion !== undefined) diagnostic.suggestion = options.suggestion;
  context.diagnostics.push(diagnostic);
}

/** Where the value at `path` starts, as a scenario position (file:line:col). */
export function positionAt(context: FileContext, path: string): SourcePosition {
  const { start } = spanAt(context.read, path);
  return { file: context.read.file, line: start.line, column: start.column };
}

/** A point written at `path` (the value there, or the key with `key`), or undefined (reported). */
export function pointAt(context: FileContext, path: string, text: string, key = false): { point: ScenarioPoint; isAction: boolean } | undefined {
  const resolved = resolvePoint(text, context.site);
  if ("code" in resolved) {
    report(context, path, resolved.code, resolved.message, { suggestion: resolved.suggestion, key });
    return undefined;
  }
  return { point: resolved.point, isAction: resolved.ref.point_type === "action" };
}

/** A rule of the pack by name, or undefined (reported, with "did you mean"). */
export function ruleAt(context: FileContext, path: string, name: string): PackRule | undefined {
  const rule = context.rulesByName.get(name);
  if (rule !== undefined) return rule;
  const near = closestName(name, context.rulesByName.keys());
  const known = context.rules.length === 0 ? "the pack has no rules" : undefined;
  report(context, path, "scenario/unknown-rule", `the pack has no rule named ${JSON.stringify(name)}`, { suggestion: didYouMean(near) ?? known });
  return undefined;
}
