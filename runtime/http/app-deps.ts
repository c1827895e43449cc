// What the HTTP app needs from the rest of the runtime, passed in by the composition root
// (runtime/main.ts) or a test: the app itself reads no environment, file or clock of its own.
import type { Middleware } from "koa";
import type { SiteIndex } from "../../compiler/index.js";
import type { ProcessorRoute } from "../../generated/types.js";
import type { Identity } from "../auth/identity.js";
import type { Clock } from "../engine/scheduler/types.js";
import type { MetricsExposition, ServiceMetrics } from "../metrics/service-metrics.js";
import type { CommissionedPack } from "../processing/binding/index.js";
import type { ProcessorClient } from "../processing/client/index.js";
import type { ProcessTaskDeps } from "../processing/run/process-task.js";
import type { RuleRuntime } from "../rules/rule-runtime.js";
import type { RuleService } from "../rules/rule-service.js";
import type { Store } from "../store/store.js";

export interface Authenticate {
  /** Resolves the caller from the Authorization header; rejects with `unauthenticated`. */
  authenticate(authorization: string | undefined, options: { configuredBearer: boolean }): Promise<Identity>;
}

export interface DocsHandlers {
  getOpenApi: Middleware;
  getDocs: Middleware;
  /** Serves /docs/assets/*. */
  assets: Middleware;
}

/**
 * Data processing, when it is enabled: the commissioned pack and how to read a frame's sources and
 * reach a route's processor. Absent: the /api/v1/data-processing routes are not mounted (spec:
 * "mounted only when data processing is enabled"). The clock is AppDeps.clock.
 */
export interface ProcessingDeps {
  pack: CommissionedPack;
  /** Reads every source of one frame in one consistent snapshot (grid rule 6). */
  readSources: ProcessTaskDeps["readSources"];
  /**
   * A client for exactly this route's processor section. The health check passes the route with
   * shorter timeouts, so clients must be built from the route given, not cached by its id.
   */
  clientFor(route: ProcessorRoute): ProcessorClient;
  /** A fresh request id (when the caller sent no x-request-id) or result id: a ResourceId. */
  newId(kind: "request" | "result"): string;
  /** Bound of one processor health check in ms; default 2000 (never above the route's request_timeout_ms). */
  healthTimeoutMs?: number;
}

export interface AppDeps {
  service: RuleService;
  runtime: Pick<RuleRuntime, "execute" | "variables" | "status" | "ruleStatuses" | "reload" | "pointUsage" | "decisions">;
  /** The loaded site, indexed once (RuleEngine.site): POST /api/rules/validate compiles with it, GET /api/site/points lists it. */
  site: SiteIndex;
  store: Store;
  auth: Authenticate;
  clock: Clock;
  /** Name and version for /health and the docs. */
  info: { name: string; version: string };
  docs: DocsHandlers;
  /** Request body limit in bytes; default 1 MiB. */
  bodyLimitBytes?: number;
  /** POST /api/rules/batch's body limit in bytes (a whole pack in one request); default 64 MiB. */
  batchBodyLimitBytes?: number;
  /** Correlation ids of requests that bring none; default crypto.randomUUID. */
  newCorrelationId?: () => string;
  /** Told about 500s (with the correlation id), which clients see without detail. */
  onInternalError?: (error: unknown, correlationId: string) => void;
  /** Data processing; absent when it is disabled (its routes are then not mounted). */
  processing?: ProcessingDeps;
  /** The service's own load: requests are timed into it and GET /metrics answers its text; absent: neither (GET /metrics is a 404). */
  metrics?: ServiceMetrics & MetricsExposition;
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_BATCH_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
