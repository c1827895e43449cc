// Shared by the decompiler's unit tests: decompile a hand-written topology, expect a rule's text.
import { decompileFlow } from "../../../compiler/decompiler/decompile-flow.js";
import type { RuleMetadata } from "../../../compiler/lower/compiled-rule.js";
import type { NodesTopology } from "../../../generated/types.js";

export const META: RuleMetadata = { name: "r", description: "", priority: 0, cooldown_ms: 0, trigger_config: null };

/** The DSL of a topology, checked and decompiled by decompileFlow; throws on diagnostics. */
export function dsl(t: NodesTopology, metadata: RuleMetadata = META): string {
  const result = decompileFlow(t, metadata);
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics, null, 1));
  return result.text;
}

/** The expected text of rule "r" with these body lines (without their first indentation). */
export function rule(...body: string[]): string {
  return `rule "r" {\n${body.map((l) => (l === "" ? "" : `  ${l}`)).join("\n")}\n}\n`;
}
