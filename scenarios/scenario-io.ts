// The scenario's contact with the service's parts: a PackRule as the stored Rule that loadRules
// takes, a step applied to the point plane (a value set as the field would set it, a channel's
// writer stopped or started), and an execution's actions as the scenario's writes.
import type { Rule } from "../generated/types.js";
import type { ExecutionResult } from "../runtime/engine/execution-result.js";
import type { SiteCatalog } from "../runtime/points/point-catalog.js";
import type { PointPlane } from "../runtime/points/point-plane.js";
import { pointRefText } from "../runtime/points/point-text.js";
import type { ScenarioSite } from "./resolve-point.js";
import type { PackRule, ScenarioStep, ScenarioWrite } from "./scenario-model.js";

/** The rule as `svc sync` would store it (no editor document: the runtime runs nodes_json only). */
export function storedRule(rule: PackRule, at: number): Rule {
  const stamp = new Date(at).toISOString();
  return {
    id: rule.id,
    name: rule.name,
    description: "",
    enabled: rule.enabled,
    priority: rule.priority,
    cooldown_ms: rule.cooldown_ms,
    trigger_config: rule.trigger_config,
    flow_json: null,
    nodes_json: rule.nodes_json,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** A set or a channel step; enable and disable are the scheduler's (a reload). */
export function applyStep(plane: PointPlane, step: ScenarioStep): void {
  switch (step.kind) {
    case "set":
      for (const { point, value } of step.values) {
        // A measurement as the acquisition side publishes it; an action as the device shows it.
        if (plane.catalog.points[point.index]!.ref.point_type === "measurement") plane.setMeasurement(point.index, value);
        else plane.setActionValue(point.index, value);
      }
      return;
    case "channel_down":
      plane.channel(step.channel)?.restart();
      return;
    case "channel_up":
      plane.channel(step.channel)?.startWriter();
      return;
    default:
      return;
  }
}

/** Every action of an execution, accepted or refused (with why). */
export function writesOf(at: number, rule: string, result: ExecutionResult, catalog: SiteCatalog, site: ScenarioSite): ScenarioWrite[] {
  return result.actions.map((action) => {
    const ref = { instance: action.target, point_type: action.point_type, point: action.point };
    const index = catalog.lookup(ref)?.index;
    const point = index === undefined ? { index: -1, text: pointRefText(ref) } : site.points[index]!;
    const write: ScenarioWrite = { at, rule, point, value: action.value, accepted: action.success };
    if (action.reason !== undefined) write.reason = action.reason;
    return write;
  });
}
