// A rule as the API returns it (what `svc export` writes into json/<name>.json), read for
// `svc import`: its settings are checked against the API's own schema, and its flow goes through
// the one compile function. A compact-only legacy rule (flow_json null) is decompiled to DSL and
// that text compiled, so it too gets an editor document. Diagnostics carry JSON paths into the
// file. `enabled`, `id` and the timestamps are not the file's to decide and are ignored.
import { compileFlow } from "../../compiler/front-ends/flow-json/index.js";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { decompileFlow } from "../../compiler/decompiler/index.js";
import type { RuleMetadata } from "../../compiler/lower/compiled-rule.js";
import type { SiteIndex } from "../../compiler/site/site-index.js";
import { validateRuleUpdateRequest } from "../../generated/index.js";
import type { Diagnostic } from "../../generated/types.js";
import { jsonSyntaxError } from "../json-syntax.js";
import type { CompiledOutput, FileResult } from "../source-files.js";
import { isObject } from "../is-object.js";

export interface RuleJsonResult {
  /** Kind "flow": positions of its diagnostics are found by JSON path, as for editor documents. */
  result: FileResult;
  /** Why the file was left out without an error (a stub has no flow to write). */
  skipped?: string;
}

const SHAPE = "a rule as the API returns it (svc export writes them into json/): a JSON object with name and flow_json or nodes_json";

export interface RuleJsonOptions {
  /** The pack's site: the flow is compiled with it, as is the DSL decompiled from a nodes_json. */
  site?: SiteIndex | undefined;
}

export function compileRuleJson(file: string, text: string, options: RuleJsonOptions = {}): RuleJsonResult {
  const result = (diagnostics: Diagnostic[], outputs: CompiledOutput[] = []): FileResult => ({ file, kind: "flow", text, diagnostics, outputs });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { result: result([jsonSyntaxError(text, error)]) };
  }
  if (!isObject(document) || !Object.hasOwn(document, "name")) return { result: result([error("import/not-a-rule", `expected ${SHAPE}`, "")]) };
  const flow = document.flow_json ?? null;
  const nodes = document.nodes_json;
  if (flow === null && isObject(nodes) && Object.keys(nodes).length === 0) {
    return { result: result([]), skipped: "a stub (nodes_json {}) has no flow to import" };
  }
  const field = (key: string, fallback: unknown): unknown => (Object.hasOwn(document, key) ? document[key] : fallback);
  const metadata = { name: document.name, description: field("description", ""), priority: field("priority", 0), cooldown_ms: field("cooldown_ms", 0), trigger_config: field("trigger_config", null) };
  const diagnostics: Diagnostic[] = [];
  // The API's own schema for these fields, so a file is refused here exactly when PUT would refuse it.
  const valid = validateRuleUpdateRequest({ ...metadata, confirmed: true }, diagnostics);
  const checked = metadata as RuleMetadata;
  let compiled: Compiled;
  if (flow !== null) compiled = fromFlowJson(flow, options.site);
  else if (nodes === undefined) compiled = { diagnostics: [error("import/not-a-rule", `no flow_json and no nodes_json: expected ${SHAPE}`, "")] };
  else if (valid) compiled = fromNodesJson(nodes, checked, options.site); // the settings are written into the decompiled text
  else compiled = { diagnostics: [] };
  if ("diagnostics" in compiled || !valid) return { result: result([...diagnostics, ...("diagnostics" in compiled ? compiled.diagnostics : [])]) };
  return { result: result([], [{ metadata: checked, ...compiled }]) };
}

type Compiled = Omit<CompiledOutput, "metadata"> | { diagnostics: Diagnostic[] };

function fromFlowJson(flow: unknown, site: SiteIndex | undefined): Compiled {
  const compiled = compileFlow(flow, { site });
  if (!compiled.ok) return { diagnostics: prefixed(compiled.diagnostics, "/flow_json") };
  return { flow_json: compiled.flow_json, nodes_json: compiled.nodes_json };
}

// Every write path goes through the one compile function: the topology becomes DSL text, and the
// text is compiled like any rule file (with the site the text's names came from).
function fromNodesJson(nodes: unknown, metadata: RuleMetadata, site: SiteIndex | undefined): Compiled {
  const decompiled = decompileFlow(nodes, metadata, { site });
  if (!decompiled.ok) return { diagnostics: prefixed(decompiled.diagnostics, "/nodes_json") };
  const compiled = compileRuleSource(decompiled.text, { site });
  const rule = compiled.rules[0];
  const failure = compiled.diagnostics.find((d) => d.severity === "error");
  if (rule === undefined || failure !== undefined) {
    return { diagnostics: [error("import/decompiled-rule-invalid", `the rule decompiled from nodes_json does not compile (${failure?.message ?? "no rule"}); run svc decompile on this file to see the text`, "/nodes_json")] };
  }
  return { flow_json: rule.flow_json, nodes_json: rule.nodes_json };
}

function prefixed(diagnostics: Diagnostic[], prefix: string): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, path: `${prefix}${d.path ?? ""}` }));
}

function error(code: string, message: string, path: string): Diagnostic {
  return { code, severity: "error", message, path };
}
