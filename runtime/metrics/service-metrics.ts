// What the service tells about its own load (issue 19.6). The parts that do the work call these
// methods with plain values; runtime/metrics/ turns them into Prometheus series (GET /metrics).
// The parts never import prom-client: tests and `svc test` pass `noMetrics`.
import type { ExecutionTrigger } from "../store/store.js";
import type { SuppressionReason } from "../engine/scheduler/types.js";

/** How an execution ended, for counting. */
export type ExecutionOutcome = "success" | "failure" | "short_circuit";

export interface ServiceMetrics {
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
export const noMetrics: ServiceMetrics = {
  executionFinished: () => undefined,
  suppressed: () => undefined,
  tickLag: () => undefined,
  historyBatch: () => undefined,
  historyDropped: () => undefined,
  reloaded: () => undefined,
  httpRequest: () => undefined,
};
