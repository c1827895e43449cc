// A rule checked against the service's loaded site (issue 17): the one compile function with the
// site and the rule's trigger, its diagnostics placed in the rule as the API shows it — flow
// problems under /flow_json (with the node id), trigger problems under /trigger_config. Used by
// PUT (which refuses on errors and answers the warnings), by reload (a stored rule that no longer
// matches the site is a problem) and by POST /api/rules/validate.
// The re-trigger warning (rule/self-trigger) comes from the same compile, given the trigger.
import type { Diagnostic, FlowJson, NodesTopology, TriggerConfig } from "../../generated/types.js";
import { compileFlow, type SiteIndex } from "../../compiler/index.js";

export interface SiteCheck {
  /** The compiled columns when the flow has no error. */
  compiled?: { flow_json: FlowJson; nodes_json: NodesTopology };
  /** Errors and warnings, in the compiler's order, paths into the flow document itself. */
  diagnostics: Diagnostic[];
}

/** Compiles `flow` with the site and trigger; paths point into the flow document (as `svc compile` gives them). */
export function checkWithSite(flow: unknown, trigger: TriggerConfig | null, site: SiteIndex | undefined): SiteCheck {
  const result = compileFlow(flow, { site, trigger });
  if (!result.ok) return { diagnostics: result.diagnostics };
  return { compiled: { flow_json: result.flow_json, nodes_json: result.nodes_json }, diagnostics: result.warnings };
}

/** The diagnostics placed in the rule: flow paths under /flow_json, trigger paths under /trigger_config. */
export function inRule(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, path: rulePath(d) }));
}

export function isError(d: Diagnostic): boolean {
  return d.severity === "error";
}

export function isTriggerDiagnostic(d: Diagnostic): boolean {
  return d.path?.startsWith("/trigger_config") === true;
}

function rulePath({ code, path }: Diagnostic): string {
  if (path?.startsWith("/trigger_config") === true) return path;
  const ref = /(?:^|\/)point_refs\/(\d+)$/.exec(path ?? "");
  if (ref !== null) return `/trigger_config/point_refs/${ref[1]}`;
  if (code === UNKNOWN_TRIGGER_POINT) return "/trigger_config/point_refs";
  return `/flow_json${path ?? ""}`;
}

const UNKNOWN_TRIGGER_POINT = "point/unknown-trigger-point";
