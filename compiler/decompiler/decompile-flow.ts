// decompileFlow: a stored rule (an editor document, or a nodes_json on its own, and its metadata)
// to DSL text. The flow is checked as compileFlow checks any flow first; problems come back as
// diagnostics, never as exceptions.
import type { Diagnostic, NodesTopology } from "../../generated/types.js";
import { validateNodesJson } from "../../generated/index.js";
import { compileFlow } from "../front-ends/flow-json/index.js";
import type { RuleMetadata } from "../lower/compiled-rule.js";
import { checkMetadata } from "./check-metadata.js";
import { decompileRule, type DecompileOptions } from "./decompile.js";
import { toFlowJson, toTopologyDiagnostic } from "./nodes-to-flow.js";

export type DecompileResult = { ok: true; text: string } | { ok: false; diagnostics: Diagnostic[] };

type Checked = { ok: true; nodes_json: NodesTopology } | { ok: false; diagnostics: Diagnostic[] };

/**
 * DSL text for a flow_json (an object whose `nodes` is an array) or a nodes_json (anything
 * else). A stub nodes_json (`{}`) has no flow to decompile: `decompile/stub`. Metadata that
 * cannot be written as settings: `decompile/invalid-metadata`, paths into the metadata. With
 * `options.site`, points the site declares are written by name (the flow is checked as ever:
 * decompiling never refuses a point the site lacks; compiling does).
 */
export function decompileFlow(input: unknown, metadata: RuleMetadata, options: DecompileOptions = {}): DecompileResult {
  const invalid = checkMetadata(metadata);
  const checked = checkFlow(input);
  if (!checked.ok || invalid.length > 0) return { ok: false, diagnostics: [...invalid, ...(checked.ok ? [] : checked.diagnostics)] };
  return { ok: true, text: decompileRule(checked.nodes_json, metadata, labelsOf(input), options) };
}

/** The string labels of an editor document's nodes by id (they name blocks); none for a nodes_json. */
function labelsOf(input: unknown): Map<string, string> {
  const labels = new Map<string, string>();
  const nodes = (input as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes)) return labels;
  for (const node of nodes as Array<{ id?: unknown; data?: { label?: unknown } }>) {
    if (typeof node.id === "string" && typeof node.data?.label === "string") labels.set(node.id, node.data.label);
  }
  return labels;
}

function checkFlow(input: unknown): Checked {
  const isObject = typeof input === "object" && input !== null;
  if (isObject && Array.isArray((input as { nodes?: unknown }).nodes)) return compileFlow(input);
  if (isObject && !Array.isArray(input) && Object.keys(input).length === 0) {
    return fail("decompile/stub", "this rule is a stub: its nodes_json is {} and has no flow to decompile", "");
  }
  return checkTopology(input);
}

function checkTopology(input: unknown): Checked {
  const diagnostics: Diagnostic[] = [];
  if (!validateNodesJson(input, diagnostics)) return { ok: false, diagnostics };
  const topology = input as NodesTopology;
  if (!Object.hasOwn(topology.nodes, topology.start) || topology.nodes[topology.start]?.type !== "start") {
    return fail("decompile/start-mismatch", `'start' names '${topology.start}', which is not a node of type start`, "/start");
  }
  const compiled = compileFlow(toFlowJson(topology));
  if (!compiled.ok) return { ok: false, diagnostics: compiled.diagnostics.map((d) => toTopologyDiagnostic(d, topology)) };
  return compiled;
}

function fail(code: string, message: string, path: string): Checked {
  return { ok: false, diagnostics: [{ code, severity: "error", message, path }] };
}
