// runScenario: one scenario through the code the service runs — the point plane with its virtual
// channels, createScheduler (tick, priority, parallelism, deadbands, cooldown, the fast and tick
// paths) and the rule runner over executeRule — on a virtual clock and a virtual tick timer that
// this file drives. Ticks fall at start+tick, start+2*tick, ... up to the end; each step applies
// at its exact time. Whatever a tick or a step starts runs to completion (microtasks only: the
// history and channels are in memory) before virtual time moves on, so a run is deterministic to
// the byte. What happened is recorded as the scenario model's timeline, then checked.
import type { SiteIndex } from "../compiler/site/site-index.js";
import { createScheduler } from "../runtime/engine/scheduler/index.js";
import type { Clock, RunCause, SchedulerDecision, TickTimer } from "../runtime/engine/scheduler/types.js";
import { createPointCatalog } from "../runtime/points/point-catalog.js";
import { createPointPlane } from "../runtime/points/point-plane.js";
import { loadRule, type LoadedRule } from "../runtime/rules/loaded-rule.js";
import { createRuleRunner } from "../runtime/rules/rule-runner.js";
import { checkExpectations } from "./check-expectations.js";
import { createMemoryHistory } from "./memory-history.js";
import { scenarioSite, type ScenarioSite } from "./resolve-point.js";
import { applyStep, storedRule, writesOf } from "./scenario-io.js";
import type { PackRule, Scenario, ScenarioExecution, ScenarioOutcome, ScenarioSuppression, ScenarioWrite, SuppressionKind } from "./scenario-model.js";

/** What a scenario runs against: the pack's site and its compiled rules. */
export interface ScenarioPack {
  site: SiteIndex;
  rules: readonly PackRule[];
}

export interface RunScenarioOptions {
  /** Most executions in flight at once (default 4, the service's). */
  parallelism?: number;
  /** Capacity of the scheduler's event channel (default 1024, the service's). */
  eventCapacity?: number;
  /** The site as scenarioSite(pack.site) gives it, when the caller has it already. */
  site?: ScenarioSite;
}

/** The timeline of one run, before the expectations are checked. */
export interface ScenarioTimeline {
  executions: ScenarioExecution[];
  suppressions: ScenarioSuppression[];
  writes: ScenarioWrite[];
}

const SUPPRESSION_KINDS = new Set<string>(["cooldown", "deadband_time", "deadband_value", "disabled", "input_unavailable", "running", "event_dropped"] satisfies SuppressionKind[]);

export async function runScenario(file: string, scenario: Scenario, pack: ScenarioPack, options: RunScenarioOptions = {}): Promise<ScenarioOutcome> {
  const site = options.site ?? scenarioSite(pack.site);
  const run = await recordScenario(scenario, pack, { ...options, site });
  const timeline: ScenarioTimeline = "error" in run ? { executions: [], suppressions: [], writes: [] } : run;
  const expectations = checkExpectations(scenario, timeline, { site, rules: pack.rules });
  if ("error" in run) return { file, scenario, passed: false, ...timeline, expectations, error: run.error };
  return { file, scenario, passed: expectations.every((e) => e.passed), ...timeline, expectations };
}

