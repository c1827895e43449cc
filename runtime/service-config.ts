// The service's settings from its environment, checked at start-up: a wrong value stops the
// start with a message naming the variable, instead of a surprise later. Pure: env in, config out.
import { DEFAULT_BODY_LIMIT_BYTES } from "./http/app-deps.js";
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
}

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
  return {
    port: integer(env, "PORT", 8080, 0, 65535),
    host: env.HOST || "127.0.0.1",
    dbUrl,
    pack: env.SVC_PACK || "examples/packs/demo",
    varDir,
    bodyLimitBytes: integer(env, "SVC_BODY_LIMIT_BYTES", DEFAULT_BODY_LIMIT_BYTES, 1024, 64 * 1024 * 1024),
  };
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${text}'`);
  return value;
}
