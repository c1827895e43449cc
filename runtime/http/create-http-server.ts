// The HTTP server of the service, composed once for the service, its tests and its benchmark:
// the app with its docs (OpenAPI from the route table and schemas/, swagger-ui from
// node_modules), bounded request timeouts, and the live history WebSocket on the same server.
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AppDeps } from "./app-deps.js";
import { answerClientError } from "./client-error.js";
import { createApp } from "./create-app.js";
import { createDocsHandlers } from "./docs/index.js";
import { attachLiveHistory, type LiveHistory } from "./live-history.js";
import { buildServiceOpenApi } from "./openapi/service-openapi.js";

export interface HttpServerOptions {
  livePollMs?: number;
  liveMaxConnections?: number;
  /** A request's headers must arrive within this (default 10 s); its whole body within requestTimeoutMs (default 30 s). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/**
 * How often Node looks for requests past their timeouts. Its default is 30 s, which let a slow
 * client hold a connection for 35-40 s against the documented 10 s and 30 s.
 */
export const CONNECTION_CHECK_INTERVAL_MS = 1000;

export interface HttpServer {
  server: Server;
  live: LiveHistory;
}

/** `absolute-path.js` names swagger-ui-dist's folder without loading its 1.5 MB bundle. */
const swaggerUiDir = (): string => (createRequire(import.meta.url)("swagger-ui-dist/absolute-path.js") as () => string)();

export function createHttpServer(deps: Omit<AppDeps, "docs">, options: HttpServerOptions = {}): HttpServer {
  const docs = createDocsHandlers({
    openapi: buildServiceOpenApi({ title: `${deps.info.name} rule service`, version: deps.info.version }),
    swaggerUiDir: swaggerUiDir(),
  });
  const server = createServer({ connectionsCheckingInterval: CONNECTION_CHECK_INTERVAL_MS }, createApp({ ...deps, docs }).callback());
  // Bounded: a client that never finishes its request does not hold a connection forever.
  server.requestTimeout = options.requestTimeoutMs ?? 30_000;
  server.headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, server.requestTimeout);
  server.on("clientError", answerClientError);
  const live = attachLiveHistory(server, {
    history: deps.store.history,
    auth: deps.auth,
    clock: deps.clock,
    ...(options.livePollMs !== undefined ? { pollMs: options.livePollMs } : {}),
    ...(options.liveMaxConnections !== undefined ? { maxConnections: options.liveMaxConnections } : {}),
  });
  return { server, live };
}
