// The one-line texts of the printer: rule settings, triggers and literals, in canonical
// form (JSON strings, shortest numbers, compound durations).
import { pointText, type RuleSettings, type Trigger } from "../../grammar/rule/ast.js";
import { formatDuration } from "./format-duration.js";

export type SettingKey = RuleSettings["order"][number];

/** The text of one setting of `settings` (which must be present). */
export function settingText(key: SettingKey, settings: RuleSettings): string {
  switch (key) {
    case "description":
      return `description ${JSON.stringify(settings.description!.value)}`;
    case "priority":
      return `priority ${formatNumber(settings.priority!.value)}`;
    case "cooldownMs":
      return `cooldown ${formatDuration(settings.cooldownMs!.value)}`;
    case "trigger":
      return `trigger ${triggerText(settings.trigger!.value)}`;
  }
}

export function triggerText(trigger: Trigger): string {
  if (trigger.kind === "every") return `every ${formatDuration(trigger.intervalMs)}`;
  const sources = trigger.points.map((p) => (p.kind === "name" ? p.name : pointText(p))).join(", ");
  let text = `on_change(${sources})`;
  if (trigger.deadbandMs !== undefined) text += ` deadband ${formatDuration(trigger.deadbandMs.value)}`;
  const value = trigger.valueDeadband?.value;
  if (value !== undefined) text += "absolute" in value ? ` value ${formatNumber(value.absolute)}` : ` value ${formatNumber(value.percent)}%`;
  return text;
}


/** A number in JavaScript's shortest form; negative zero keeps its sign (`-0`). */
export function formatNumber(n: number): string {
  return Object.is(n, -0) ? "-0" : String(n);
}

/** A parameter value: a number or `true`/`false`. */
export function literalText(value: number | boolean): string {
  return typeof value === "boolean" ? String(value) : formatNumber(value);
}
