// The composition root: reads the configuration, opens the store, loads the site pack, composes
// data processing (the pack's tasks, demo data, the embedded reference processor), starts the
// rule engine and serves the HTTP API (with the live history WebSocket and the docs). The only
// place that calls `listen`; `svc serve` (cli/commands/serve.ts) hands it the environment.
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { DecisionRecord, SiteModel } from "../generated/types.js";
import { createAuthenticator } from "./auth/authenticator.js";
import { configuredKeyVariables, readAuthConfig } from "./auth/auth-config.js";
import { createConfiguredBearer } from "./auth/configured-bearer.js";
import { createJwtVerifier } from "./auth/jwt-verifier.js";
import { checkAuditGuards } from "./audit/check-audit-guards.js";
import { verifyAuditTail } from "./audit/verify-audit-tail.js";
import { ensureLocalSecret } from "./auth/local-secret.js";
import { describeAuthStartup } from "./auth/startup-notes.js";
import { realTickTimer, systemClock } from "./engine/scheduler/index.js";
import { createHttpServer } from "./http/create-http-server.js";
import { createPromMetrics } from "./metrics/prom-metrics.js";
import type { PackText } from "./processing/binding/index.js";
import { composeProcessing, type ProcessingHandle } from "./processing/compose/index.js";
import { processingDeps } from "./processing/compose/processing-deps.js";
import { startReferenceProcessor } from "./processor/start-processor.js";
import { readSiteFile } from "./points/read-site-file.js";
import { createRuleEngine } from "./rules/create-rule-engine.js";
import type { RuleProblem } from "./rules/loaded-rule.js";
import { ConfigError, readServiceConfig, type ServiceConfig } from "./service-config.js";
import { openStore } from "./store/open-store.js";
import type { Store } from "./store/store.js";
import { describeDbUrl } from "./store/store-config.js";

export interface ServiceLog {
  info(line: string): void;
  error(line: string): void;
}

