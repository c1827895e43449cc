// A rule whose flow writes a point its own on_change trigger watches re-triggers itself: each
// write is a change of a watched point, so the rule runs again (issue 16.11; the value climbed at
// tick rate). The compiler warns at every such write; the rule is still valid and is stored, and
// the scheduler guards at run time (docs/scheduler.md). Only the trigger and the flow together
// show it: compileFlow runs it when given the trigger (issue 17), so every path warns once; the
// service also runs it on stored rules. With the site, a write whose action the site reads back
// into a watched measurement (`reads_back`) is the same loop and warned the same way.
import type { Diagnostic, FlowJson, TriggerConfig } from "../../generated/types.js";
import { pointer } from "../diagnostics/diagnostic.js";
import { pointLabel } from "../site/point-label.js";
import type { SiteIndex } from "../site/site-index.js";

export const SELF_TRIGGER = "rule/self-trigger";

/** One warning per write of the flow to a point the trigger watches; paths point into `flow`. */
export function checkSelfTrigger(trigger: TriggerConfig | null | undefined, flow: FlowJson | null | undefined, site?: SiteIndex): Diagnostic[] {
  if (trigger?.type !== "on_change" || flow === null || flow === undefined || !Array.isArray(trigger.point_refs)) return [];
  const watched = new Map(trigger.point_refs.map((ref, k) => [key(ref), k]));
  const warnings: Diagnostic[] = [];
  flow.nodes.forEach((node, i) => {
    if (node.type !== "change") return;
    node.data.config.writes.forEach((write, j) => {
      const k = watched.get(key(write));
      const readBack = k === undefined ? site?.lookup(write)?.readsBack : undefined;
      const r = readBack === undefined ? undefined : watched.get(key(readBack));
      if (k === undefined && r === undefined) return; // no warning: no label or path built (issue 19.5)
      const point = pointLabel(site, write); // by its name too when the site has one
      const where = { path: pointer("nodes", i, "data", "config", "writes", j), nodeId: node.id };
      if (k !== undefined) {
        warnings.push({
          code: SELF_TRIGGER,
          severity: "warning",
          message: `this write to ${point} re-triggers the rule: ${point} is a point of its own on_change trigger (point_refs/${k}), so every execution that writes it is a change that runs the rule again`,
          ...where,
          suggestion: `trigger on the points the rule reads rather than on ${point}, or write another point`,
        });
        return;
      }
      const measurement = pointLabel(site, readBack!);
      warnings.push({
        code: SELF_TRIGGER,
        severity: "warning",
        message: `this write to ${point} re-triggers the rule: the site reads ${point} back into ${measurement}, a point of its own on_change trigger (point_refs/${r}), so every execution that writes it is a change that runs the rule again`,
        ...where,
        suggestion: `trigger on the points the rule reads rather than on ${measurement}, or write another point`,
      });
    });
  });
  return warnings;
}

function key(ref: { instance: number; point_type: string; point: number }): string {
  return `${ref.point_type}(${ref.instance}, ${ref.point})`;
}
