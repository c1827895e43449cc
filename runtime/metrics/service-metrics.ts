// What the service tells about its own load (issue 19.6). The parts that do the work call these
// methods with plain values; runtime/metrics/ turns them into Prometheus series (GET /metrics).
// The parts never import prom-client: tests and `svc test` pass `noMetrics`.
import type { ExecutionTrigger } from "../store/store.js";
import type { RunReport, SuppressionReason } from "../engine/scheduler/types.js";

/** How an execution ended, for counting. */
export type ExecutionOutcome = "success" | "failure" | "short_circuit";

export interface ServiceMetrics {
  /**
   * Starts timing something: the returned function answers the seconds since, on a monotonic
   * clock of the metrics' own (noMetrics: always 0), so that the parts read no clock for metrics.
   */
  stopwatch(): () => number;
  /** An execution finished (scheduled or manual); `seconds` is its run time. */
  executionFinished(trigger: ExecutionTrigger, outcome: ExecutionOutcome, seconds: number): void;
  /** The scheduler suppressed a due or changed rule. */
  suppressed(reason: SuppressionReason): void;
  /** A scheduler tick ran `lagMs` after it was due. */
  tickLag(lagMs: number): void;
  /** A batch of `size` execution records was committed in `seconds` (one transaction). */
  historyBatch(size: number, seconds: number): void;
  /** Execution records not recorded because the history could not keep up (never silent). */
  historyDropped(count: number): void;
  /** A reload of `rules` rules (`partial`: the rules a change concerned; `full`: every stored rule) took `seconds`. */
  reloaded(kind: "partial" | "full", rules: number, seconds: number): void;
  /** An HTTP request ended; `route` is the route's template (`/api/rules/{id}`), never the raw URL. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
}

/** Counts nothing: for tests, `svc test` and embedded uses. */
const zero = (): number => 0;

export const noMetrics: ServiceMetrics = {
  stopwatch: () => zero,
  executionFinished: () => undefined,
  suppressed: () => undefined,
  tickLag: () => undefined,
  historyBatch: () => undefined,
  historyDropped: () => undefined,
  reloaded: () => undefined,
  httpRequest: () => undefined,
};

/** How an execution's report counts: stopped by an unavailable input, else by its success. */
export function executionOutcome(report: Pick<RunReport, "success" | "shortCircuited">): ExecutionOutcome {
  if (report.shortCircuited) return "short_circuit";
  return report.success ? "success" : "failure";
}

/** The text GET /metrics answers: the Prometheus text exposition format (runtime/metrics/prom-metrics.ts). */
export interface MetricsExposition {
  /** `text/plain; version=0.0.4; charset=utf-8`. */
  readonly contentType: string;
  text(): Promise<string>;
}
