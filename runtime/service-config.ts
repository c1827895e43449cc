// The service's settings from its environment, checked at start-up: a wrong value stops the
// start with a message naming the variable, instead of a surprise later. Pure: env in, config out.
import { DEFAULT_BATCH_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES } from "./http/app-deps.js";
import { DEFAULT_HISTORY_MAX_AGE_DAYS, DEFAULT_HISTORY_MAX_ROWS } from "./history/history-retention.js";
import { DEFAULT_HISTORY_BATCH_DELAY_MS } from "./history/history-writer.js";
import { DEFAULT_PROCESSOR_PORT } from "./processing/compose/embedded-routes.js";
import { describeDbUrl, parseDbUrl } from "./store/store-config.js";

export interface ServiceConfig {
  port: number;
  host: string;
  dbUrl: string;
  /** Folder of the site pack: site.yaml, rules/, flows/. */
  pack: string;
  /** Folder of local state: the SQLite file, the generated JWT secret, rule logs. */
  varDir: string;
  bodyLimitBytes: number;
  /** SVC_BATCH_BODY_LIMIT_BYTES: POST /api/rules/batch's body limit (a whole pack in one request). */
  batchBodyLimitBytes: number;
  /**
   * SVC_DATA_PROCESSING (`on` by default, `off`): load the pack's tasks, bindings and routes, start
   * the embedded reference processor and mount the data-processing routes. Off: none of that;
   * acquisition, history, rules and control run as before (spec: What the service does, 4).
   */
  dataProcessing: boolean;
  /**
   * SVC_PROCESSOR_PORT: the loopback port of the embedded reference processor (default 8090, the
   * demo route's endpoint; 0 picks a free port and the routes that point at the embedded
   * processor follow it), or `off`: no embedded processor, every route calls its configured
   * endpoint. SVC_PROCESSOR_TOKEN is read where it is used (runtime/processing/compose) and only
   * checked here: a secret is never part of the configuration value.
   */
  processorPort: number | "off";
  /** SVC_DEMO_DATA (`on` by default, `off`): seed demo history and the demo weather forecast at start-up. */
  demoData: boolean;
  /**
   * Execution history retention (docs/history.md): SVC_HISTORY_MAX_AGE_DAYS (default 30) and
   * SVC_HISTORY_MAX_ROWS (default 5,000,000); 0 turns that limit off.
   */
  historyMaxAgeDays: number;
  historyMaxRows: number;
  /** SVC_HISTORY_BATCH_DELAY_MS (default 50): how long an execution record waits for its batch at most. */
  historyBatchDelayMs: number;
}

/** What the processor client can send in an Authorization header: visible ASCII, no spaces. */
const HEADER_SAFE_TOKEN = /^[\x21-\x7e]+$/;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function readServiceConfig(env: Record<string, string | undefined>): ServiceConfig {
  const varDir = env.SVC_VAR_DIR || "var";
  const dbUrl = env.SVC_DB_URL || `sqlite:${varDir}/svc.sqlite`;
  try {
    parseDbUrl(dbUrl);
  } catch (error) {
    throw new ConfigError(`SVC_DB_URL ${describeDbUrl(dbUrl)}: ${(error as Error).message}`);
  }
  const port = integer(env, "PORT", 8080, 0, 65535);
  const dataProcessing = onOff(env, "SVC_DATA_PROCESSING", true);
  const processorPort = env.SVC_PROCESSOR_PORT === "off" ? "off" : integer(env, "SVC_PROCESSOR_PORT", DEFAULT_PROCESSOR_PORT, 0, 65535, " or 'off'");
  if (dataProcessing && processorPort !== "off" && processorPort !== 0 && processorPort === port) {
    throw new ConfigError(`SVC_PROCESSOR_PORT ${processorPort} is also PORT: the service and its embedded processor need two ports (0 picks a free one, 'off' runs no embedded processor)`);
  }
  const token = env.SVC_PROCESSOR_TOKEN;
  // Never the value in the message: it is a secret.
  if (token !== undefined && token !== "" && !HEADER_SAFE_TOKEN.test(token)) {
    throw new ConfigError("SVC_PROCESSOR_TOKEN must be visible ASCII without spaces (it is sent as a bearer token)");
  }
  return {
    port,
    host: env.HOST || "127.0.0.1",
    dbUrl,
    pack: env.SVC_PACK || "examples/packs/demo",
    varDir,
    bodyLimitBytes: integer(env, "SVC_BODY_LIMIT_BYTES", DEFAULT_BODY_LIMIT_BYTES, 1024, 64 * 1024 * 1024),
    batchBodyLimitBytes: integer(env, "SVC_BATCH_BODY_LIMIT_BYTES", DEFAULT_BATCH_BODY_LIMIT_BYTES, 1024, 256 * 1024 * 1024),
    dataProcessing,
    processorPort,
    demoData: onOff(env, "SVC_DEMO_DATA", true),
    historyMaxAgeDays: integer(env, "SVC_HISTORY_MAX_AGE_DAYS", DEFAULT_HISTORY_MAX_AGE_DAYS, 0, 36_500),
    historyMaxRows: integer(env, "SVC_HISTORY_MAX_ROWS", DEFAULT_HISTORY_MAX_ROWS, 0, Number.MAX_SAFE_INTEGER),
    historyBatchDelayMs: integer(env, "SVC_HISTORY_BATCH_DELAY_MS", DEFAULT_HISTORY_BATCH_DELAY_MS, 0, 10_000),
  };
}

function onOff(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  if (text === "on" || text === "off") return text === "on";
  throw new ConfigError(`${name} must be 'on' or 'off', got '${text}'`);
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number, or = ""): number {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw new ConfigError(`${name} must be an integer from ${min} to ${max}${or}, got '${text}'`);
  return value;
}
