// Data processing as `svc serve` composes it: the pack's tasks, bindings and routes loaded and
// commissioned against the site (a refused binding is logged with its diagnostics and the others
// still run; a pack that does not load leaves no task, and the service still starts), demo data
// seeded, and the embedded reference processor started for the tasks of the routes that point at
// it. Returns what the data-processing routes need: the commissioned pack with every route as the
// client must call it, the client's environment (with the processor token) and stop().
//
// The processor token: SVC_PROCESSOR_TOKEN when set, else a random token for this run, given to
// the embedded processor and, under each embedded route's bearer_token_env, to the client's
// environment (never to process.env, never logged). With SVC_PROCESSOR_PORT=off nothing is
// generated: routes call their configured endpoints with whatever the environment holds.
//
// No listen and no randomness here: the processor starter and the token source are passed in
// (runtime/main.ts passes startReferenceProcessor and crypto), so this stays a pure folder.
import type { DataProcessingTask, ProcessorRoute, SiteModel } from "../../../generated/types.js";
import type { Clock } from "../../engine/scheduler/types.js";
import { knownTaskOf, type KnownTask } from "../../processor/known-tasks.js";
import type { RunningProcessor, StartProcessorOptions } from "../../processor/start-processor.js";
import type { Store } from "../../store/store.js";
import { commissionPack, loadProcessingPack, type CommissionedPack, type CommissionedTask, type PackText } from "../binding/index.js";
import { EMBEDDED_PROCESSOR_ID, routeTarget, withEndpoint } from "./embedded-routes.js";
import { diagnosticLines } from "./pack-log.js";
import { seedDemoData, type DemoSeed } from "./seed-demo-data.js";

export interface ProcessingLog {
  info(line: string): void;
  error(line: string): void;
}

/** The variable that holds the embedded processor's token (the demo route's bearer_token_env). */
export const PROCESSOR_TOKEN_ENV = "SVC_PROCESSOR_TOKEN";

export interface ComposeProcessingOptions {
  /** The pack's tasks/, bindings/ and routes/ files, read by the caller. */
  files: readonly PackText[];
  /** The site model the service runs (loaded once, by the caller). */
  site: { file: string; model: SiteModel };
  store: Store;
  clock: Clock;
  /** The process environment: SVC_PROCESSOR_TOKEN and the routes' bearer_token_env variables. */
  env: Readonly<Record<string, string | undefined>>;
  log: ProcessingLog;
  /** The service's version: the embedded processor's. */
  version: string;
  /** SVC_PROCESSOR_PORT: the embedded processor's port (0: any free one), or "off". */
  processorPort: number | "off";
  /** SVC_DEMO_DATA; default true. */
  demoData?: boolean;
  /** Starts the embedded processor (startReferenceProcessor). */
  startProcessor(options: StartProcessorOptions): Promise<RunningProcessor>;
  /** A fresh random token, used when SVC_PROCESSOR_TOKEN is unset. */
  newToken(): string;
}

export interface ProcessingHandle {
  /** The commissioned pack; the embedded routes' endpoints are the running processor's URL. */
  commissioned: CommissionedPack;
  /** The routes of the commissioned tasks, by id, as the client must call them. */
  routes: ProcessorRoute[];
  /** The embedded processor's base URL; undefined when it is not running. */
  processorUrl: string | undefined;
  /** The environment for the processor client: the process's, plus the embedded processor's token. */
  env: Readonly<Record<string, string | undefined>>;
  /** What the demo seed wrote; undefined when SVC_DEMO_DATA is off. */
  demo: DemoSeed | undefined;
  /** Stops the embedded processor (idempotent). */
  stop(): Promise<void>;
}

