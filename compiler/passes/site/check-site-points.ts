// Every point a flow reads, deltas or writes, and every point its on_change trigger watches, is
// declared by the site (issue 17): `point/unknown-instance` when the instance is missing,
// `point/unknown-point` when the instance lacks the point (saying what it has instead), and
// `point/unknown-trigger-point` for a trigger point. Writes are action points by the schema.
// Messages are built only for what is missing: a flow that matches the site costs one lookup per
// reference.
import type { TriggerConfig } from "../../../generated/types.js";
import { flowError, pointer, type Diagnostic } from "../../diagnostics/diagnostic.js";
import { configPath, type FlowModel } from "../../front-ends/flow-json/flow-model.js";
import { refText, type SiteIndex, type SiteRef } from "../../site/site-index.js";

export const UNKNOWN_INSTANCE = "point/unknown-instance";
export const UNKNOWN_POINT = "point/unknown-point";
export const UNKNOWN_TRIGGER_POINT = "point/unknown-trigger-point";

/**
 * Where a trigger diagnostic of compileFlow points: into the rule's trigger_config, not into the
 * flow document (which has no `trigger_config` member, so the two never collide).
 */
export const TRIGGER_CONFIG_PATH = "/trigger_config";

export function checkSitePoints(model: FlowModel, site: SiteIndex, diagnostics: Diagnostic[]): void {
  for (const entry of model.nodes) {
    const node = entry.node;
    const check = (ref: SiteRef, verb: string, ...at: Array<string | number>): void => {
      if (site.lookup(ref) !== undefined) return;
      const problem = describeMissing(ref, site, `the flow ${verb}`, verb === "writes");
      const where = configPath(entry, ...at, problem.code === UNKNOWN_INSTANCE ? "instance" : "point");
      diagnostics.push(flowError(problem.code, problem.message, { path: where, nodeId: entry.id, suggestion: problem.suggestion }));
    };
    switch (node.type) {
      case "input":
        node.data.config.variables.forEach((v, j) => check(v, "reads", "variables", j));
        break;
      case "period_delta":
        check(node.data.config, "reads");
        break;
      case "change":
        node.data.config.writes.forEach((w, j) => check(w, "writes", "writes", j));
        break;
      default:
        break;
    }
  }
}

/** Trigger points the site does not declare; paths are `/trigger_config/point_refs/<k>`. */
export function checkTriggerPoints(trigger: TriggerConfig, site: SiteIndex, diagnostics: Diagnostic[]): void {
  if (trigger.type !== "on_change" || !Array.isArray(trigger.point_refs)) return;
  trigger.point_refs.forEach((ref, k) => {
    if (site.lookup(ref) !== undefined) return;
    const problem = describeMissing(ref, site, "on_change watches");
    diagnostics.push(flowError(UNKNOWN_TRIGGER_POINT, problem.message, { path: `${TRIGGER_CONFIG_PATH}${pointer("point_refs", k)}`, suggestion: problem.suggestion }));
  });
}

interface Missing {
  code: typeof UNKNOWN_INSTANCE | typeof UNKNOWN_POINT;
  message: string;
  suggestion?: string | undefined;
}

const LISTED = 8;

// "the site has no instance 99" / "instance 7 (AHU-1) has measurement 4 (fan_status), not action 4".
function describeMissing(ref: SiteRef, site: SiteIndex, what: string, writing = false): Missing {
  const text = `${what} ${refText(ref)}`;
  const instance = site.instance(ref.instance);
  if (instance === undefined) {
    // The instances whose ids are nearest, in id order: a site may have hundreds.
    const nearest = [...site.site.instances].sort((a, b) => Math.abs(a.id - ref.instance) - Math.abs(b.id - ref.instance)).slice(0, LISTED);
    const ids = nearest.sort((a, b) => a.id - b.id).map((i) => `${i.id} (${i.name})`);
    const more = site.site.instances.length > LISTED;
    const listed = ids.length === 0 ? "the site declares no instances" : `the site's instances ${more ? "nearest to that id " : ""}are ${ids.join(", ")}`;
    return { code: UNKNOWN_INSTANCE, message: `${text}, but the site has no instance ${ref.instance}`, suggestion: listed };
  }
  const named = `instance ${instance.id} (${instance.name})`;
  const same = instance.points.filter((p) => p.type === ref.point_type).map((p) => `${p.point} (${p.name})`);
  const listed = same.length === 0 ? `${named} has no ${ref.point_type} points` : `the ${ref.point_type} points of ${named} are ${same.slice(0, LISTED).join(", ")}${same.length > LISTED ? ", ..." : ""}`;
  const twin = instance.points.find((p) => p.point === ref.point && p.type !== ref.point_type);
  if (twin !== undefined) {
    // A rule writes only actions: a measurement of that number is not the point meant.
    const suggestion = writing && twin.type === "measurement" ? listed : `did you mean ${twin.type}(${instance.id}, ${twin.point})?`;
    return { code: UNKNOWN_POINT, message: `${text}, but ${named} has ${twin.type} ${twin.point} (${twin.name}), not ${ref.point_type} ${ref.point}`, suggestion };
  }
  return { code: UNKNOWN_POINT, message: `${text}, but ${named} has no ${ref.point_type} ${ref.point}`, suggestion: listed };
}