/** Runs the scenario and records its timeline; an error when one of its rules cannot be loaded. */
export async function recordScenario(scenario: Scenario, pack: ScenarioPack, options: RunScenarioOptions = {}): Promise<ScenarioTimeline | { error: string }> {
  const site = options.site ?? scenarioSite(pack.site);
  // Rules load against the catalog the plane will build (the same site, so the same indices).
  const catalog = createPointCatalog(pack.site.site);
  const loaded: LoadedRule[] = [];
  for (const rule of pack.rules.filter((r) => scenario.rules.includes(r.name))) {
    const { loaded: one, problem } = loadRule(storedRule(rule, scenario.start), catalog);
    if (one === undefined) return { error: `rule ${JSON.stringify(rule.name)} (${rule.file}) cannot run: ${problem?.diagnostics[0]?.message ?? "its topology does not load"}` };
    loaded.push(one);
  }
  const names = new Map(loaded.map((r) => [r.id, r.name]));
  const timeline: ScenarioTimeline = { executions: [], suppressions: [], writes: [] };

  // ---- virtual time ----
  let now = scenario.start;
  const clock: Clock = { now: () => now };
  const ticker: { onTick: (() => void) | null } = { onTick: null };
  const timer: TickTimer = (_periodMs, tick) => {
    ticker.onTick = tick;
    return () => (ticker.onTick = null);
  };

  // ---- the service's parts ----
  const history = loaded.some((r) => r.executable.periodDeltas.length > 0) ? createMemoryHistory() : undefined;
  let offered = false;
  const plane = createPointPlane({
    site: pack.site.site,
    clock,
    onEvent: (event) => {
      const accepted = scheduler.offer(event);
      if (accepted) offered = true;
      return accepted;
    },
    ...(history === undefined ? {} : { history, historyLimit: Infinity }),
  });
  const runner = createRuleRunner({
    clock,
    catalog: plane.catalog,
    points: plane,
    // The plane hands its samples to history synchronously when flushed: flush, then ask.
    pointHistory: { valueAt: (ref, at) => (void plane.flushHistory(), Promise.resolve(history?.valueAt(ref, at) ?? NaN)) },
    recorder: { record: async () => timeline.executions.length },
    onError: () => undefined,
  });
  // Executions in flight, counted from the runner call until the scheduler has taken the report.
  let pending = 0;
  let idle: (() => void)[] = [];
  const settled = (): void => {
    if (--pending > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };
  const scheduler = createScheduler<LoadedRule>({
    clock,
    timer,
    watch: plane,
    pointCount: plane.catalog.size,
    tickMs: scenario.tickMs,
    // A scenario's interval rules run at its first tick, as its author expects (docs/testing.md).
    intervalPhase: "first_tick",
    ...(options.parallelism === undefined ? {} : { parallelism: options.parallelism }),
    ...(options.eventCapacity === undefined ? {} : { eventCapacity: options.eventCapacity }),
    runner: (rule, cause) => {
      pending++;
      const execution = execute(rule, cause);
      // Registered after the scheduler's own `then` (it is registered when this call returns):
      // the count drops once the scheduler has finished with the report and dispatched what waits.
      queueMicrotask(() => void execution.then(settled, settled));
      return execution;
    },
    onDecision: (decision) => record(decision),
  });

  const execute = async (rule: LoadedRule, cause: RunCause) => {
    const entry: ScenarioExecution = { at: now, ruleId: rule.id, rule: rule.name, cause, result: null, error: null };
    timeline.executions.push(entry); // in start order: the scheduler's priority order
    const done = await runner(rule, cause.kind);
    entry.result = done.result;
    entry.error = done.error;
    if (done.result !== null) for (const w of writesOf(entry.at, rule.name, done.result, plane.catalog, site)) timeline.writes.push(w);
    return done.report;
  };
  const record = (decision: SchedulerDecision): void => {
    if (decision.decision !== "suppressed" || !SUPPRESSION_KINDS.has(decision.reason)) return;
    const { ruleId, at, reason, index, value } = decision;
    const suppression: ScenarioSuppression = { at, ruleId, rule: names.get(ruleId) ?? `rule ${ruleId}`, reason: reason as SuppressionKind };
    if (index !== undefined && site.points[index] !== undefined) suppression.point = site.points[index];
    if (value !== undefined) suppression.value = value;
    timeline.suppressions.push(suppression);
  };
  // Lets whatever the last tick or step started run to its end (and what that started in turn).
  const settle = async (): Promise<void> => {
    for (;;) {
      if (pending > 0) await new Promise<void>((resolve) => idle.push(resolve));
      else if (offered) {
        offered = false;
        await null; // the scheduler drains its event channel in a microtask queued before this one
      } else return;
    }
  };

  // ---- the run ----
  for (const { point, value } of scenario.initial) applyStep(plane, { kind: "set", at: now, position: scenario.position, values: [{ point, value }] });
  if (history !== undefined) {
    for (const point of plane.catalog.points) {
      const value = plane.read(point.index);
      if (value === value) history.seed(point.ref, value);
    }
    await plane.flushHistory(); // the initial values' own samples (at start) join the seeds
  }
  const enabled = new Map(loaded.map((r) => [r.name, r.enabled]));
  const reload = (): void => scheduler.reload(loaded.map((r) => ({ ...r, enabled: enabled.get(r.name)! })));
  reload();
  scheduler.start();
  const { steps, tickMs, end } = scenario;
  let nextTick = scenario.start + tickMs;
  let next = 0;
  for (;;) {
    const stepAt = next < steps.length ? steps[next]!.at : Infinity;
    const at = Math.min(stepAt, nextTick);
    if (at > end) break;
    now = at;
    while (next < steps.length && steps[next]!.at === at) {
      const step = steps[next++]!;
      if (step.kind === "enable" || step.kind === "disable") {
        for (const name of step.rules) enabled.set(name, step.kind === "enable");
        reload();
      } else applyStep(plane, step);
      if (pending > 0 || offered) await settle();
    }
    if (nextTick === at) {
      nextTick += tickMs;
      ticker.onTick?.();
      if (pending > 0 || offered) await settle();
    }
  }
  await scheduler.stop();
  return timeline;
}