export async function composeProcessing(options: ComposeProcessingOptions): Promise<ProcessingHandle> {
  const { log } = options;
  const pack = commission(options.files, options.site, log);
  const demo = options.demoData === false ? undefined : await seedDemoData(options.store, options.site.model, pack.commissioned, options.clock.now(), log);
  const routes = routesOf(pack.commissioned);
  const embedded = routes.filter((route) => {
    const target = routeTarget(route);
    if (target.kind === "external" && target.note !== undefined) log.info(`data processing: ${target.note}`);
    return target.kind === "embedded";
  });
  const unchanged = { commissioned: pack, routes, processorUrl: undefined, env: options.env, demo, stop: async () => undefined };
  if (embedded.length === 0) {
    log.info("data processing: no route uses the embedded reference processor; it is not started");
    return unchanged;
  }
  if (options.processorPort === "off") {
    for (const route of embedded) log.info(`data processing: embedded reference processor off (SVC_PROCESSOR_PORT=off); route ${route.id} calls ${route.processor.endpoint} as configured`);
    return unchanged;
  }

  const configured = options.env[PROCESSOR_TOKEN_ENV];
  const token = configured !== undefined && configured !== "" ? configured : options.newToken();
  if (token !== configured) log.info(`data processing: ${PROCESSOR_TOKEN_ENV} is unset: the embedded processor and its routes share a random token generated for this run (not shown)`);
  const running = await options.startProcessor({
    port: options.processorPort,
    host: "127.0.0.1",
    clock: () => options.clock.now(),
    token,
    id: EMBEDDED_PROCESSOR_ID,
    version: options.version,
    tasks: knownTasks(pack.commissioned.filter((c) => embedded.some((route) => route.id === c.route.id)).map((c) => c.task)),
    onInternalError: (error) => log.error(`reference processor: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });

  const rewritten = new Map<string, ProcessorRoute>();
  const env: Record<string, string | undefined> = { ...options.env };
  for (const route of embedded) {
    if (route.processor.endpoint !== running.url) log.info(`data processing: route ${route.id}: endpoint ${route.processor.endpoint} -> ${running.url} (the embedded reference processor)`);
    rewritten.set(route.id, withEndpoint(route, running.url));
    const variable = route.processor.bearer_token_env;
    if (variable === undefined) {
      log.error(`data processing: route ${route.id} names no bearer_token_env: the embedded processor requires its token, so its calls will be refused (401); add bearer_token_env: ${PROCESSOR_TOKEN_ENV}`);
      continue;
    }
    const own = options.env[variable];
    if (variable !== PROCESSOR_TOKEN_ENV && own !== undefined && own !== "" && own !== token) {
      log.info(`data processing: route ${route.id}: ${variable} is replaced by the embedded processor's token (${PROCESSOR_TOKEN_ENV}) for this route's calls`);
    }
    env[variable] = token;
  }
  const commissioned: CommissionedPack = {
    ...pack,
    commissioned: pack.commissioned.map((c) => (rewritten.has(c.route.id) ? { ...c, route: rewritten.get(c.route.id)! } : c)),
  };
  let stopping: Promise<void> | undefined;
  return {
    commissioned,
    routes: routes.map((route) => rewritten.get(route.id) ?? route),
    processorUrl: running.url,
    env: Object.freeze(env),
    demo,
    stop: () => (stopping ??= running.close()),
  };
}

/** Loads and commissions the pack; logs what does not load, every refused binding and the warnings. */
function commission(files: readonly PackText[], site: ComposeProcessingOptions["site"], log: ProcessingLog): CommissionedPack {
  const empty: CommissionedPack = { commissioned: [], refused: [], warnings: [] };
  if (files.length === 0) {
    log.info("data processing: the pack has no tasks/, bindings/ or routes/ files; no task is commissioned");
    return empty;
  }
  const loaded = loadProcessingPack(files, site);
  if (!loaded.ok) {
    const errors = loaded.diagnostics.filter((d) => d.diagnostic.severity === "error");
    log.error(`data processing: the pack's data-processing files have ${errors.length} error(s); no task is commissioned`);
    for (const line of diagnosticLines(errors)) log.error(`  ${line}`);
    return empty;
  }
  const pack = commissionPack(loaded.pack);
  for (const refused of pack.refused) {
    log.error(`data processing: binding ${refused.binding.id} revision ${refused.binding.revision} (${refused.file}) is refused; its task is not available`);
    for (const line of diagnosticLines(refused.diagnostics.filter((d) => d.diagnostic.severity === "error"))) log.error(`  ${line}`);
  }
  const warnings = [...loaded.warnings, ...pack.warnings].filter((d) => d.diagnostic.severity === "warning");
  for (const line of diagnosticLines(warnings)) log.info(`data processing: ${line}`);
  return pack;
}

/** The routes of the commissioned tasks, each id once (the pack checks refuse two routes of one id). */
function routesOf(commissioned: readonly CommissionedTask[]): ProcessorRoute[] {
  const byId = new Map<string, ProcessorRoute>();
  for (const { route } of commissioned) if (!byId.has(route.id)) byId.set(route.id, route);
  return [...byId.values()];
}

/** The embedded processor's registry: each task revision once. */
function knownTasks(tasks: readonly DataProcessingTask[]): KnownTask[] {
  const byKey = new Map<string, KnownTask>();
  for (const task of tasks) byKey.set(`${task.id}@${task.revision}`, knownTaskOf(task));
  return [...byKey.values()];
}
