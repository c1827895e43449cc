// The running rule engine: the scheduler over the stored rules, the runner that executes them,
// manual executions, and what monitoring asks (status, variables).
// A full reload (start-up, POST /api/scheduler/reload) re-reads every rule, without its editor
// document, and replaces the scheduler's set wholesale (spec item 12); a change-set reload (after
// each committed change) re-reads only the rules a change concerned and changes only those
// (issue 19.1); a rule a change hands over as it committed it is taken as it is, not read again
// (issue 19.5, committed-rules.ts). Reloads are serialised, so the last store state always wins. Each reload also
// checks the stored rules against the loaded site (issue 17; only flows whose version moved are
// read and compiled; at start-up after the scheduler runs, in slices) and keeps who reads and
// writes each point for GET /api/site/points. The scheduler also holds the disabled rules'
// triggers, and its suppressions become decision records (issue 18.4, runtime/decisions/).
import type { PointUsage, SiteIndex } from "../../compiler/index.js";
import { createScheduler, type IntervalPhase } from "../engine/scheduler/index.js";
import type { Clock, PointEvent, RuleStatus, RuleStatusPage, SchedulerStatus, TickTimer } from "../engine/scheduler/types.js";
import type { DecisionPage, PointRef } from "../../generated/types.js";
import { createDecisionRecorder } from "../decisions/decision-recorder.js";
import type { ExecutionResult } from "../engine/execution-result.js";
import type { HistoryRecorder } from "../history/history-recorder.js";
import type { PointPlane } from "../points/point-plane.js";
import type { Store, VersionedRule } from "../store/store.js";
import { ServiceError, notFound } from "../errors.js";
import { createDecisionDescriber } from "./decision-describer.js";
import { loadRule, type HeldRule, type LoadedRule, type RuleProblem } from "./loaded-rule.js";
import { createCommittedRules, type CommittedChange, type CommittedRule } from "./committed-rules.js";
import { createReloadQueue } from "./reload-queue.js";
import { createRuleRunner, type Execution } from "./rule-runner.js";
import { checkInSlices, type SliceChecks } from "./site-check-slices.js";
import { ruleList, startInBackground, type BackgroundWork } from "./start-up-background.js";
import { createStoredRuleChecks } from "./stored-rule-checks.js";
import { createStoredRuleSet, type StoredUsageRule } from "./stored-rule-set.js";
import { describeVariables, type VariableView } from "./variable-view.js";
import { executionOutcome, noMetrics, type ServiceMetrics } from "../metrics/service-metrics.js";

export type { StoredUsageRule } from "./stored-rule-set.js";

/** Enabled rules compiled before start-up returns; the rest are compiled after the scheduler runs (issue 19.4). */
export const COMPILED_AT_START = 200;

export interface RuleRuntimeOptions {
  store: Store;
  plane: PointPlane;
  clock: Clock;
  timer: TickTimer;
  recorder: HistoryRecorder;
  /** The loaded site, indexed once: stored rules are checked against it at each reload. */
  site?: SiteIndex;
  tickMs?: number;
  parallelism?: number;
  eventCapacity?: number;
  /** Told about rules that could not be loaded, or load with warnings, at each reload. */
  onProblem?: (problem: RuleProblem) => void;
  /**
   * Told about failures outside any execution record, with what failed: `history of rule 7` (its
   * record not written), `cooldown of rule 7`, `start-up's site check of rule 7` (issue 19: each names itself).
   */
  onError?: (error: unknown, context: string) => void;
  /** Decision records kept per rule (default DEFAULT_DECISIONS_PER_RULE). */
  decisionsPerRule?: number;
  /** The service's own load (GET /metrics); default noMetrics. */
  metrics?: ServiceMetrics;
  /** Told about the decision records each flush wrote (the live WebSocket). */
  onDecisionsWritten?: (records: DecisionPage["items"]) => void;
  /** When interval rules first fall due after start or a reload (docs/scheduler.md); default `spread`. */
  intervalPhase?: IntervalPhase;
}

