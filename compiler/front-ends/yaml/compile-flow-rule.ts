// A YAML rule written as a raw editor document (`flow:`): compiled by compileFlow as it stands,
// its metadata taken from the YAML keys as for any rule, and every diagnostic placed in the
// YAML file (the document's JSON Pointers are relative to `/rules/<i>/flow`).
import type { Diagnostic, FlowJson, TriggerConfig } from "../../../generated/types.js";
import type { PointRef } from "../../../grammar/rule/ast.js";
import type { JsonLocator } from "../../diagnostics/json-locations.js";
import type { CompiledRule } from "../../lower/compiled-rule.js";
import { lowerSettings } from "../../lower/lower-settings.js";
import { compileFlow } from "../flow-json/index.js";
import { isTriggerDiagnostic } from "../flow-json/rule-paths.js";
import { triggerPointIndex, triggerSourceSpan } from "../dsl/compile-rules.js";
import type { RuleCompileOptions } from "../dsl/index.js";
import type { YamlRuleEntry } from "./parse-rule-yaml.js";

export type FlowRuleEntry = Extract<YamlRuleEntry, { kind: "flow" }>;

/** The compiled rule, or undefined with the reasons in `diagnostics`. */
export function compileFlowRule(entry: FlowRuleEntry, locator: JsonLocator, diagnostics: Diagnostic[], options: RuleCompileOptions = {}): CompiledRule | undefined {
  const found: Diagnostic[] = [];
  const metadata = lowerSettings(entry.decl, flowInputs(entry, locator), found);
  const result = compileFlow(entry.flow, { site: options.site, trigger: metadata.trigger_config });
  const place = (d: Diagnostic): Diagnostic => (isTriggerDiagnostic(d) ? placeTriggerInYaml(d, entry, metadata.trigger_config) : placeInYaml(d, entry.path, locator));
  if (!result.ok) found.push(...result.diagnostics.map(place));
  diagnostics.push(...found);
  if (!result.ok || found.length > 0) return undefined;
  // Warnings only: the rule is still output.
  diagnostics.push(...result.warnings.map(place));
  return { ...metadata, flow_json: result.flow_json, nodes_json: result.nodes_json };
}

// A diagnostic about the trigger's k-th point: at its on_change source in the YAML file.
function placeTriggerInYaml(d: Diagnostic, entry: FlowRuleEntry, trigger: TriggerConfig | null): Diagnostic {
  const { path: _path, ...rest } = d;
  const count = trigger?.type === "on_change" ? trigger.point_refs.length : 0;
  return { ...rest, span: triggerSourceSpan(entry.decl, triggerPointIndex(d) ?? 0, count) ?? entry.decl.nameSpan };
}

/** A diagnostic about the flow document, with its path and span in the YAML file. */
export function placeInYaml(d: Diagnostic, base: string, locator: JsonLocator): Diagnostic {
  const path = base + (d.path ?? "");
  const inner = d.span === undefined ? undefined : locator.locateInString(path, d.span);
  const span = inner ?? locator.locate(path);
  return span === undefined ? { ...d, path } : { ...d, path, span };
}

// The variables of the document's input nodes, so that `on_change: [name]` resolves as in a
// structured rule. The schema has checked the document's shape.
function flowInputs(entry: FlowRuleEntry, locator: JsonLocator): Map<string, PointRef[]> {
  const inputs = new Map<string, PointRef[]>();
  (entry.flow as FlowJson).nodes.forEach((node, i) => {
    if (node.type !== "input") return;
    node.data.config.variables.forEach((v, j) => {
      const span = locator.locate(`${entry.path}/nodes/${i}/data/config/variables/${j}`) ?? entry.decl.nameSpan;
      const point: PointRef = { kind: "point", pointType: v.point_type, instance: v.instance, point: v.point, span };
      inputs.set(v.name, [...(inputs.get(v.name) ?? []), point]);
    });
  });
  return inputs;
}
