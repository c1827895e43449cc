// A scenario's `initial` and `steps` checked and resolved: points to catalog indices, times to
// epoch ms (never before start), ramps expanded into one set every `every`, channels and rule
// names checked. Steps come out in the order they apply: by time, ties in file order.
import type { YamlPointValues, YamlScenario, YamlScenarioStep } from "../generated/types.js";
import { closestName } from "../generated/index.js";
import { didYouMean } from "../compiler/diagnostics/diagnostic.js";
import { pointAt, positionAt, report, type FileContext } from "./scenario-context.js";
import { formatDuration, parseDuration, parseTime } from "./scenario-time.js";
import type { ScenarioPoint, ScenarioStep } from "./scenario-model.js";

/** A step before ordering, with what ordering and the later checks need. */
export interface PendingStep {
  step: ScenarioStep;
  /** File order of the step (a ramp's sets share it). */
  order: number;
  /** Rule names of enable/disable steps, with the path each is written at. */
  ruleRefs: { name: string; path: string }[];
}

export interface BuiltSteps {
  initial: { point: ScenarioPoint; value: number }[];
  steps: ScenarioStep[];
  /** Enable/disable names to check against the rules the scenario runs. */
  ruleRefs: { name: string; path: string }[];
  /** The latest time the steps name (a ramp's end), for the default duration. */
  latest: number;
  /** Every point the scenario sets (initial and steps). */
  setPoints: Set<number>;
}

export function buildSteps(context: FileContext, path: string, scenario: YamlScenario, start: number, siteInitial: (index: number) => number): BuiltSteps {
  const initial = pointValues(context, `${path}/initial`, scenario.initial ?? {});
  const setPoints = new Set(initial.map((v) => v.point.index));
  const pending: PendingStep[] = [];
  const ramps: { order: number; at: number; every: number; over: number; targets: { point: ScenarioPoint; value: number }[]; path: string; position: ScenarioStep["position"] }[] = [];
  let latest = start;
  (scenario.steps ?? []).forEach((raw, order) => {
    const at = timeAt(context, `${path}/steps/${order}/at`, raw.at, start);
    if (at === undefined) return;
    latest = Math.max(latest, at);
    const stepPath = `${path}/steps/${order}`;
    const position = positionAt(context, stepPath);
    const built = buildStep(context, stepPath, raw, at, position);
    if (built === undefined) return;
    if ("ramp" in built) {
      ramps.push({ ...built.ramp, order, at, path: stepPath, position });
      latest = Math.max(latest, at + built.ramp.over);
      for (const t of built.ramp.targets) setPoints.add(t.point.index);
      return;
    }
    if (built.step.kind === "set") for (const v of built.step.values) setPoints.add(v.point.index);
    pending.push({ ...built, order });
  });
  if (tooManySets(context, ramps, pending.length)) return { initial, steps: [], ruleRefs: pending.flatMap((p) => p.ruleRefs), latest, setPoints };
  // A loop, not push(...): a ramp may expand to more sets than a call takes arguments.
  for (const set of expandRamps(context, ramps, pending, initial, siteInitial)) pending.push(set);
  pending.sort((a, b) => a.step.at - b.step.at || a.order - b.order);
  return { initial, steps: pending.map((p) => p.step), ruleRefs: pending.flatMap((p) => p.ruleRefs), latest, setPoints };
}

// The sets a scenario's steps may expand to (a ramp is one set every `every`): ramps are expanded
// into memory before the run, so an `over: 6d, every: 1ms` is refused here, before expanding.
/** More sets than this in one scenario's steps (ramps expanded) is refused. */
export const MAX_SETS = 200_000;

/** Reports (at the ramp that passes it) when the steps expand to more than MAX_SETS sets. */
function tooManySets(context: FileContext, ramps: readonly { order: number; every: number; over: number; path: string }[], steps: number): boolean {
  let total = steps;
  for (const ramp of [...ramps].sort((a, b) => a.order - b.order)) {
    total += Math.ceil(ramp.over / ramp.every);
    if (total > MAX_SETS) {
      report(context, ramp.path, "scenario/too-many-steps", `the steps expand to more than ${MAX_SETS} sets (this ramp is ${Math.ceil(ramp.over / ramp.every)} sets): use a longer \`every\` or a shorter \`over\``);
      return true;
    }
  }
  return false;
}

/** A time at `path`: an offset from start or an ISO time, never before start. */
export function timeAt(context: FileContext, path: string, text: string, start: number): number | undefined {
  const at = parseTime(text, start);
  if (at === undefined) {
    report(context, path, "scenario/invalid-time", `'${text}' is not a time: write an offset from start (30s, 1m30s) or an ISO time (2026-01-05T08:00:30Z)`);
    return undefined;
  }
  if (at < start) {
    report(context, path, "scenario/before-start", `${text} is ${formatDuration(start - at)} before the scenario's start`);
    return undefined;
  }
  return at;
}

type BuiltStep = { step: ScenarioStep; ruleRefs: PendingStep["ruleRefs"] } | { ramp: { every: number; over: number; targets: { point: ScenarioPoint; value: number }[] } };

