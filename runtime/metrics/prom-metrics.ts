// The service's own load as Prometheus series (issue 19.6; docs/operations.md lists them). One
// registry per instance, never prom-client's global one: tests start several services in one
// process. Events arrive through ServiceMetrics; queue depth, rule counts, history pending and
// the store pool are read from their sources (observe) when Prometheus scrapes: nothing polls.
import { performance } from "node:perf_hooks";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { SuppressionReason } from "../engine/scheduler/types.js";
import type { ExecutionTrigger, PoolUse } from "../store/store.js";
import type { ExecutionOutcome, MetricsExposition, ServiceMetrics } from "./service-metrics.js";

/** What the gauges read on each scrape; each source is optional (its series are then absent). */
export interface MetricsSources {
  /** The runtime's counts and load (RuleRuntime.status(): counts only, no per-rule statistics). */
  status?: () => { queued: number; inFlight: number; enabledRules: number; totalRules: number };
  /** The history writer's queue depth: execution records not yet committed. */
  historyPending?: () => number;
  /** The store's connection pool (Store.poolUse). */
  pool?: () => PoolUse;
}

export interface PromMetrics extends ServiceMetrics, MetricsExposition {
  /** Sets where the scrape-time gauges read from (the runtime exists only after the metrics). */
  observe(sources: MetricsSources): void;
}

export interface PromMetricsOptions {
  /** Monotonic milliseconds for stopwatch(); default performance.now. */
  now?: () => number;
  /** Process metrics (CPU, memory, event loop lag, GC, handles); default true. */
  processMetrics?: boolean;
}

const TRIGGERS: readonly ExecutionTrigger[] = ["interval", "on_change", "manual"];
const OUTCOMES: readonly ExecutionOutcome[] = ["success", "failure", "short_circuit"];
/** Every suppression kind, so that each series exists (at 0) before its first count. */
const KINDS: Record<SuppressionReason, true> = {
  deadband_time: true,
  deadband_value: true,
  cooldown: true,
  disabled: true,
  running: true,
  no_change: true,
  input_unavailable: true,
  event_dropped: true,
};

// Buckets in seconds (Prometheus convention); each has the boundary an alert in docs/operations.md names.
const EXECUTION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
// Fine around 20 ms: the tick-lag alert's threshold (docs/operations.md).
const TICK_LAG_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.015, 0.02, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const WRITE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];
const RELOAD_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createPromMetrics(options: PromMetricsOptions = {}): PromMetrics {
  const now = options.now ?? (() => performance.now());
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  let sources: MetricsSources = {};
  const registers = [registry];

  const executions = new Counter({ name: "svc_rule_executions_total", help: "Rule executions that finished, by trigger and outcome (failure: success false; short_circuit: stopped by an unavailable input).", labelNames: ["trigger", "outcome"] as const, registers });
  const executionSeconds = new Histogram({ name: "svc_rule_execution_duration_seconds", help: "Run time of an execution: history reads, evaluation, actions and handing its record to the history writer.", labelNames: ["trigger"] as const, buckets: EXECUTION_BUCKETS, registers });
  const suppressions = new Counter({ name: "svc_scheduler_suppressions_total", help: "Due or changed rules the scheduler did not run, by kind.", labelNames: ["kind"] as const, registers });
  const tickLag = new Histogram({ name: "svc_scheduler_tick_lag_seconds", help: "How late each scheduler tick ran after it was due.", buckets: TICK_LAG_BUCKETS, registers });
  const historyBatch = new Histogram({ name: "svc_history_batch_size", help: "Execution records committed per history transaction.", buckets: BATCH_BUCKETS, registers });
  const historyWrite = new Histogram({ name: "svc_history_write_duration_seconds", help: "Time to commit one batch of execution records.", buckets: WRITE_BUCKETS, registers });
  const historyDropped = new Counter({ name: "svc_history_dropped_total", help: "Execution records not recorded because the history could not keep up.", registers });
  const reloads = new Histogram({ name: "svc_reload_duration_seconds", help: "Time of a rule reload, by kind (partial: the rules a change concerned; full: every stored rule).", labelNames: ["kind"] as const, buckets: RELOAD_BUCKETS, registers });
  const reloadedRules = new Counter({ name: "svc_reload_rules_total", help: "Rules re-read by reloads, by kind.", labelNames: ["kind"] as const, registers });
  const http = new Histogram({ name: "svc_http_request_duration_seconds", help: "HTTP request durations by method, route template and status.", labelNames: ["method", "route", "status"] as const, buckets: HTTP_BUCKETS, registers });

  // Counters and histograms with a bounded label set exist at 0 from the start: rate() and the
  // alerts work before the first event.
  for (const trigger of TRIGGERS) {
    executionSeconds.zero({ trigger });
    for (const outcome of OUTCOMES) executions.inc({ trigger, outcome }, 0);
  }
  for (const kind of Object.keys(KINDS)) suppressions.inc({ kind }, 0);
  for (const kind of ["partial", "full"]) {
    reloads.zero({ kind });
    reloadedRules.inc({ kind }, 0);
  }
  historyDropped.inc(0);

  // Read on scrape; registered once their source is known, so a series that exists is measured.
  const observed = new Set<keyof MetricsSources>();
  const gauges = (source: keyof MetricsSources, specs: [name: string, help: string, read: () => number][]): void => {
    if (sources[source] === undefined || observed.has(source)) return;
    observed.add(source);
    for (const [name, help, read] of specs) new Gauge({ name, help, registers, collect() { this.set(read()); } });
  };
  const status = () => sources.status!();
  const pool = () => sources.pool!();
  const register = (): void => {
    gauges("status", [
      ["svc_scheduler_queued", "Due rules waiting for a free execution slot.", () => status().queued],
      ["svc_scheduler_in_flight", "Executions running now.", () => status().inFlight],
      ["svc_rules_enabled", "Enabled rules of the last reload.", () => status().enabledRules],
      ["svc_rules_total", "Stored rules of the last reload, enabled or not.", () => status().totalRules],
    ]);
    gauges("historyPending", [["svc_history_pending", "Execution records waiting to be committed.", () => sources.historyPending!()]]);
    gauges("pool", [
      ["svc_store_pool_used", "Store connections in use.", () => pool().used],
      ["svc_store_pool_free", "Idle store connections.", () => pool().free],
      ["svc_store_pool_pending_acquires", "Store operations waiting for a connection.", () => pool().pendingAcquires],
      ["svc_store_pool_max", "Most connections the store pool opens.", () => pool().max],
    ]);
  };

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    observe(next) {
      sources = { ...sources, ...next };
      register();
    },
    stopwatch() {
      const started = now();
      return () => (now() - started) / 1000;
    },
    executionFinished(trigger, outcome, seconds) {
      executions.inc({ trigger, outcome });
      executionSeconds.observe({ trigger }, seconds);
    },
    suppressed(reason) {
      suppressions.inc({ kind: reason });
    },
    tickLag(lagMs) {
      tickLag.observe(Math.max(0, lagMs) / 1000);
    },
    historyBatch(size, seconds) {
      historyBatch.observe(size);
      historyWrite.observe(seconds);
    },
    historyDropped(count) {
      historyDropped.inc(count);
    },
    reloaded(kind, rules, seconds) {
      reloads.observe({ kind }, seconds);
      reloadedRules.inc({ kind }, rules);
    },
    httpRequest(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
  };
}
