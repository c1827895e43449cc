// What the HTTP app needs from the rest of the runtime, passed in by the composition root
// (runtime/main.ts) or a test: the app itself reads no environment, file or clock of its own.
import type { Middleware } from "koa";
import type { Identity } from "../auth/identity.js";
import type { Clock } from "../engine/scheduler/types.js";
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

export interface AppDeps {
  service: RuleService;
  runtime: Pick<RuleRuntime, "execute" | "variables" | "status" | "reload">;
  store: Store;
  auth: Authenticate;
  clock: Clock;
  /** Name and version for /health and the docs. */
  info: { name: string; version: string };
  docs: DocsHandlers;
  /** Request body limit in bytes; default 1 MiB. */
  bodyLimitBytes?: number;
  /** Correlation ids of requests that bring none; default crypto.randomUUID. */
  newCorrelationId?: () => string;
  /** Told about 500s (with the correlation id), which clients see without detail. */
  onInternalError?: (error: unknown, correlationId: string) => void;
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
