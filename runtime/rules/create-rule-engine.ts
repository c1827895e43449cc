// Composes the rule engine for a site: the point plane (with the virtual channels), the runtime
// (scheduler, runner, history) and the rule service, wired together. The store, the clock, the
// timer and the log folder come from the caller, so tests run it on a fake clock and a temporary
// store, and the service runs it on real time.
import type { SiteModel } from "../../generated/types.js";
import { indexSite, type SiteIndex } from "../../compiler/index.js";
import type { Clock, TickTimer } from "../engine/scheduler/types.js";
import { createHistoryRetention, DEFAULT_HISTORY_MAX_AGE_DAYS, DEFAULT_HISTORY_MAX_ROWS, type HistoryRetentionOptions } from "../history/history-retention.js";
import { createHistoryWriter, type HistoryWriter, type HistoryWriterOptions } from "../history/history-writer.js";
import { createThreadedRuleLog } from "../history/threaded-rule-log.js";
import { createPointPlane, type PointPlane } from "../points/point-plane.js";
import type { PointEvent } from "../points/point-table.js";
import { createSimulator, type Simulator } from "../points/virtual/simulate.js";
import type { Store } from "../store/store.js";
import type { RuleProblem } from "./loaded-rule.js";
import { measureTickLag } from "../metrics/measure-tick-lag.js";
import type { ServiceMetrics } from "../metrics/service-metrics.js";
import { createRuleRuntime, type ReloadSummary, type RuleRuntime, type RuleRuntimeOptions } from "./rule-runtime.js";
import { createRuleService, type RuleService } from "./rule-service.js";

export interface RuleEngineOptions {
  site: SiteModel;
  store: Store;
  clock: Clock;
  timer: TickTimer;
  /** Folder of the per-rule JSON-lines logs (`var/logs/rules` for the service). */
  logDir: string;
  /** Simulate the measurements that declare `simulate` (the demo). Default false. */
  simulate?: boolean;
  /** How often point history and decision records are written to the store; default 1000 ms. */
  historyFlushMs?: number;
  /** Decision records kept per rule (default 500). */
  decisionsPerRule?: number;
  /** Told about the decision records each flush wrote (the live WebSocket readers that asked for them). */
  onDecisionsWritten?: RuleRuntimeOptions["onDecisionsWritten"];
  tickMs?: number;
  parallelism?: number;
  eventCapacity?: number;
  onProblem?: (problem: RuleProblem) => void;
  /** The group-commit history writer's batch size, delay, water marks and retries (docs/history.md). */
  historyWriter?: Pick<HistoryWriterOptions, "maxBatch" | "maxDelayMs" | "highWater" | "lowWater" | "retries" | "retryDelayMs">;
  /** History retention (default 30 days, 5,000,000 rows), run every `intervalMs` (default 60 s). */
  historyRetention?: Partial<HistoryRetentionOptions> & { intervalMs?: number };
  /** Told after each execution record is committed (the live history readers listen here). */
  onRecorded?: (historyId: number, ruleId: number) => void;
  /** Failures outside an execution record: a history row or log line not written, point history not flushed. */
  onError?: (error: unknown, context: string) => void;
  /** Lines for the service's log about its own housekeeping (a history retention run that removed rows). */
  onInfo?: (line: string) => void;
  /** The service's own load (GET /metrics); default noMetrics. */
  metrics?: ServiceMetrics;
  /** When interval rules first fall due after start or a reload (docs/scheduler.md); default `spread`. */
  intervalPhase?: RuleRuntimeOptions["intervalPhase"];
}

export interface RuleEngine {
  /** The loaded site, indexed once: every compile and check of this engine uses it. */
  readonly site: SiteIndex;
  readonly plane: PointPlane;
  readonly runtime: RuleRuntime;
  readonly service: RuleService;
  /** The execution records' group-commit writer: pending() is the history queue's depth. */
  readonly history: HistoryWriter;
  start(): Promise<ReloadSummary>;
  stop(): Promise<void>;
}

export function createRuleEngine(options: RuleEngineOptions): RuleEngine {
  const { store, clock, timer } = options;
  const onError = options.onError ?? (() => undefined);
  const site = indexSite(options.site);
  // The plane publishes into the runtime's event channel, which exists only once the runtime does.
  let publish: (event: PointEvent) => boolean = () => false;
  const plane = createPointPlane({ site: options.site, clock, onEvent: (event) => publish(event), history: store.points });
  const recorder = createHistoryWriter({
    ...options.historyWriter,
    history: store.history,
    log: createThreadedRuleLog({ dir: options.logDir }),
    onError,
    ...(options.onRecorded !== undefined ? { onRecorded: options.onRecorded } : {}),
    ...(options.metrics !== undefined ? { metrics: options.metrics } : {}),
  });
  const retention = createHistoryRetention(store.history, clock, {
    maxAgeMs: DEFAULT_HISTORY_MAX_AGE_DAYS * 86_400_000,
    maxRows: DEFAULT_HISTORY_MAX_ROWS,
    ...options.historyRetention,
    ...(options.onInfo !== undefined ? { log: options.onInfo } : {}),
  });
  let pruning: Promise<unknown> = Promise.resolve();
  const prune = (): void => {
    pruning = retention.prune().catch((error: unknown) => onError(error, "history retention"));
  };
  const runtime = createRuleRuntime({
    store,
    plane,
    clock,
    // Only the scheduler's ticks are measured (not the simulator's or the flush timer's).
    timer: options.metrics !== undefined ? measureTickLag(timer, clock, options.metrics) : timer,
    recorder,
    site,
    tickMs: options.tickMs,
    parallelism: options.parallelism,
    eventCapacity: options.eventCapacity,
    intervalPhase: options.intervalPhase,
    onProblem: options.onProblem,
    ...(options.metrics !== undefined ? { metrics: options.metrics } : {}),
    onError,
    ...(options.decisionsPerRule !== undefined ? { decisionsPerRule: options.decisionsPerRule } : {}),
    ...(options.onDecisionsWritten !== undefined ? { onDecisionsWritten: options.onDecisionsWritten } : {}),
  });
  publish = runtime.offer;
  const service = createRuleService({
    store,
    clock,
    reload: runtime.reloadRules,
    site,
  });

  let simulator: Simulator | undefined;
  let stopFlushing: (() => void) | undefined;
  let stopPruning: (() => void) | undefined;
  // One timer writes both batches: point history, and the decision records that changed.
  const flush = async (): Promise<void> => {
    await Promise.all([
      plane.flushHistory().catch((error: unknown) => onError(error, "point history")),
      runtime.flushDecisions().catch((error: unknown) => onError(error, "decision records")),
    ]);
  };
  return {
    site,
    plane,
    runtime,
    service,
    history: recorder,
    async start() {
      if (options.simulate === true) simulator = createSimulator({ plane, clock, timer });
      stopFlushing = timer(options.historyFlushMs ?? 1000, () => void flush());
      stopPruning = timer(options.historyRetention?.intervalMs ?? 60_000, prune);
      return runtime.start();
    },
    async stop() {
      simulator?.stop();
      stopFlushing?.();
      stopPruning?.();
      await runtime.stop();
      // The executions that finished are queued: committed (or dropped) before the store closes.
      await recorder.stop();
      await pruning;
      await flush();
    },
  };
}
