// Settings come first in a rule, each at most once: a setting among the statements, or twice,
// is a mistake that would otherwise be silently resolved one way or the other.
import type { Diagnostic } from "../../generated/types.js";
import type { RuleSettings, Setting, Trigger } from "./ast.js";

export type SettingEntry =
  | { key: "description"; setting: Setting<string> }
  | { key: "priority" | "cooldownMs"; setting: Setting<number> }
  | { key: "trigger"; setting: Setting<Trigger> };

const WORD: Record<SettingEntry["key"], string> = { description: "description", priority: "priority", cooldownMs: "cooldown", trigger: "trigger" };

export function checkSettingOrder(entry: SettingEntry, settings: RuleSettings, afterStatements: boolean, diagnostics: Diagnostic[]): void {
  const word = WORD[entry.key];
  if (settings[entry.key] !== undefined) {
    diagnostics.push({ code: "dsl/duplicate-setting", severity: "error", message: `'${word}' is set twice in this rule`, span: entry.setting.span });
    return;
  }
  if (afterStatements) {
    diagnostics.push({
      code: "dsl/misplaced-setting",
      severity: "error",
      message: `'${word}' is a setting of the rule: it must come before the first statement`,
      span: entry.setting.span,
      suggestion: `move '${word}' to the top of the rule`,
    });
  }
  (settings as unknown as Record<string, unknown>)[entry.key] = entry.setting;
  settings.order.push(entry.key);
}
