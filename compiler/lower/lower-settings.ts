// Rule settings to the metadata the service stores beside the flow: name, description, priority,
// cooldown_ms and trigger_config. on_change sources written as input names are resolved to the
// points those inputs read. Checked here with source spans; the generated validator confirms.
import type { Diagnostic, TriggerConfig } from "../../generated/types.js";
import { closestName, validateTriggerConfig } from "../../generated/index.js";
import type * as A from "../../grammar/rule/ast.js";
import type { SourceSpan } from "../../grammar/source/span.js";
import type { RuleMetadata } from "./compiled-rule.js";
import { pointText } from "../../grammar/rule/ast.js";
import { pointConfig } from "./emit-nodes.js";

const MAX_INT32 = 2147483647;

export function lowerSettings(rule: A.RuleDecl, inputs: Map<string, A.PointRef[]>, diagnostics: Diagnostic[]): RuleMetadata {
  const s = rule.settings;
  const error: ErrorSink = (code, message, span, suggestion) => {
    diagnostics.push({ code, severity: "error", message, span, ...(suggestion !== undefined ? { suggestion } : {}) });
  };
  if (rule.name.length === 0 || rule.name.length > 200) error("rule/invalid-setting", "a rule name has 1 to 200 characters", rule.nameSpan);
  if (s.description !== undefined && s.description.value.length > 4000) error("rule/invalid-setting", "a description has at most 4,000 characters", s.description.valueSpan);
  if (s.priority !== undefined && !isInt32(s.priority.value)) error("rule/invalid-setting", `priority must be a whole number from -${MAX_INT32 + 1} to ${MAX_INT32}`, s.priority.valueSpan);
  checkDuration(s.cooldownMs, 0, "cooldown", error);
  const metadata: RuleMetadata = {
    name: rule.name,
    description: s.description?.value ?? "",
    priority: s.priority?.value ?? 0,
    cooldown_ms: s.cooldownMs?.value ?? 0,
    trigger_config: s.trigger === undefined ? null : lowerTrigger(s.trigger, inputs, error, diagnostics),
  };
  return metadata;
}

type ErrorSink = (code: string, message: string, span: SourceSpan, suggestion?: string) => void;

function lowerTrigger(setting: A.Setting<A.Trigger>, inputs: Map<string, A.PointRef[]>, error: ErrorSink, diagnostics: Diagnostic[]): TriggerConfig {
  const t = setting.value;
  let config: TriggerConfig;
  if (t.kind === "every") {
    checkDuration({ value: t.intervalMs, valueSpan: setting.valueSpan }, 1, "the interval", error);
    config = { type: "interval", interval_ms: t.intervalMs };
  } else {
    // Resolved index by index, so that a duplicate is reported at the source that repeats a point.
    const resolved = t.points.map((source) => resolveSource(source, inputs, error));
    const seen = new Set<string>();
    resolved.forEach((point, i) => {
      const key = point === undefined ? undefined : pointText(point);
      if (key !== undefined && seen.has(key)) error("rule/duplicate-trigger-point", `${key} is already a trigger point of this rule`, t.points[i]!.span);
      if (key !== undefined) seen.add(key);
    });
    const points = resolved.filter((p) => p !== undefined);
    config = { type: "on_change", point_refs: points.map(pointConfig) as never };
    if (t.deadbandMs !== undefined) {
      checkDuration(t.deadbandMs, 0, "the deadband", error);
      config.time_deadband_ms = t.deadbandMs.value;
    }
    if (t.valueDeadband !== undefined) {
      const amount = Object.values(t.valueDeadband.value)[0]!;
      if (!(amount > 0 && Number.isFinite(amount))) error("rule/invalid-setting", "a value deadband must be greater than 0", t.valueDeadband.valueSpan);
      config.value_deadband = t.valueDeadband.value;
    }
  }
  const problems: Diagnostic[] = [];
  if (diagnostics.length === 0 && !validateTriggerConfig(config, problems)) {
    // The path points into the generated trigger_config: placed on the source it came from instead.
    diagnostics.push(...problems.map(({ path, ...p }) => ({ ...p, span: triggerPartSpan(setting, path) })));
  }
  return config;
}

function triggerPartSpan(setting: A.Setting<A.Trigger>, path: string | undefined): SourceSpan {
  const t = setting.value;
  const point = /^\/point_refs\/(\d+)/.exec(path ?? "");
  if (t.kind === "on_change" && point !== null) return t.points[Number(point[1])]?.span ?? setting.span;
  return setting.span;
}

function resolveSource(source: A.NamedPointRef | A.PointSource, inputs: Map<string, A.PointRef[]>, error: ErrorSink): A.PointRef | undefined {
  if (source.kind === "point") return source;
  if (source.kind === "site") {
    // Callers resolve named points with resolveSitePoints first; one that has no site gets here.
    error("point/no-site", `${pointText(source)} names a point of the site, but no site was given: compile the pack, whose site.yaml defines the names, or write measurement(i, p) or action(i, p)`, source.span);
    return undefined;
  }
  const points = inputs.get(source.name);
  if (points === undefined) {
    const near = closestName(source.name, inputs.keys());
    error("rule/unknown-trigger-point", `'${source.name}' is not an input of this rule: on_change names inputs or points such as measurement(12, 3)`, source.span, near && `did you mean '${near}'?`);
    return undefined;
  }
  const distinct = new Set(points.map(pointText));
  if (distinct.size > 1) {
    error("rule/ambiguous-trigger-point", `input '${source.name}' reads ${[...distinct].join(" and ")}: write the point itself`, source.span);
    return undefined;
  }
  return points[0];
}

function checkDuration(setting: { value: number; valueSpan: SourceSpan } | undefined, min: number, what: string, error: ErrorSink): void {
  if (setting === undefined) return;
  if (!(setting.value >= min && setting.value <= MAX_INT32)) {
    error("rule/invalid-duration", `${what} must be from ${min}ms to ${MAX_INT32}ms (about 24 days)`, setting.valueSpan);
  }
}

function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -MAX_INT32 - 1 && value <= MAX_INT32;
}
