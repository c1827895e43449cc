// From the scheduler's suppression decisions to decisions people can read (issue 18.4): the point
// by its site name, and what held the trigger (the cooldown and the action that started it, the
// deadbands, the interval) as the rule is now. Pure; the runtime keeps the state it reads.
import type { SiteIndex } from "../../compiler/index.js";
import { sitePointName } from "../../compiler/site/point-label.js";
import type { DecisionContext, PointRef } from "../../generated/types.js";
import { RECORDED_KINDS, type Decision } from "../decisions/decision-aggregator.js";
import type { ScheduledRule, SchedulerDecision } from "../engine/scheduler/types.js";
import type { SiteCatalog } from "../points/point-catalog.js";

export interface DescriberState {
  /** The rules of the last reload, by id. */
  rules: ReadonlyMap<number, ScheduledRule>;
  /** When each rule's cooldown started (epoch ms), as far as the runtime knows. */
  actedAt: ReadonlyMap<number, number>;
  /** The input that stopped each rule's last execution, when it stopped at one. */
  unavailable: ReadonlyMap<number, PointRef>;
}

export type DescribeDecision = (decision: SchedulerDecision) => Decision | undefined;

export function createDecisionDescriber(catalog: SiteCatalog, site: SiteIndex | undefined, state: DescriberState): DescribeDecision {
  // Point names by index, looked up once per point.
  const names = new Map<number, string | null>();
  const pointOf = (index: number): Decision["point"] => {
    const point = catalog.points[index];
    if (point === undefined) return undefined;
    let name = names.get(index);
    if (name === undefined) {
      name = (site === undefined ? undefined : sitePointName(site, point.ref)) ?? null;
      names.set(index, name);
    }
    return { ref: { ...point.ref }, name };
  };
  const refPoint = (ref: PointRef): Decision["point"] => {
    const index = catalog.lookup(ref)?.index;
    return index === undefined ? { ref, name: null } : pointOf(index);
  };

  return (decision) => {
    if (decision.decision !== "suppressed" || !RECORDED_KINDS.includes(decision.reason as never)) return undefined;
    const kind = decision.reason as Decision["kind"];
    const { ruleId, at } = decision;
    const described: Decision = { ruleId, at, kind, context: contextOf(kind, state.rules.get(ruleId), state.actedAt.get(ruleId)) };
    if (decision.index !== undefined) {
      described.point = pointOf(decision.index);
      described.value = decision.value;
    } else if (kind === "input_unavailable") {
      const ref = state.unavailable.get(ruleId);
      if (ref !== undefined) described.point = refPoint(ref);
    }
    return described;
  };
}

function contextOf(kind: Decision["kind"], rule: ScheduledRule | undefined, actedAt: number | undefined): DecisionContext | null {
  if (rule === undefined) return null;
  const { trigger } = rule;
  switch (kind) {
    case "cooldown":
      return { cooldown_ms: rule.cooldownMs, ...(actedAt !== undefined && Number.isFinite(actedAt) ? { acted_at: new Date(actedAt).toISOString() } : {}) };
    case "deadband_time":
      return trigger.kind === "on_change" ? { time_deadband_ms: trigger.timeDeadbandMs } : null;
    case "deadband_value":
      return trigger.kind === "on_change" && trigger.valueDeadband !== null ? { value_deadband: trigger.valueDeadband } : null;
    case "disabled":
      if (trigger.kind === "interval") return { interval_ms: trigger.intervalMs };
      return trigger.valueDeadband !== null ? { value_deadband: trigger.valueDeadband } : null;
    default:
      return null;
  }
}
