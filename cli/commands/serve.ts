// `svc serve`: runs the service (runtime/main.ts) until SIGTERM or SIGINT, then shuts down
// gracefully: stop accepting, stop the scheduler and let running executions finish, close the
// store. A second signal exits at once.
import { EXIT, UsageError, type Console } from "../console.js";

export const SERVE_USAGE = `usage: svc serve

Serves the rule API, the control-plane routes, live execution history (WebSocket) and the API
docs, and runs the scheduler; with data processing on, it commissions the pack's forecast tasks
and runs the reference forecast processor beside it. Configured by the environment:
  PORT (8080)  HOST (127.0.0.1)  SVC_DB_URL (sqlite:var/svc.sqlite, or postgres://...)
  SVC_PACK (examples/packs/demo)  SVC_VAR_DIR (var)  SVC_BODY_LIMIT_BYTES (1048576)
  SVC_BATCH_BODY_LIMIT_BYTES (67108864: POST /api/rules/batch, what svc sync sends)
  SVC_JWT_SECRET | SVC_JWT_PUBLIC_KEY | SVC_JWKS_URL, SVC_JWT_ISSUER, SVC_JWT_AUDIENCE
  SVC_CLOUD_API_BEARER_TOKEN, _TENANT_ID, _PROJECT_ID, _SUBJECT_ID, _PERMISSIONS (audit routes)
  SVC_DATA_PROCESSING (on | off)  SVC_PROCESSOR_PORT (8090; 0 any free port; off no embedded processor)
  SVC_PROCESSOR_TOKEN (the processor's bearer token; generated for the run when unset, never printed)
  SVC_DEMO_DATA (on | off: seed the demo's point history and weather forecast)
  SVC_HISTORY_MAX_AGE_DAYS (30)  SVC_HISTORY_MAX_ROWS (5000000): execution history kept; 0 no limit
  SVC_HISTORY_BATCH_DELAY_MS (50: longest wait of an execution record for its batch)
Without a JWT key a local secret is generated in var/jwt-secret; mint tokens with svc token.`;

export interface ServeEnvironment {
  env: Record<string, string | undefined>;
  /** Registers a handler for SIGTERM and SIGINT. */
  onSignal(handler: (signal: string) => void): void;
  exit(code: number): void;
}

export async function serveCommand(args: string[], console: Console, environment: ServeEnvironment | undefined, version: string): Promise<number> {
  if (args.length > 0) throw new UsageError(`svc serve takes no arguments (configure it with environment variables), got '${args[0]}'`);
  if (environment === undefined) throw new UsageError("svc serve needs the process environment; run it as the svc program");
  // Imported here: the compile commands must not load the server, the store drivers and the engine.
  const { startService } = await import("../../runtime/main.js");
  const { ConfigError } = await import("../../runtime/service-config.js");
  const { AuthConfigError } = await import("../../runtime/auth/auth-config.js");
  const { LocalSecretError } = await import("../../runtime/auth/local-secret.js");
  const log = { info: (line: string) => console.out(`${line}\n`), error: (line: string) => console.err(`${line}\n`) };
  let service;
  try {
    service = await startService(environment.env, log, version);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof AuthConfigError || error instanceof LocalSecretError;
    if (!known && (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    console.err(`svc serve: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  const running = service;
  let signalled = false;
  environment.onSignal((signal) => {
    if (signalled) return environment.exit(130);
    signalled = true;
    log.info(`${signal}: stopping (running executions finish; a second signal exits at once)`);
    running.stop().then(
      () => {
        log.info("stopped");
        environment.exit(EXIT.ok);
      },
      (error: unknown) => {
        log.error(`shutdown failed: ${String(error)}`);
        environment.exit(1);
      },
    );
  });
  return EXIT.ok;
}
