// checkExpectations: each expectation of a scenario against the run's whole timeline, into an
// outcome with one-line `expected` and (when unmet) `actual` texts in people's terms — points by
// name, times as offsets from start (`+1m30s`) — and, for a failure, the execution it concerns:
// the nearest execution of the rule concerned, or of a rule that writes the point. Pure.
import { pointUsage } from "../compiler/site/point-usage.js";
import { refKey } from "../compiler/site/site-index.js";
import { describeOutcome, describeSuppression, describeWrite, formatValue, outcomeOf, outputsTaken } from "./describe.js";
import { reasonMatches } from "./refusal-reasons.js";
import type { ScenarioSite } from "./resolve-point.js";
import type { Expectation, ExpectationOutcome, PackRule, Scenario, ScenarioExecution, ScenarioSuppression, ScenarioWrite, TimeWindow } from "./scenario-model.js";
import { formatOffset, formatWindow } from "./scenario-time.js";

export interface Timeline {
  executions: readonly ScenarioExecution[];
  suppressions: readonly ScenarioSuppression[];
  writes: readonly ScenarioWrite[];
}

/** What the checks may know of the pack: who writes each point, and which point a short-circuit names. */
export interface CheckPack {
  site: ScenarioSite;
  rules: readonly PackRule[];
}

/** How far the report's window of writes reaches beyond the expectation's. */
export const AROUND_MS = 60_000;
/** Relative slack of every value comparison: floats computed two ways differ in the last bits. */
const RELATIVE_SLACK = 1e-9;
/** Writes or executions listed in one `actual` line. */
const LISTED = 3;

export function checkExpectations(scenario: Scenario, timeline: Timeline, pack?: CheckPack): ExpectationOutcome[] {
  const writers = pack === undefined ? undefined : writersOf(pack);
  return scenario.expect.map((expectation) => check(expectation, scenario, timeline, pack, writers));
}

