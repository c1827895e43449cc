// The metadata handed to decompileFlow (a stored rule's columns) checked before it is written as
// settings: only what could not be printed as DSL at all. Ranges the DSL checks itself (name
// length, int32 limits) are left to compiling the decompiled text.
import type { Diagnostic } from "../../generated/types.js";
import { validateTriggerConfig } from "../../generated/index.js";
import type { RuleMetadata } from "../lower/compiled-rule.js";

export function checkMetadata(metadata: RuleMetadata): Diagnostic[] {
  const found: Diagnostic[] = [];
  const bad = (path: string, message: string): void => {
    found.push({ code: "decompile/invalid-metadata", severity: "error", message, path });
  };
  if (typeof metadata.name !== "string") bad("/name", "the rule name must be a string");
  if (typeof metadata.description !== "string") bad("/description", "the description must be a string");
  if (!Number.isSafeInteger(metadata.priority)) bad("/priority", "priority must be a whole number");
  if (!Number.isSafeInteger(metadata.cooldown_ms) || metadata.cooldown_ms < 0) bad("/cooldown_ms", "cooldown_ms must be a whole number of milliseconds from 0");
  const problems: Diagnostic[] = [];
  if (metadata.trigger_config !== null && !validateTriggerConfig(metadata.trigger_config, problems)) {
    found.push(...problems.map((d) => ({ ...d, path: `/trigger_config${d.path ?? ""}` })));
  }
  return found;
}