export interface ReloadSummary {
  /**
   * Rules handed to the scheduler, enabled or not: every stored rule but those that cannot be
   * loaded (problems, `excluded`). At start-up: with those compiled after it starts (one that
   * fails to compile then is a problem).
   */
  loaded: number;
  /** Of those, the enabled ones: the rules that run. */
  enabled: number;
  problems: RuleProblem[];
}

export interface ManualExecution {
  rule_id: number;
  success: boolean;
  actions_attempted: number;
  actions_succeeded: number;
  history_id: number | null;
  result: ExecutionResult | null;
  error: { code: string; message: string } | null;
}

export interface RuntimeStatus extends SchedulerStatus {
  /** All stored rules as of the last reload, enabled or not (the scheduler's own count holds only the enabled ones). */
  totalRules: number;
  /** Stored rules that could not be loaded or load with warnings, by rule id. */
  problems: RuleProblem[];
}

export interface RuleRuntime {
  start(): Promise<ReloadSummary>;
  stop(): Promise<void>;
  /** Re-reads every stored rule (start-up, POST /api/scheduler/reload). */
  reload(): Promise<ReloadSummary>;
  /**
   * Re-reads only the rules a committed change concerned (created, updated, enabled, disabled,
   * deleted: a deleted id is simply no longer stored), keeping spec item 12 (issue 19.1). The
   * rules the change hands over (committed-rules.ts) are taken as they are, not read again (issue 19.5).
   */
  reloadRules(ruleIds: readonly number[], change?: CommittedChange): Promise<ReloadSummary>;
  /** The scheduler's bounded event channel; the point plane publishes into it. */
  offer(event: PointEvent): boolean;
  execute(ruleId: number): Promise<ManualExecution>;
  variables(ruleId: number): Promise<VariableView[]>;
  /** The counts and load (per-rule statistics are paged: ruleStatuses). */
  status(): RuntimeStatus;
  /** One rule's scheduler statistics, or undefined when the last reload did not hold it. */
  ruleStatus(ruleId: number): RuleStatus | undefined;
  /** A page of the rules' scheduler statistics by id ascending (GET /api/scheduler/status, issue 19.4). */
  ruleStatuses(page: { afterId?: number; limit: number }): RuleStatusPage;
  /** Who reads, watches and writes each point among the stored rules of the last reload (by refKey). */
  pointUsage(): Map<string, PointUsage<StoredUsageRule>>;
  /** A page of the rule's decision records, newest first; the records not yet written are written first. */
  decisions(ruleId: number, page: { beforeId?: number; limit: number }): Promise<DecisionPage>;
  /** Writes the decision records changed since the last write (the engine's flush timer calls it). */
  flushDecisions(): Promise<void>;
  /**
   * Resolves once what start-up left to run after the scheduler started has run: the compilation
   * of the enabled rules past the first 200, then the site checks of the stored flows (their
   * problems are then in `status()`).
   */
  siteChecked(): Promise<void>;
}

