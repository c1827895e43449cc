// Scalar values of a YAML rule file to rule AST values: points, durations and value deadbands.
// The schema has already checked their syntax, so these only convert.
import type { Node, Scalar } from "yaml";
import type { PointRef, Setting } from "../../../grammar/rule/ast.js";
import { durationMs } from "../../../grammar/rule/duration.js";
import type { SourceSpan } from "../../../grammar/source/span.js";
import { nodeSpan, type YamlText } from "./yaml-text.js";

const POINT = /^\s*(measurement|action)\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$/;

/** `measurement(12, 3)` or `action(7, 1)`; the span is the scalar's. */
export function toPoint(src: YamlText, node: Scalar): PointRef {
  const [, kind = "measurement", instance = "0", point = "0"] = POINT.exec(String(node.value)) ?? [];
  return { kind: "point", pointType: kind === "action" ? "action" : "measurement", instance: Number(instance), point: Number(point), span: nodeSpan(src, node) };
}

export function isPointText(text: string): boolean {
  return POINT.test(text);
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
