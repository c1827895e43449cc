// From a stored trigger_config to the scheduler's ScheduledTrigger: defaults applied, point
// references resolved to dense point indices. Pure; whoever builds ScheduledRule calls it.
import type { PointRef, TriggerConfig } from "../../../generated/types.js";
import type { ScheduledTrigger, ValueDeadbandSpec } from "./types.js";

/** Period of a rule without trigger_config and without cooldown (spec, Limits). */
export const DEFAULT_INTERVAL_MS = 1000;

export interface ResolvedTrigger {
  trigger: ScheduledTrigger;
  /** Point references the site does not declare, for the caller to report. They are left out of
   * the trigger: an on_change rule whose points are all unknown has no points and never fires. */
  unknownPoints: PointRef[];
}

export function toScheduledTrigger(
  config: TriggerConfig | null,
  cooldownMs: number,
  resolve: (ref: PointRef) => number | undefined,
): ResolvedTrigger {
  if (config === null) return { trigger: { kind: "interval", intervalMs: cooldownMs > 0 ? cooldownMs : DEFAULT_INTERVAL_MS }, unknownPoints: [] };
  if (config.type === "interval") return { trigger: { kind: "interval", intervalMs: config.interval_ms }, unknownPoints: [] };
  const points: number[] = [];
  const unknownPoints: PointRef[] = [];
  for (const ref of config.point_refs) {
    const index = resolve(ref);
    if (index === undefined) unknownPoints.push(ref);
    else if (!points.includes(index)) points.push(index);
  }
  const valueDeadband: ValueDeadbandSpec = config.value_deadband ?? null;
  return { trigger: { kind: "on_change", points, timeDeadbandMs: config.time_deadband_ms ?? 0, valueDeadband }, unknownPoints };
}

/** Equal triggers keep a rule's trigger state across a reload; any difference resets it. */
export function sameTrigger(a: ScheduledTrigger, b: ScheduledTrigger): boolean {
  if (a.kind === "interval") return b.kind === "interval" && a.intervalMs === b.intervalMs;
  if (b.kind === "interval") return false;
  return (
    a.timeDeadbandMs === b.timeDeadbandMs &&
    sameDeadband(a.valueDeadband, b.valueDeadband) &&
    a.points.length === b.points.length &&
    a.points.every((index, i) => index === b.points[i])
  );
}

function sameDeadband(a: ValueDeadbandSpec, b: ValueDeadbandSpec): boolean {
  if (a === null || b === null) return a === b;
  if ("absolute" in a) return "absolute" in b && a.absolute === b.absolute;
  return "percent" in b && a.percent === b.percent;
}
