// The composition root: reads the configuration, opens the store, loads the site pack, starts the
// rule engine and serves the HTTP API (with the live history WebSocket and the docs). The only
// place that calls `listen`; `svc serve` (cli/commands/serve.ts) hands it the environment.
import type { Server } from "node:http";
import { join } from "node:path";
import { createAuthenticator } from "./auth/authenticator.js";
import { configuredKeyVariables, readAuthConfig } from "./auth/auth-config.js";
import { createConfiguredBearer } from "./auth/configured-bearer.js";
import { createJwtVerifier } from "./auth/jwt-verifier.js";
import { ensureLocalSecret } from "./auth/local-secret.js";
import { describeAuthStartup } from "./auth/startup-notes.js";
import { realTickTimer, systemClock } from "./engine/scheduler/index.js";
import { createHttpServer } from "./http/create-http-server.js";
import { readSiteFile } from "./points/read-site-file.js";
import { createRuleEngine } from "./rules/create-rule-engine.js";
import { ConfigError, readServiceConfig } from "./service-config.js";
import { openStore } from "./store/open-store.js";
import { describeDbUrl } from "./store/store-config.js";

export interface ServiceLog {
  info(line: string): void;
  error(line: string): void;
}

export interface RunningService {
  url: string;
  /** Stops accepting, stops the scheduler (running executions finish), closes the store. */
  stop(): Promise<void>;
}

export async function startService(env: Record<string, string | undefined>, log: ServiceLog, version: string): Promise<RunningService> {
  const config = readServiceConfig(env);
  const secretPath = join(config.varDir, "jwt-secret");
  const local = configuredKeyVariables(env).length === 0 ? await ensureLocalSecret(secretPath) : undefined;
  const auth = readAuthConfig(env, local?.secret);
  const bearer = createConfiguredBearer(env);

  const loaded = await readSiteFile(join(config.pack, "site.yaml"));
  if (loaded.site === undefined) {
    const first = loaded.diagnostics[0];
    throw new ConfigError(`${join(config.pack, "site.yaml")}: the site model has errors (${loaded.diagnostics.length}); first: ${first?.message ?? "?"} — run: svc compile --check`);
  }
  const store = await openStore(config.dbUrl);
  let notifyLive = (): void => undefined;
  const engine = createRuleEngine({
    site: loaded.site,
    store,
    clock: systemClock,
    timer: realTickTimer,
    logDir: join(config.varDir, "logs", "rules"),
    simulate: true,
    onRecorded: () => notifyLive(),
    onProblem: (p) => log.error(`rule ${p.ruleId} (${p.name}) ${p.excluded ? "cannot run" : "has warnings"}: ${p.diagnostics.map((d) => d.message).join("; ")}`),
    onError: (error, context) => log.error(`${context}: ${error instanceof Error ? error.message : String(error)}`),
  });
  const authenticator = createAuthenticator({ verifier: createJwtVerifier(auth, systemClock), bearer });
  const { server, live } = createHttpServer({
    service: engine.service,
    runtime: engine.runtime,
    store,
    auth: authenticator,
    clock: systemClock,
    info: { name: "svc", version },
    bodyLimitBytes: config.bodyLimitBytes,
    onInternalError: (error, correlationId) => log.error(`internal error (correlation id ${correlationId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  notifyLive = live.notify;
  const summary = await engine.start();
  await listen(server, config.port, config.host);
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;

  log.info(`svc ${version} serving ${url}  (store ${describeDbUrl(config.dbUrl)}, site ${config.pack}, ${summary.loaded} rules enabled)`);
  log.info(`API docs: ${url}/docs   OpenAPI: ${url}/openapi.json   live history: ws://${url.slice("http://".length)}/api/history/live`);
  for (const line of describeAuthStartup({ config: auth, bearer, localSecretPath: secretPath, ...(local ? { created: local.created } : {}) })) log.info(line);

  let stopping: Promise<void> | undefined;
  return {
    url,
    stop: () =>
      (stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await live.close();
        server.closeIdleConnections();
        await engine.stop();
        await closed;
        await store.close();
      })()),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
