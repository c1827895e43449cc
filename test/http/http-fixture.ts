// The whole service on an ephemeral loopback port: the rule engine on a fake clock (see
// test/rules/engine-fixture.ts), the real app, auth, docs and live history. Requests go over
// real HTTP with fetch; tokens are minted with the fixture's secret at the fake time.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAuthenticator } from "../../runtime/auth/authenticator.js";
import { readAuthConfig } from "../../runtime/auth/auth-config.js";
import { createConfiguredBearer } from "../../runtime/auth/configured-bearer.js";
import type { Role } from "../../runtime/auth/identity.js";
import { createJwtVerifier } from "../../runtime/auth/jwt-verifier.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import type { Clock } from "../../runtime/engine/scheduler/types.js";
import type { ProcessingDeps } from "../../runtime/http/app-deps.js";
import { createHttpServer } from "../../runtime/http/create-http-server.js";
import type { LiveHistory } from "../../runtime/http/live-history.js";
import type { MetricsExposition, ServiceMetrics } from "../../runtime/metrics/service-metrics.js";
import { openStore } from "../../runtime/store/open-store.js";
import type { Store } from "../../runtime/store/store.js";
import { createEngineFixture, type EngineFixture } from "../rules/engine-fixture.js";

export const SECRET = new TextEncoder().encode("an-http-test-secret-of-more-than-32-bytes");
export const VERSION = "0.0.0-test";

export const BEARER_ENV = {
  SVC_CLOUD_API_BEARER_TOKEN: "control-plane-bearer-token",
  SVC_CLOUD_API_TENANT_ID: "default",
  SVC_CLOUD_API_PROJECT_ID: "default",
  SVC_CLOUD_API_SUBJECT_ID: "auditor",
  SVC_CLOUD_API_PERMISSIONS: "audit.event.read",
};

export interface HttpFixture extends EngineFixture {
  url: string;
  server: Server;
  live: LiveHistory;
  internalErrors: unknown[];
  token(role: Role, claims?: { sub?: string; tenant?: string; project?: string; ttlSeconds?: number }): Promise<string>;
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
}

export interface RequestOptions {
  token?: string;
  /** Serialised as JSON unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON. */
  json: any;
}

export interface HttpFixtureOptions {
  /** A store to use instead of a fresh in-memory SQLite one (the PostgreSQL runs). */
  store?: Store;
  /** When interval rules first fall due (default the service's `spread`, docs/scheduler.md). */
  intervalPhase?: "spread" | "first_tick";
  /** Environment for the configured control-plane bearer (default BEARER_ENV). */
  bearerEnv?: Record<string, string | undefined>;
  /** Wraps the store the app sees (e.g. to record or fail calls). */
  wrapStore?: (store: Store) => Store;
  /** Wraps only the store the app's routes see (the engine keeps the real one). */
  wrapAppStore?: (store: Store) => Store;
  bodyLimitBytes?: number;
  batchBodyLimitBytes?: number;
  /** The live history socket's connection limit (default the service's). */
  liveMaxConnections?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Data processing, built on the fixture's clock (see data-processing-fixture.ts); absent: its routes are not mounted. */
  processing?: (clock: Clock) => ProcessingDeps;
  /** The service's metrics, given to the engine and the app as runtime/main.ts does; absent: GET /metrics is not mounted. */
  metrics?: ServiceMetrics & MetricsExposition;
}

export async function startHttpFixture(options: HttpFixtureOptions = {}): Promise<HttpFixture> {
  const wrap = options.wrapStore ?? ((s: Store) => s);
  const store = wrap(options.store ?? (await openStore("sqlite::memory:")));
  // As the service wires it (runtime/main.ts): written decision records go to the live readers.
  let publishDecisions: LiveHistory["publishDecisions"] = () => undefined;
  const base = await createEngineFixture({ store, onDecisionsWritten: (records) => publishDecisions(records), ...(options.metrics !== undefined ? { metrics: options.metrics } : {}), ...(options.intervalPhase ? { intervalPhase: options.intervalPhase } : {}) });
  const clock = base.time.clock;
  const auth = createAuthenticator({
    verifier: createJwtVerifier(readAuthConfig({ SVC_JWT_SECRET: new TextDecoder().decode(SECRET) }), clock),
    bearer: createConfiguredBearer(options.bearerEnv ?? BEARER_ENV),
  });
  const internalErrors: unknown[] = [];
  const { server, live } = createHttpServer(
    {
      service: base.engine.service,
      runtime: base.engine.runtime,
      site: base.engine.site,
      store: options.wrapAppStore ? options.wrapAppStore(store) : store,
      auth,
      clock,
      info: { name: "svc", version: VERSION },
      ...(options.bodyLimitBytes !== undefined ? { bodyLimitBytes: options.bodyLimitBytes } : {}),
      ...(options.batchBodyLimitBytes !== undefined ? { batchBodyLimitBytes: options.batchBodyLimitBytes } : {}),
      ...(options.processing !== undefined ? { processing: options.processing(clock) } : {}),
      ...(options.metrics !== undefined ? { metrics: options.metrics } : {}),
      onInternalError: (error) => internalErrors.push(error),
    },
    {
      livePollMs: 50,
      ...(options.liveMaxConnections !== undefined ? { liveMaxConnections: options.liveMaxConnections } : {}),
      ...(options.headersTimeoutMs !== undefined ? { headersTimeoutMs: options.headersTimeoutMs } : {}),
      ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    },
  );
  publishDecisions = live.publishDecisions;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    ...base,
    url,
    server,
    live,
    internalErrors,
    token: (role, claims = {}) =>
      mintToken(SECRET, { sub: claims.sub ?? `${role.toLowerCase()}-user`, role, ttlSeconds: claims.ttlSeconds ?? 3600, ...pick(claims) }, clock.now()),
    async request(method, path, { token, body, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers }, signal: AbortSignal.timeout(5000) };
      if (token !== undefined) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
      if (body !== undefined) {
        init.body = typeof body === "string" ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] ??= "application/json";
      }
      const response = await fetch(`${url}${path}`, init);
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    async close() {
      await live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await base.close();
    },
  };
}

function pick(claims: { tenant?: string; project?: string }): { tenant?: string; project?: string } {
  return { ...(claims.tenant !== undefined ? { tenant: claims.tenant } : {}), ...(claims.project !== undefined ? { project: claims.project } : {}) };
}