export function createRuleRuntime(options: RuleRuntimeOptions): RuleRuntime {
  const { store, plane, clock } = options;
  const onError = options.onError ?? (() => undefined);
  const runner = createRuleRunner({ clock, catalog: plane.catalog, points: plane, pointHistory: store.points, recorder: options.recorder, onError: (error, ruleId) => onError(error, `history of rule ${ruleId}`) });
  // Every execution, scheduled or manual, is counted and timed for GET /metrics (issue 19.6).
  const metrics = options.metrics ?? noMetrics;
  const run: typeof runner = async (rule, trigger) => {
    const elapsed = metrics.stopwatch();
    const execution = await runner(rule, trigger);
    metrics.executionFinished(trigger, executionOutcome(execution.report), elapsed());
    return execution;
  };
  // Cooldown starts being written to the store; a reload and stop wait for them (issue 16.10).
  const cooldownWrites = new Set<Promise<void>>();
  const keepCooldown = (ruleId: number, at: number): void => {
    const write = store.cooldowns
      .record(ruleId, at)
      .catch((error: unknown) => onError(error, `cooldown of rule ${ruleId}`))
      .finally(() => cooldownWrites.delete(write));
    cooldownWrites.add(write);
  };
  // Why rules did not run: the scheduler's suppressions, described, aggregated, written in batches.
  const siteChecks = createStoredRuleChecks(options.site);
  // The rules committed changes hand to their reloads (issue 19.5).
  const committed = createCommittedRules();
  const rules = createStoredRuleSet(plane.catalog, siteChecks.diagnostics);
  const actedAt = new Map<number, number>();
  const unavailable = new Map<number, PointRef>();
  const describe = createDecisionDescriber(plane.catalog, options.site, { rules: rules.held, actedAt, unavailable });
  const decisions = createDecisionRecorder({
    store: store.decisions,
    ...(options.decisionsPerRule !== undefined ? { keepPerRule: options.decisionsPerRule } : {}),
    ...(options.onDecisionsWritten !== undefined ? { onWritten: options.onDecisionsWritten } : {}),
  });
  /** An execution ended (scheduled or manual): the rule's current decision record ends with it. */
  const executed = (ruleId: number, execution: Execution): void => {
    const stop = execution.result?.short_circuit;
    if (stop) unavailable.set(ruleId, { instance: stop.instance, point_type: stop.point_type, point: stop.point });
    decisions.executed(ruleId, execution.report.shortCircuited);
  };
  const scheduler = createScheduler<HeldRule>({
    clock,
    timer: options.timer,
    watch: plane,
    pointCount: plane.catalog.size,
    runner: async (rule, cause) => {
      // The scheduler never runs a disabled rule (docs/scheduler.md); a rule without a flow cannot run.
      if (!("executable" in rule)) return { success: false, actionsAttempted: 0, actionsSucceeded: 0, shortCircuited: false, reads: new Map() };
      const execution = await run(rule, cause.kind);
      executed(rule.id, execution);
      return execution.report;
    },
    tickMs: options.tickMs,
    parallelism: options.parallelism,
    eventCapacity: options.eventCapacity,
    // History back-pressure (issue 19.2): no new execution while the history writer is behind.
    ...(options.recorder.admit !== undefined ? { admit: () => options.recorder.admit!() } : {}),
    intervalPhase: options.intervalPhase,
    onCooldownStart: (ruleId, at) => {
      actedAt.set(ruleId, at);
      keepCooldown(ruleId, at);
    },
    onDecision: (decision) => {
      if (decision.decision === "suppressed") metrics.suppressed(decision.reason);
      const described = describe(decision);
      if (described !== undefined) decisions.add(described);
    },
  });
  const report = (problem: RuleProblem | undefined): void => {
    if (problem !== undefined) options.onProblem?.(problem);
  };
  // `loaded`: every rule the scheduler holds, enabled or not (issue 19: not the enabled ones
  // again); at start-up the rules compiled after the scheduler starts count as handed to it.
  const summary = (): ReloadSummary => ({ loaded: rules.held.size + rules.pending, enabled: rules.enabled + rules.pending, problems: rules.problems() });
  /** Site checks of these rules' stored flows, where their version moved: read in slices, checked, their problems updated. */
  const checkFlows = (ruleIds: readonly number[], step?: (what: string) => void): SliceChecks =>
    checkInSlices(ruleIds, {
      read: (ids) => {
        step?.(`site check of ${ruleList(ids)} (reading them)`);
        return store.rules.getMany(ids);
      },
      check(rule) {
        step?.(`site check of rule ${rule.id}`);
        // A rule changed or deleted since its load is checked by the reload that follows the change.
        if (rules.version(rule.id) !== rule.flow_version || siteChecks.isCurrent(rule.id, rule.flow_version)) return;
        const before = siteChecks.diagnostics(rule.id);
        if (siteChecks.check(rule, rule.flow_version) !== before) return rules.refreshProblem(rule.id);
        return undefined;
      },
    });
  let background: BackgroundWork | undefined;

  /**
   * Every stored rule. `startUp` (issue 19.4): the enabled rules past the first COMPILED_AT_START
   * are compiled after the scheduler runs, a slice at a time, each slice handed to the scheduler
   * as it is ready; the site checks follow them there.
   */
  const reloadAll = async (startUp: boolean): Promise<ReloadSummary> => {
    const started = performance.now();
    committed.clear(); // every rule is read below, after the commits of the rules handed over
    await Promise.all(cooldownWrites); // so that the cooldowns read below include them
    const stored = await store.rules.listRunnable();
    const storedActedAt = await store.cooldowns.list();
    for (const [id, at] of storedActedAt) if (at > (actedAt.get(id) ?? -Infinity)) actedAt.set(id, at);
    const storedIds = new Set(stored.map((rule) => rule.id));
    siteChecks.retain(storedIds);
    const stale: number[] = [];
    for (const rule of stored) {
      if (siteChecks.isCurrent(rule.id, rule.flow_version)) continue;
      if (rule.flow_version === null) siteChecks.check({ id: rule.id, flow_json: null, trigger_config: rule.trigger_config }, null);
      else stale.push(rule.id);
    }
    rules.retain(storedIds);
    for (const rule of stored) rules.put(rule, storedActedAt.get(rule.id), { later: startUp });
    const later = rules.pendingIds();
    for (const id of later.splice(0, COMPILED_AT_START)) rules.compilePending(id);
    if (!startUp && stale.length > 0) await checkFlows(stale).done;
    scheduler.reload([...rules.held.values()]);
    // A deleted rule's decision records went with it; those still in memory go now.
    decisions.retain(storedIds);
    for (const map of [actedAt, unavailable]) for (const id of map.keys()) if (!storedIds.has(id)) map.delete(id);
    for (const problem of rules.problems()) report(problem);
    if (startUp && (later.length > 0 || stale.length > 0)) {
      const work = startInBackground(later, stale, { rules, handOver: (upserts) => scheduler.apply(upserts, []), checkFlows });
      background = work;
      void work.done.then((found) => found.forEach(report), (error: unknown) => onError(error, `start-up's ${work.step()}`));
    }
    metrics.reloaded("full", stored.length, (performance.now() - started) / 1000);
    return summary();
  };

  /**
   * Only these rules (issue 19.1): each is taken as its change handed it over, else read again, or
   * removed when it is no longer stored.
   */
  const reloadSome = async (ruleIds: readonly number[]): Promise<ReloadSummary> => {
    const started = performance.now();
    // Taken before any wait: a change noted from here on queues a reload of its own, after this one.
    const handed: CommittedRule[] = [];
    const toRead: number[] = [];
    for (const id of new Set(ruleIds)) {
      const rule = committed.take(id);
      if (rule === undefined) toRead.push(id);
      else handed.push(rule);
    }
    let stored: VersionedRule[] = [];
    let storedActedAt = new Map<number, number>();
    if (toRead.length > 0) {
      await Promise.all(cooldownWrites);
      stored = await store.rules.getMany(toRead);
      storedActedAt = await store.cooldowns.listFor(toRead);
    }
    const found = new Set(stored.map((rule) => rule.id));
    const removed = toRead.filter((id) => !found.has(id));
    for (const id of removed) {
      rules.remove(id);
      siteChecks.forget(id);
      actedAt.delete(id);
      unavailable.delete(id);
    }
    for (const rule of stored) {
      const at = storedActedAt.get(rule.id);
      if (at !== undefined && at > (actedAt.get(rule.id) ?? -Infinity)) actedAt.set(rule.id, at);
      if (!siteChecks.isCurrent(rule.id, rule.flow_version)) siteChecks.check(rule, rule.flow_version);
    }
    // A rule handed over: its cooldown is this process's memory of it (every cooldown start it
    // records, written to the store from there); the check of its flow is the change's, or made
    // here. It was just written: checked and compiled whatever its version says.
    for (const { rule, siteDiagnostics } of handed) {
      if (siteDiagnostics !== undefined) siteChecks.keep(rule.id, rule.flow_version, siteDiagnostics);
      else siteChecks.check(rule, rule.flow_version);
    }
    const loaded = [
      ...stored.map((rule) => ({ rule, at: storedActedAt.get(rule.id), written: false })),
      ...handed.map(({ rule }) => ({ rule, at: actedAt.get(rule.id), written: true })),
    ];
    loaded.sort((a, b) => a.rule.id - b.rule.id);
    const upserts: HeldRule[] = [];
    for (const { rule, at, written } of loaded) {
      const held = rules.put(rule, at, { written });
      if (held === undefined) removed.push(rule.id); // excluded: the scheduler lets it go
      else upserts.push(held);
    }
    scheduler.apply(upserts, removed);
    decisions.retain(rules);
    for (const { rule } of loaded) report(rules.refreshProblem(rule.id));
    metrics.reloaded("partial", ruleIds.length, (performance.now() - started) / 1000);
    return summary();
  };
  const queue = createReloadQueue({ all: () => reloadAll(false), some: reloadSome });

  const loadOne = async (ruleId: number): Promise<LoadedRule> => {
    const rule = await store.rules.get(ruleId);
    if (rule === undefined) throw notFound(`rule ${ruleId}`);
    const { loaded, problem } = loadRule(rule, plane.catalog);
    if (loaded === undefined) {
      throw new ServiceError("conflict", `rule ${ruleId}'s stored topology cannot run: ${problem!.diagnostics[0]?.message ?? "invalid"}`, {
        diagnostics: problem!.diagnostics,
      });
    }
    return loaded;
  };

  return {
    async start() {
      const loaded = await queue.first(() => reloadAll(true));
      scheduler.start();
      return loaded;
    },
    async stop() {
      background?.stop();
      await background?.done.catch(() => undefined);
      await scheduler.stop();
      await Promise.all(cooldownWrites);
    },
    siteChecked: async () => void (await background?.done.catch(() => undefined)),
    async decisions(ruleId, { beforeId, limit }) {
      await decisions.flush(); // the records not yet written are part of the answer
      const items = await store.decisions.list(ruleId, { ...(beforeId !== undefined ? { beforeId } : {}), limit });
      const last = items[items.length - 1];
      return { items, next_before_id: items.length === limit && last !== undefined ? last.id : null };
    },
    flushDecisions: () => decisions.flush(),
    reload: () => queue.all(),
    reloadRules(ruleIds, change) {
      committed.note(ruleIds, change);
      return queue.some(ruleIds);
    },
    offer: (event) => scheduler.offer(event),
    async execute(ruleId) {
      // A manual execution runs the rule as stored now, enabled or not (the spec's testing path),
      // and never at the same time as a scheduled execution of the same rule.
      const rule = await loadOne(ruleId);
      let execution: Awaited<ReturnType<typeof runner>> | undefined;
      await scheduler.runExclusive(
        ruleId,
        async () => {
          execution = await run(rule, "manual");
          return execution.report;
        },
        { cooldownMs: rule.cooldownMs },
      );
      executed(ruleId, execution!);
      const { result, error, report } = execution!;
      const historyId = await execution!.recorded; // the answer waits for the commit
      return {
        rule_id: ruleId,
        success: report.success,
        actions_attempted: report.actionsAttempted,
        actions_succeeded: report.actionsSucceeded,
        history_id: historyId,
        result,
        error,
      };
    },
    async variables(ruleId) {
      return describeVariables((await loadOne(ruleId)).executable, plane);
    },
    // All stored rules as of the last reload, enabled or not (the scheduler holds the enabled ones).
    status: () => ({ ...scheduler.status(), totalRules: rules.size, problems: rules.problems() }),
    ruleStatus: (ruleId) => scheduler.ruleStatus(ruleId),
    ruleStatuses: (page) => scheduler.ruleStatuses(page),
    pointUsage: () => rules.usage(),
  };
}
