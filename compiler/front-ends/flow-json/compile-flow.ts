// compileFlow: the one function that turns an editor document into both stored columns.
// Checks run in a fixed order; a later check runs only on what the earlier ones proved sound.
// Any diagnostic means no nodes_json at all. User input never makes it throw.
// It works on exactly the JSON document of its input (read-document.ts): the input itself when it
// is plain JSON data, else its JSON text parsed again; it never changes the input.
import type { Diagnostic, FlowJson, NodesTopology, TriggerConfig } from "../../../generated/types.js";
import { validateFlowJson, validateTriggerConfig } from "../../../generated/index.js";
import { checkEdges } from "../../passes/check-edges.js";
import { checkExecutionBound } from "../../passes/check-execution-bound.js";
import { checkGraph } from "../../passes/check-graph.js";
import { checkNodeIds } from "../../passes/check-node-ids.js";
import { checkSelfTrigger } from "../../passes/check-self-trigger.js";
import { checkSitePoints, checkTriggerPoints } from "../../passes/site/check-site-points.js";
import { checkSiteValues } from "../../passes/site/check-site-values.js";
import { checkStart } from "../../passes/check-start.js";
import { checkVariables } from "../../passes/check-variables.js";
import { checkWires } from "../../passes/check-wires.js";
import { parseExpressions, type ParsedExpressions } from "../../passes/parse-expressions.js";
import type { SiteIndex } from "../../site/site-index.js";
import { emitTopology } from "../../topology/emit-topology.js";
import { buildFlowModel, type FlowModel, type FlowNodeEntry } from "./flow-model.js";
import { readDocument } from "./read-document.js";

/** What compileFlow knows besides the document, when the caller knows it (issue 17). */
export interface CompileOptions {
  /** The site the rule runs against (a pack's site.yaml, the service's loaded site): the checks that need it run only with one. */
  site?: SiteIndex | undefined;
  /**
   * The rule's trigger: the checks that need trigger and flow together run only with one. Its
   * diagnostics have paths `/trigger_config/point_refs/<k>` (see TRIGGER_CONFIG_PATH).
   */
  trigger?: TriggerConfig | null | undefined;
}

/**
 * Warnings (severity "warning") never stop a flow: a valid flow carries them in `warnings`; an
 * invalid one has them among its `diagnostics`.
 */
export type CompileFlowResult =
  | { ok: true; flow_json: FlowJson; nodes_json: NodesTopology; warnings: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

export function compileFlow(input: unknown, options: CompileOptions = {}): CompileFlowResult {
  const diagnostics: Diagnostic[] = [];
  const read = readDocument(input, diagnostics);
  if (read === undefined) return { ok: false, diagnostics };
  const { document } = read;
  if (!validateFlowJson(document, diagnostics)) {
    if (typeof input === "string") diagnostics[0]!.suggestion = "pass the parsed document (JSON.parse) rather than its text";
    return { ok: false, diagnostics: withNodeIds(diagnostics, document) };
  }

  const model = buildFlowModel(document);
  checkNodeIds(model, diagnostics);
  checkStart(model, diagnostics);
  const wiresSound = checkWires(model, diagnostics);
  checkEdges(model, diagnostics);
  const parsed = parseExpressions(model, diagnostics);
  const order = checkGraph(model, wiresSound, diagnostics);
  if (order !== undefined) {
    // The bound first: a flow too costly to run is refused before the passes whose cost grows
    // with the number of variables times the number of nodes (scopes, value ranges), so that no
    // document under the size limits makes compiling slow (validate is open to every reader).
    const before = diagnostics.length;
    checkExecutionBound(order, parsed, diagnostics);
    if (diagnostics.length === before) checkVariables(order, parsed, diagnostics);
  }
  // Value ranges need sound variables and types: only on a flow without errors so far.
  const sound = order !== undefined && !diagnostics.some((d) => d.severity !== "warning");
  checkWithContext(model, sound ? order : undefined, parsed, options, diagnostics);
  if (order === undefined || diagnostics.some((d) => d.severity !== "warning")) return { ok: false, diagnostics };
  const nodes_json = emitTopology(order, parsed);
  return { ok: true, flow_json: read.sorted() as FlowJson, nodes_json, warnings: diagnostics };
}

// The checks against what the caller knows besides the document (issue 17): the site's points,
// ranges and units; the trigger's points. Nothing at all runs without a site or a trigger.
function checkWithContext(model: FlowModel, order: FlowNodeEntry[] | undefined, parsed: ParsedExpressions, options: CompileOptions, diagnostics: Diagnostic[]): void {
  const { site } = options;
  if (site !== undefined) {
    checkSitePoints(model, site, diagnostics);
    if (order !== undefined) checkSiteValues(order, parsed, site, diagnostics);
  }
  const trigger = options.trigger;
  if (trigger?.type !== "on_change" || !validateTriggerConfig(trigger)) return;
  if (site !== undefined) checkTriggerPoints(trigger, site, diagnostics);
  diagnostics.push(...checkSelfTrigger(trigger, model.doc, site));
}

// Schema diagnostics point into /nodes/<index>/...: name the node too, when it has an id.
function withNodeIds(diagnostics: Diagnostic[], input: unknown): Diagnostic[] {
  const nodes = (input as { nodes?: unknown } | null)?.nodes;
  return diagnostics.map((d) => {
    const index = /^\/nodes\/(\d+)(?:\/|$)/.exec(d.path ?? "")?.[1];
    const id = index !== undefined && Array.isArray(nodes) ? (nodes[Number(index)] as { id?: unknown } | null)?.id : undefined;
    return typeof id === "string" ? { ...d, nodeId: id } : d;
  });
}