function check(e: Expectation, scenario: Scenario, timeline: Timeline, pack: CheckPack | undefined, writers: Map<number, Set<string>> | undefined): ExpectationOutcome {
  const { start } = scenario;
  const around = aroundOf(e.window, scenario);
  const inWindow = (at: number): boolean => e.window === null || (at >= e.window[0] && at <= e.window[1]);
  const when = formatWindow(e.window, start);
  const outcome = (passed: boolean, expected: string, actual: () => string, concerns?: () => ScenarioExecution | undefined): ExpectationOutcome => {
    if (passed) return { expectation: e, passed, expected, around };
    const concerned = concerns?.();
    return { expectation: e, passed, expected, actual: actual(), around, ...(concerned === undefined ? {} : { concerns: concerned }) };
  };
  switch (e.kind) {
    case "write":
    case "no_write": {
      const ofPoint = timeline.writes.filter((w) => w.point.index === e.point.index);
      const matching = ofPoint.filter((w) => w.accepted && inWindow(w.at) && (e.kind === "no_write" || matchesWrite(e, w)));
      const concernsWriter = (): ScenarioExecution | undefined => {
        const rules = e.kind === "write" && e.by !== undefined ? new Set([e.by]) : (writers?.get(e.point.index) ?? new Set(ofPoint.map((w) => w.rule)));
        return nearest(timeline.executions.filter((x) => rules.has(x.rule)), e.window);
      };
      if (e.kind === "no_write") {
        const expected = `no write of ${e.point.text} ${when}`;
        const first = matching[0];
        return outcome(matching.length === 0, expected, () => `${e.point.text} was written ${list(matching, (w) => describeWrite(w, start))}`, () => first && executionOf(timeline, first));
      }
      const value = e.value === undefined ? "" : ` = ${formatValue(e.value)}${e.tolerance > 0 ? ` (±${formatValue(e.tolerance)})` : ""}`;
      const by = e.by === undefined ? "" : ` by ${e.by}`;
      const expected = e.count === undefined ? `a write of ${e.point.text}${value} ${when}${by}` : `${exactly(e.count, "write")} of ${e.point.text}${value} ${when}${by}`;
      const passed = e.count === undefined ? matching.length > 0 : matching.length === e.count;
      return outcome(passed, expected, () => actualWrites(e.point.text, ofPoint, matching, e.count, around, start), concernsWriter);
    }
    case "execution":
    case "no_execution": {
      const ofRule = timeline.executions.filter((x) => x.rule === e.rule);
      const windowed = ofRule.filter((x) => inWindow(x.at));
      if (e.kind === "no_execution") {
        const expected = `no execution of ${e.rule} ${when}`;
        return outcome(windowed.length === 0, expected, () => `${e.rule} executed ${list(windowed, (x) => `at ${formatOffset(x.at, start)} (${describeOutcome(x, timeline.writes)})`)}`, () => windowed[0]);
      }
      const matching = windowed.filter((x) => matchesExecution(e, x, pack));
      const expected = `${e.count === undefined ? "an execution" : exactly(e.count, "execution")} of ${e.rule} ${when}${executionDetails(e)}`;
      const passed = e.count === undefined ? matching.length > 0 : matching.length === e.count;
      const actual = (): string => {
        if (windowed.length === 0) {
          const near = nearest(ofRule, e.window);
          return near === undefined ? `${e.rule} never executed` : `no execution ${when}; the nearest at ${formatOffset(near.at, start)}: ${describeOutcome(near, timeline.writes)}`;
        }
        const shown = list(windowed, (x) => `at ${formatOffset(x.at, start)}: ${describeOutcome(x, timeline.writes)}`);
        return e.count !== undefined && matching.length !== e.count ? `${count(matching.length, "matching execution")}; ${e.rule} executed ${shown}` : `${e.rule} executed ${shown}`;
      };
      return outcome(passed, expected, actual, () => (matching.length > 0 && e.count !== undefined ? matching[e.count] ?? matching[0] : undefined) ?? nearest(windowed.length > 0 ? windowed : ofRule, e.window));
    }
    case "suppressed": {
      const ofRule = timeline.suppressions.filter((s) => s.rule === e.rule);
      const matching = ofRule.filter((s) => s.reason === e.reason && inWindow(s.at));
      const expected = `${e.count === undefined ? "a trigger" : exactly(e.count, "trigger")} of ${e.rule} held by ${e.reason} ${when}`;
      const passed = e.count === undefined ? matching.length > 0 : matching.length === e.count;
      const actual = (): string => {
        const other = ofRule.filter((s) => inWindow(s.at) && s.reason !== e.reason);
        const ran = timeline.executions.filter((x) => x.rule === e.rule && inWindow(x.at));
        const parts = [matching.length === 0 ? `none held by ${e.reason}` : `${count(matching.length, "trigger")} held by ${e.reason}`];
        if (other.length > 0) parts.push(`held otherwise: ${list(other, (s) => describeSuppression(s, start))}`);
        if (ran.length > 0) parts.push(`it ran ${list(ran, (x) => `at ${formatOffset(x.at, start)}`)}`);
        return parts.join("; ");
      };
      return outcome(passed, expected, actual, () => nearest(timeline.executions.filter((x) => x.rule === e.rule), e.window));
    }
  }
}

function matchesWrite(e: Extract<Expectation, { kind: "write" }>, w: ScenarioWrite): boolean {
  if (e.by !== undefined && w.rule !== e.by) return false;
  return e.value === undefined || close(w.value, e.value, e.tolerance);
}

export function close(actual: number, expected: number, tolerance: number): boolean {
  return Math.abs(actual - expected) <= tolerance + RELATIVE_SLACK * Math.max(Math.abs(actual), Math.abs(expected));
}