function buildStep(context: FileContext, path: string, raw: YamlScenarioStep, at: number, position: ScenarioStep["position"]): BuiltStep | undefined {
  if ("set" in raw) return { step: { kind: "set", at, position, values: pointValues(context, `${path}/set`, raw.set) }, ruleRefs: [] };
  if ("ramp" in raw) {
    const over = positiveDuration(context, `${path}/over`, raw.over);
    const every = positiveDuration(context, `${path}/every`, raw.every);
    const targets = pointValues(context, `${path}/ramp`, raw.ramp);
    if (over === undefined || every === undefined) return undefined;
    if (every > over) {
      report(context, `${path}/every`, "scenario/ramp-every", `every (${raw.every}) is longer than the ramp (over ${raw.over})`);
      return undefined;
    }
    return { ramp: { over, every, targets } };
  }
  if ("enable" in raw || "disable" in raw) {
    const kind = "enable" in raw ? "enable" : "disable";
    const names = "enable" in raw ? raw.enable : raw.disable;
    const list = typeof names === "string" ? [names] : names;
    const ruleRefs = list.map((name, i) => ({ name, path: typeof names === "string" ? `${path}/${kind}` : `${path}/${kind}/${i}` }));
    return { step: { kind, at, position, rules: list }, ruleRefs };
  }
  if ("channel_down" in raw || "channel_up" in raw) {
    const kind = "channel_down" in raw ? "channel_down" : "channel_up";
    const channel = "channel_down" in raw ? raw.channel_down : raw.channel_up;
    const channels = context.site.index.site.channels.map((c) => c.id);
    if (!channels.includes(channel)) {
      const listed = channels.length === 0 ? "the site declares no channels" : `its channels are ${channels.join(", ")}`;
      report(context, `${path}/${kind}`, "scenario/unknown-channel", `the site has no channel '${channel}'`, { suggestion: didYouMean(closestName(channel, channels)) ?? listed });
      return undefined;
    }
    return { step: { kind, at, position, channel }, ruleRefs: [] };
  }
  report(context, path, "scenario/unknown-step", "a step needs one of set, ramp, enable, disable, channel_down or channel_up beside `at`");
  return undefined;
}

function positiveDuration(context: FileContext, path: string, text: string): number | undefined {
  const ms = parseDuration(text);
  if (ms === undefined || ms <= 0) {
    report(context, path, "scenario/invalid-duration", `${text} is not a duration above zero`);
    return undefined;
  }
  return ms;
}

/** Points (keys) and values of a map: null is unavailable (NaN). Unknown points are reported at the key. */
export function pointValues(context: FileContext, path: string, values: YamlPointValues | Record<string, number>): { point: ScenarioPoint; value: number }[] {
  const out: { point: ScenarioPoint; value: number }[] = [];
  for (const [text, value] of Object.entries(values)) {
    const resolved = pointAt(context, `${path}/${escape(text)}`, text, true);
    if (resolved !== undefined) out.push({ point: resolved.point, value: value === null || value === undefined ? NaN : value });
  }
  return out;
}

function escape(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

// Each ramp's start value is the point's value at the ramp's start: the last value the scenario
// set at or before it — sets and the sets of earlier ramps alike, in time order, ties in file
// order — else its initial value. The rules' own writes are not known here.
function expandRamps(
  context: FileContext,
  ramps: { order: number; at: number; every: number; over: number; targets: { point: ScenarioPoint; value: number }[]; path: string; position: ScenarioStep["position"] }[],
  pending: readonly PendingStep[],
  initial: readonly { point: ScenarioPoint; value: number }[],
  siteInitial: (index: number) => number,
): PendingStep[] {
  const known = pending.filter((p) => p.step.kind === "set");
  const valueBefore = (index: number, at: number): number => {
    let value = initial.find((v) => v.point.index === index)?.value ?? siteInitial(index);
    let latest: PendingStep | undefined;
    for (const p of known) {
      if (p.step.kind !== "set" || p.step.at > at) continue;
      const v = p.step.values.find((x) => x.point.index === index);
      if (v === undefined) continue;
      // The later one wins; at one time, the later in the file (a ramp's own sets are in time order).
      if (latest === undefined || p.step.at > latest.step.at || (p.step.at === latest.step.at && p.order >= latest.order)) {
        latest = p;
        value = v.value;
      }
    }
    return value;
  };
  const out: PendingStep[] = [];
  for (const ramp of [...ramps].sort((a, b) => a.at - b.at || a.order - b.order)) {
    const from = ramp.targets.map((t) => valueBefore(t.point.index, ramp.at));
    const unavailable = ramp.targets.find((_, i) => !Number.isFinite(from[i]!));
    if (unavailable !== undefined) {
      report(context, `${ramp.path}/ramp`, "scenario/ramp-from-unavailable", `${unavailable.point.text} has no value when the ramp starts: give it one in \`initial\` or an earlier step`);
      continue;
    }
    for (let offset = ramp.every; ; offset = Math.min(offset + ramp.every, ramp.over)) {
      const fraction = offset / ramp.over;
      const values = ramp.targets.map((t, i) => ({ point: t.point, value: offset === ramp.over ? t.value : from[i]! + (t.value - from[i]!) * fraction }));
      const set: PendingStep = { step: { kind: "set", at: ramp.at + offset, position: ramp.position, values }, order: ramp.order, ruleRefs: [] };
      out.push(set);
      known.push(set);
      if (offset === ramp.over) break;
    }
  }
  return out;
}
