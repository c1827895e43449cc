// The running rule engine: the scheduler over the rules of the last reload, the runner that
// executes them, manual executions, and what monitoring asks (status, variables).
// Reload re-reads every rule from the store and replaces the scheduler's set wholesale (spec item
// 12); reloads are serialised, so the last store state always wins. Each reload also checks the
// stored rules against the loaded site (issue 17; unchanged rules keep their last check) and keeps
// who reads and writes each point for GET /api/site/points. The scheduler also holds the disabled
// rules' triggers, and its suppressions become decision records (issue 18.4, runtime/decisions/).
import type { SiteIndex } from "../../compiler/index.js";
import { pointUsage, type PointUsage, type UsageRule } from "../../compiler/index.js";
import { createScheduler } from "../engine/scheduler/index.js";
import type { Clock, PointEvent, RuleStatus, RuleStatusPage, SchedulerStatus, TickTimer } from "../engine/scheduler/types.js";
import type { DecisionPage, PointRef } from "../../generated/types.js";
import { createDecisionRecorder } from "../decisions/decision-recorder.js";
import type { ExecutionResult } from "../engine/execution-result.js";
import type { HistoryRecorder } from "../history/history-recorder.js";
import type { PointPlane } from "../points/point-plane.js";
import type { Store } from "../store/store.js";
import { ServiceError, notFound } from "../errors.js";
import { createDecisionDescriber } from "./decision-describer.js";
import { loadRule, loadRules, type HeldRule, type LoadedRule, type RuleProblem } from "./loaded-rule.js";
import { createRuleRunner, type Execution } from "./rule-runner.js";
import { createStoredRuleChecks } from "./stored-rule-checks.js";
import { describeVariables, type VariableView } from "./variable-view.js";
import { executionOutcome, noMetrics, type ServiceMetrics } from "../metrics/service-metrics.js";

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
  /** Told about failures outside any execution record (a history row not written). */
  onError?: (error: unknown, ruleId: number) => void;
  /** Decision records kept per rule (default DEFAULT_DECISIONS_PER_RULE). */
  decisionsPerRule?: number;
  /** The service's own load (GET /metrics); default noMetrics. */
  metrics?: ServiceMetrics;
  /** Told about the decision records each flush wrote (the live WebSocket). */
  onDecisionsWritten?: (records: DecisionPage["items"]) => void;
}

export interface ReloadSummary {
  /** Rules handed to the scheduler. */
  loaded: number;
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
  /** Rules of the last reload that could not be loaded or load with warnings. */
  problems: RuleProblem[];
}

export interface RuleRuntime {
  start(): Promise<ReloadSummary>;
  stop(): Promise<void>;
  /** Re-reads every stored rule (start-up, POST /api/scheduler/reload). */
  reload(): Promise<ReloadSummary>;
  /**
   * Re-reads only the rules a committed change concerned (created, updated, enabled, disabled,
   * deleted: a deleted id is simply no longer stored), keeping spec item 12 (issue 19.1).
   */
  reloadRules(ruleIds: readonly number[]): Promise<ReloadSummary>;
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
}

/** A stored rule as the point usage names it. */
export interface StoredUsageRule extends UsageRule {
  id: number;
}

export function createRuleRuntime(options: RuleRuntimeOptions): RuleRuntime {
  const { store, plane, clock } = options;
  const onError = options.onError ?? (() => undefined);
  const runner = createRuleRunner({ clock, catalog: plane.catalog, points: plane, pointHistory: store.points, recorder: options.recorder, onError });
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
      .catch((error: unknown) => onError(error, ruleId))
      .finally(() => cooldownWrites.delete(write));
    cooldownWrites.add(write);
  };
  // Why rules did not run: the scheduler's suppressions, described, aggregated, written in batches.
  const held = new Map<number, HeldRule>();
  const actedAt = new Map<number, number>();
  const unavailable = new Map<number, PointRef>();
  const describe = createDecisionDescriber(plane.catalog, options.site, { rules: held, actedAt, unavailable });
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
  let problems: RuleProblem[] = [];
  let totalRules = 0;
  const siteChecks = createStoredRuleChecks(options.site);
  // The usage is computed on the first request after a reload, then kept until the next one.
  let usageRules: StoredUsageRule[] = [];
  let usage: Map<string, PointUsage<StoredUsageRule>> | undefined;
  let reloading: Promise<unknown> = Promise.resolve();

  // Reloads run one at a time. Callers that arrive while one waits to start share it: it has not
  // read the store yet, so it sees their writes too (a burst of PUTs costs one reload, not N).
  let waiting: Promise<ReloadSummary> | undefined;
  const reload = (): Promise<ReloadSummary> => {
    if (waiting !== undefined) return waiting;
    const next = reloading.then(async () => {
      waiting = undefined;
      const elapsed = metrics.stopwatch();
      await Promise.all(cooldownWrites); // so that the cooldowns read below include them
      const stored = await store.rules.listAll();
      const storedActedAt = await store.cooldowns.list();
      const { rules, disabled, problems: found } = loadRules(stored, plane.catalog, siteChecks.checkAll(stored));
      for (const rule of rules) rule.lastActedAt = storedActedAt.get(rule.id);
      for (const [id, at] of storedActedAt) if (at > (actedAt.get(id) ?? -Infinity)) actedAt.set(id, at);
      held.clear();
      for (const rule of [...rules, ...disabled]) held.set(rule.id, rule);
      scheduler.reload([...rules, ...disabled]);
      // A deleted rule's decision records went with it; those still in memory go now.
      const storedIds = new Set(stored.map((rule) => rule.id));
      decisions.retain(storedIds);
      for (const map of [actedAt, unavailable]) for (const id of map.keys()) if (!storedIds.has(id)) map.delete(id);
      totalRules = stored.length;
      problems = found;
      usageRules = stored.map(({ id, name, priority, nodes_json, trigger_config }) => ({ id, name, priority, nodes_json: nodes_json as StoredUsageRule["nodes_json"], trigger_config }));
      usage = undefined;
      for (const problem of found) options.onProblem?.(problem);
      metrics.reloaded("full", stored.length, elapsed());
      return { loaded: rules.length, enabled: rules.filter((r) => r.enabled).length, problems: found };
    });
    waiting = next;
    reloading = next.catch(() => undefined);
    return next;
  };

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
      const summary = await reload();
      scheduler.start();
      return summary;
    },
    async stop() {
      await scheduler.stop();
      await Promise.all(cooldownWrites);
    },
    async decisions(ruleId, { beforeId, limit }) {
      await decisions.flush(); // the records not yet written are part of the answer
      const items = await store.decisions.list(ruleId, { ...(beforeId !== undefined ? { beforeId } : {}), limit });
      const last = items[items.length - 1];
      return { items, next_before_id: items.length === limit && last !== undefined ? last.id : null };
    },
    flushDecisions: () => decisions.flush(),
    reload,
    // Until issue 19.1 lands: a full reload (correct, but its cost is every stored rule).
    reloadRules: () => reload(),
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
    status: () => ({ ...scheduler.status(), totalRules, problems }),
    ruleStatus: (ruleId) => scheduler.ruleStatus(ruleId),
    ruleStatuses: (page) => scheduler.ruleStatuses(page),
    pointUsage: () => (usage ??= pointUsage(usageRules)),
  };
}