export interface RunningService {
  url: string;
  /** Data processing as composed; undefined with SVC_DATA_PROCESSING=off. */
  processing: ProcessingHandle | undefined;
  /** Stops accepting, stops the scheduler (running executions finish), stops the embedded processor, closes the store. */
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
  const store = await openStore(config.dbUrl, { onNotice: (line) => log.error(`warning: ${line}`) });
  // Tamper evidence at start-up: an alarm line, and the service starts anyway (docs/audit.md).
  const tail = await verifyAuditTail(store.audit);
  if (tail.alarm !== undefined) log.error(tail.alarm);
  const guards = await checkAuditGuards(store.audit);
  if (guards.alarm !== undefined) log.error(guards.alarm);
  // What the data-processing routes mount from (issue 7 item 6): the commissioned pack, the
  // routes as the client must call them, the client's environment (with the processor token).
  let processing: ProcessingHandle | undefined;
  try {
    processing = config.dataProcessing ? await startProcessing(config, loaded.site, join(config.pack, "site.yaml"), store, env, log, version) : undefined;
  } catch (error) {
    await store.close();
    throw error;
  }
  let notifyLive = (): void => undefined;
  let publishDecisions = (_records: DecisionRecord[]): void => undefined;
  // The service's own load (GET /metrics, docs/operations.md): one registry for this service.
  const metrics = createPromMetrics();
  const engine = createRuleEngine({
    metrics,
    site: loaded.site,
    store,
    clock: systemClock,
    timer: realTickTimer,
    logDir: join(config.varDir, "logs", "rules"),
    simulate: true,
    historyWriter: { maxDelayMs: config.historyBatchDelayMs },
    historyRetention: { maxAgeMs: config.historyMaxAgeDays * 86_400_000, maxRows: config.historyMaxRows },
    onRecorded: () => notifyLive(),
    onDecisionsWritten: (records) => publishDecisions(records),
    onProblem: (p) => log.error(`rule ${p.ruleId} (${p.name}) ${problemKind(p)}: ${p.diagnostics.map((d) => d.message).join("; ")}`),
    onError: (error, context) => log.error(`${context}: ${error instanceof Error ? error.message : String(error)}`),
    onInfo: (line) => log.info(line),
  });
  metrics.observe({ status: () => engine.runtime.status(), historyPending: () => engine.history.pending(), ...(store.poolUse !== undefined ? { pool: () => store.poolUse!() } : {}) });
  const authenticator = createAuthenticator({ verifier: createJwtVerifier(auth, systemClock), bearer });
  const { server, live } = createHttpServer({
    service: engine.service,
    runtime: engine.runtime,
    site: engine.site,
    store,
    auth: authenticator,
    clock: systemClock,
    info: { name: "svc", version },
    bodyLimitBytes: config.bodyLimitBytes,
    batchBodyLimitBytes: config.batchBodyLimitBytes,
    metrics,
    ...(processing === undefined ? {} : { processing: processingDeps(processing, store, engine.plane, systemClock) }),
    onInternalError: (error, correlationId) => log.error(`internal error (correlation id ${correlationId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  notifyLive = live.notify;
  publishDecisions = live.publishDecisions;
  let summary;
  try {
    summary = await engine.start();
    await listen(server, config.port, config.host);
  } catch (error) {
    // Nothing may keep running after a failed start (PORT in use): the process must be able to exit.
    await engine.stop();
    await live.close();
    await processing?.stop();
    await store.close();
    throw error;
  }
  // Once listening, a server error (accept failing, e.g. EMFILE) is logged: never a crash.
  server.on("error", (error) => log.error(`HTTP server: ${error.message}`));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;

  log.info(`svc ${version} serving ${url}  (store ${describeDbUrl(config.dbUrl)}, site ${config.pack}, ${summary.enabled} rules enabled)`);
  log.info(`API docs: ${url}/docs   OpenAPI: ${url}/openapi.json   live history: ws://${url.slice("http://".length)}/api/history/live`);
  for (const line of describeAuthStartup({ config: auth, bearer, localSecretPath: secretPath, varDir: config.varDir, ...(local ? { created: local.created } : {}) })) log.info(line);
  log.info(describeProcessing(processing));

  let stopping: Promise<void> | undefined;
  return {
    url,
    processing,
    stop: () =>
      (stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await live.close();
        server.closeIdleConnections();
        await engine.stop();
        await closed;
        // After the HTTP server: a processing call in flight still reaches the processor.
        await processing?.stop();
        await store.close();
      })()),
  };
}

async function startProcessing(
  config: ServiceConfig,
  site: SiteModel,
  siteFile: string,
  store: Store,
  env: Record<string, string | undefined>,
  log: ServiceLog,
  version: string,
): Promise<ProcessingHandle> {
  try {
    return await composeProcessing({
      files: await readProcessingFiles(config.pack),
      site: { file: siteFile, model: site },
      store,
      clock: systemClock,
      env,
      log,
      version,
      processorPort: config.processorPort,
      demoData: config.demoData,
      startProcessor: startReferenceProcessor,
      newToken: () => randomBytes(32).toString("base64url"),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new ConfigError(`SVC_PROCESSOR_PORT ${String(config.processorPort)} is in use: set another port, 0 for any free one, or 'off' to run no embedded processor`);
  }
}

/** The data-processing files of a pack: the YAML files of tasks/, bindings/ and routes/ (not recursive), by name. */
async function readProcessingFiles(pack: string): Promise<PackText[]> {
  const files: PackText[] = [];
  for (const folder of ["tasks", "bindings", "routes"]) {
    const names = await readdir(join(pack, folder)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    for (const name of names.filter((n) => /\.ya?ml$/.test(n)).sort()) {
      const file = join(pack, folder, name);
      files.push({ file, text: await readFile(file, "utf8") });
    }
  }
  return files;
}

function describeProcessing(processing: ProcessingHandle | undefined): string {
  if (processing === undefined) return "data processing off (SVC_DATA_PROCESSING=off)";
  const { commissioned, refused } = processing.commissioned;
  const tasks = `${commissioned.length} task${commissioned.length === 1 ? "" : "s"} commissioned${refused.length > 0 ? `, ${refused.length} binding(s) refused` : ""}`;
  return `data processing: ${tasks}; reference processor ${processing.processorUrl ?? "not running"}`;
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

/** How the log names a reload's finding: the rule cannot run, does not match the site (it still runs), or has warnings. */
function problemKind(problem: RuleProblem): string {
  if (problem.excluded) return "cannot run";
  return problem.diagnostics.some((d) => d.severity === "error") ? "does not match the site (it still runs; those reads and writes fail)" : "has warnings";
}
