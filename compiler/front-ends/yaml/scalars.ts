// Scalar values of a YAML rule file to rule AST values: points, durations and value deadbands.
// The schema has already checked their syntax, so these only convert.
import type { Node, Scalar } from "yaml";
import type { PointSource, SitePointName, Setting } from "../../../grammar/rule/ast.js";
import { durationMs } from "../../../grammar/rule/duration.js";
import type { SourceSpan } from "../../../grammar/source/span.js";
import { expressionOffsets } from "./scalar-offsets.js";
import { nodeSpan, spanBetween, type YamlText } from "./yaml-text.js";

const POINT = /^\s*(measurement|action)\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$/;
// `ahu1.cooling_stage` or `"AHU-1".cooling_stage` (a JSON string, as in the DSL), as the schema admits them.
const NAMED = /^(\s*)([A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\\n\r]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")\.([A-Za-z_][A-Za-z0-9_]*)\s*$/;

/** `measurement(12, 3)`, `action(7, 1)`, `ahu1.cooling_stage` or `"AHU-1".cooling_stage`; the span is the scalar's. */
export function toPoint(src: YamlText, node: Scalar): PointSource {
  const text = String(node.value);
  const named = NAMED.exec(text);
  if (named !== null) return toSitePointName(src, node, named);
  const [, kind = "measurement", instance = "0", point = "0"] = POINT.exec(text) ?? [];
  return { kind: "point", pointType: kind === "action" ? "action" : "measurement", instance: Number(instance), point: Number(point), span: nodeSpan(src, node) };
}

// The instance and the point name are placed exactly when the scalar is on one line; else at the scalar.
function toSitePointName(src: YamlText, node: Scalar, [, lead = "", instance = "", name = ""]: RegExpExecArray): SitePointName {
  const span = nodeSpan(src, node);
  const offsets = expressionOffsets(src.text, node);
  const at = (from: number, length: number) => (offsets === undefined ? span : spanBetween(src, offsets[from]!, offsets[from + length]!));
  const quoted = instance.startsWith('"');
  const nameStart = lead.length + instance.length + 1;
  return {
    kind: "site",
    instance: quoted ? (JSON.parse(instance) as string) : instance,
    quoted,
    instanceSpan: at(lead.length, instance.length),
    name,
    nameSpan: at(nameStart, name.length),
    span,
  };
}

export function isPointText(text: string): boolean {
  return POINT.test(text) || NAMED.test(text);
}

/** A duration scalar (`1m30s`) in milliseconds. */
export function toDurationMs(node: Scalar): number {
  return durationMs(String(node.value));
}

/** A setting written as `key: node` (`keySpan` is the key's span). */
export function toSetting<T>(src: YamlText, value: T, keySpan: SourceSpan, node: Node): Setting<T> {
  const valueSpan = nodeSpan(src, node);
  return { value, span: { start: keySpan.start, end: valueSpan.end }, valueSpan };
}

/** `value: 0.2` (absolute) or `value: 2%` (percent of the last value). */
export function toValueDeadband(node: Scalar): { absolute: number } | { percent: number } {
  const value = node.value;
  if (typeof value === "number") return { absolute: value };
  return { percent: Number(String(value).replace("%", "")) };
}
