// A stored rule as DSL text, or why it has none. The text is given only when compiling it back
// gives the rule's own nodes_json (up to node ids) and settings: a DSL file written from it can
// be synced back without changing the rule. With a site, points are written by the site's names
// and the text is compiled back with that same site; when only the site checks refuse it (the
// rule uses points the site does not declare, which stay numeric), the text is still given, with
// that problem, once its numeric twin compiles back to the rule. Pure: a rule in, text or a
// reason out.
import { isDeepStrictEqual } from "node:util";
import { decompileFlow } from "../compiler/decompiler/index.js";
import { compileRuleSource } from "../compiler/front-ends/dsl/index.js";
import type { RuleMetadata } from "../compiler/lower/compiled-rule.js";
import { isIsomorphic, isTopology } from "../compiler/topology/canonical-topology.js";
import type { SiteIndex } from "../compiler/site/site-index.js";
import type { Diagnostic, Rule } from "../generated/types.js";

export type RuleDsl =
  /**
   * `from`: the editor document, or the nodes_json of a legacy rule that has none. `siteProblem`:
   * the rule uses points the site does not declare (or writes outside a range); its text is
   * still the rule (those points stay numeric), but it will not compile with that site.
   */
  | { kind: "dsl"; text: string; from: "flow_json" | "nodes_json"; siteProblem?: string }
  /** No flow yet (created, never given one): there is nothing to write as DSL. */
  | { kind: "stub" }
  /** The decompiler refused it, or its DSL would not give the same rule back. */
  | { kind: "failed"; reason: string };

export interface RuleDslOptions {
  /** The site whose names the DSL writes points by (issue 17.2); numbers without one. */
  site?: SiteIndex | undefined;
}

export function ruleDslOf(rule: Rule, options: RuleDslOptions = {}): RuleDsl {
  if (rule.flow_json === null && !isTopology(rule.nodes_json)) return { kind: "stub" };
  const from = rule.flow_json === null ? "nodes_json" : "flow_json";
  const metadata = metadataOf(rule);
  const decompiled = decompileFlow(rule.flow_json ?? rule.nodes_json, metadata, { site: options.site });
  if (!decompiled.ok) return { kind: "failed", reason: `the decompiler refused it: ${describe(decompiled.diagnostics)}` };
  const compiled = compileRuleSource(decompiled.text, { site: options.site });
  const errors = compiled.diagnostics.filter((d) => d.severity === "error");
  if (options.site !== undefined && errors.length > 0 && errors.every(isSiteCheck)) {
    // The site checks refuse what the service stores (its site differs, or the rule predates a
    // change of the site): the text is still written when the same rule decompiled without the
    // site (every point numeric) gives the rule back, as the named text would once the site
    // declares those points. The problem is told as a mismatch with the site, not as a bug.
    const numeric = decompileFlow(rule.flow_json ?? rule.nodes_json, metadata);
    const mismatch = numeric.ok ? roundTripMismatch(compileRuleSource(numeric.text), rule, metadata) : `the decompiler refused it: ${describe(numeric.diagnostics)}`;
    if (mismatch !== undefined) return { kind: "failed", reason: mismatch };
    return { kind: "dsl", text: decompiled.text, from, siteProblem: describe(errors) };
  }
  const mismatch = roundTripMismatch(compiled, rule, metadata);
  if (mismatch !== undefined) return { kind: "failed", reason: mismatch };
  return { kind: "dsl", text: decompiled.text, from };
}

/** The site checks' errors: a point the site does not declare, a write outside its range. */
function isSiteCheck(d: Diagnostic): boolean {
  return d.code.startsWith("point/unknown-") || d.code === "point/out-of-range";
}

export function metadataOf(rule: Rule): RuleMetadata {
  const { name, description, priority, cooldown_ms, trigger_config } = rule;
  return { name, description, priority, cooldown_ms, trigger_config };
}

/** Why the compiled text is not this rule, or undefined when it is. */
function roundTripMismatch(compiled: ReturnType<typeof compileRuleSource>, rule: Rule, metadata: RuleMetadata): string | undefined {
  const errors = compiled.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return `its DSL does not compile (${describe(errors)}); a decompiler bug worth reporting`;
  if (compiled.rules.length !== 1) return `its DSL compiles to ${compiled.rules.length} rules instead of one`;
  const { flow_json: _flow, nodes_json, ...settings } = compiled.rules[0]!;
  if (!isTopology(rule.nodes_json) || !isIsomorphic(nodes_json, rule.nodes_json)) {
    return "its DSL compiles to a different nodes_json than the service holds (the flow_json and nodes_json of the rule may disagree)";
  }
  const changed = (Object.keys(metadata) as Array<keyof RuleMetadata>).filter((key) => !isDeepStrictEqual(settings[key], metadata[key]));
  if (changed.length > 0) return `its DSL would change ${changed.join(", ")}`;
  return undefined;
}

function describe(diagnostics: Diagnostic[]): string {
  const first = diagnostics[0];
  if (first === undefined) return "no reason given";
  const where = first.path ? ` at ${first.path}` : "";
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : "";
  return `${first.code}${where}: ${first.message}${more}`;
}