function matchesExecution(e: Extract<Expectation, { kind: "execution" }>, x: ScenarioExecution, pack: CheckPack | undefined): boolean {
  if (e.outcome !== undefined && outcomeOf(x) !== e.outcome) return false;
  if (e.output !== undefined) {
    const wanted = e.output === "else" ? "default" : e.output;
    if (!outputsTaken(x).includes(wanted)) return false;
  }
  if (e.reason !== undefined) {
    const refused = x.result?.actions.filter((a) => !a.success) ?? [];
    if (!refused.some((a) => reasonMatches(a.reason ?? "", e.reason!)) && !(x.error !== null && reasonMatches(x.error.message, e.reason))) return false;
  }
  if (e.input !== undefined) {
    const stop = x.result?.short_circuit;
    if (stop === undefined || stop === null) return false;
    const index = pack?.site.indexOf.get(refKey({ instance: stop.instance, point_type: stop.point_type, point: stop.point }));
    if (index !== e.input.index) return false;
  }
  return true;
}

function executionDetails(e: Extract<Expectation, { kind: "execution" }>): string {
  const parts: string[] = [];
  if (e.outcome === "success") parts.push("that succeeded");
  if (e.outcome === "failed") parts.push(e.reason === undefined ? "that failed" : `that failed with a refused action (${JSON.stringify(e.reason)})`);
  if (e.outcome === "short_circuit") parts.push(e.input === undefined ? "that short-circuited on an unavailable input" : `that short-circuited on ${e.input.text} unavailable`);
  if (e.output !== undefined) parts.push(`taking output ${e.output}`);
  return parts.length === 0 ? "" : ` ${parts.join(", ")}`;
}

function actualWrites(point: string, ofPoint: readonly ScenarioWrite[], matching: readonly ScenarioWrite[], expectedCount: number | undefined, around: readonly [number, number], start: number): string {
  if (expectedCount !== undefined && matching.length > 0) return `${count(matching.length, "matching write")}: ${list(matching, (w) => describeWrite(w, start))}`;
  if (ofPoint.length === 0) return `${point} was never written`;
  const near = ofPoint.filter((w) => w.at >= around[0] && w.at <= around[1]);
  if (near.length === 0) return `no write of ${point} near then; it was written ${list(ofPoint, (w) => describeWrite(w, start))}`;
  return `${point} was written ${list(near, (w) => describeWrite(w, start))}`;
}

function aroundOf(window: TimeWindow, scenario: Scenario): readonly [number, number] {
  if (window === null) return [scenario.start, scenario.end];
  return [Math.max(scenario.start, window[0] - AROUND_MS), Math.min(scenario.end, window[1] + AROUND_MS)];
}

/** The execution closest to the window (inside it first; ties: the earliest). */
function nearest(executions: readonly ScenarioExecution[], window: TimeWindow): ScenarioExecution | undefined {
  let best: ScenarioExecution | undefined;
  let bestDistance = Infinity;
  for (const x of executions) {
    const distance = window === null ? 0 : x.at < window[0] ? window[0] - x.at : x.at > window[1] ? x.at - window[1] : 0;
    if (distance < bestDistance) [best, bestDistance] = [x, distance];
  }
  return best;
}

function executionOf(timeline: Timeline, write: ScenarioWrite): ScenarioExecution | undefined {
  return timeline.executions.find((x) => x.at === write.at && x.rule === write.rule);
}

// The rules that write each point (by catalog index), from the rules' topologies.
function writersOf(pack: CheckPack): Map<number, Set<string>> {
  const writers = new Map<number, Set<string>>();
  for (const [key, usage] of pointUsage(pack.rules)) {
    const index = pack.site.indexOf.get(key);
    if (index === undefined) continue;
    for (const use of usage.uses) if (use.access === "write") writers.set(index, (writers.get(index) ?? new Set()).add(use.rule.name));
  }
  return writers;
}

function list<T>(items: readonly T[], show: (item: T) => string): string {
  const shown = items.slice(0, LISTED).map(show).join(", ");
  return items.length > LISTED ? `${shown} and ${items.length - LISTED} more` : shown;
}

/** `exactly 2 writes`, `no write`. */
function exactly(n: number, what: string): string {
  return n === 0 ? `no ${what}` : `exactly ${count(n, what)}`;
}

function count(n: number, what: string): string {
  return `${n === 0 ? "no" : n} ${what}${n === 1 ? "" : "s"}`;
}
