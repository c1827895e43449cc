// What every command that talks to the service shares: the settings from the environment, the
// refusals made before any request (no token, no --confirmed), and how a failed request is
// reported: the service's code, message, diagnostics and correlation id, and an exit code that
// tells a refusal (3) from a failure of the service (4).
import { EXIT, type Console } from "../console.js";
import { createApiClient, type ApiClient } from "./api-client.js";
import { ApiError, ServiceFailure } from "./api-errors.js";
import { DEFAULT_BASE_URL, readApiSettings, type ApiSettings } from "./api-settings.js";

export interface ApiCommandContext {
  client: ApiClient;
  settings: ApiSettings;
}

export const TOKEN_HINT = "export SVC_ACCESS_TOKEN=$(npm run -s svc -- token --role Engineer --sub YOUR-NAME)";

/**
 * Runs `body` with a client for the configured service, or refuses before any request when the
 * token is missing. ApiError and ServiceFailure thrown by `body` are reported here.
 */
export async function withApi(
  command: string,
  console: Console,
  env: Record<string, string | undefined>,
  json: boolean,
  body: (context: ApiCommandContext) => Promise<number>,
): Promise<number> {
  const settings = readApiSettings(env);
  if (settings.token === undefined) {
    const message = "SVC_ACCESS_TOKEN is not set, and the service answers only authenticated requests; nothing was sent";
    if (json) console.err(`${JSON.stringify({ error: { code: "token-missing", message, hint: TOKEN_HINT } })}\n`);
    else console.err(`svc ${command}: refused: ${message}\n  ${TOKEN_HINT}\n`);
    return EXIT.refused;
  }
  try {
    return await body({ client: createApiClient(settings), settings });
  } catch (error) {
    if (error instanceof ApiError || error instanceof ServiceFailure) return reportApiFailure(command, error, console, json);
    throw error;
  }
}

/** Refuses a mutation without `--confirmed`, before any request; says what would have happened. */
export function refuseUnconfirmed(command: string, what: string, console: Console, json = false): number {
  const message = `${what} changes the running service, so it needs --confirmed; nothing was sent`;
  if (json) console.err(`${JSON.stringify({ error: { code: "confirmation-required", message } })}\n`);
  else console.err(`svc ${command}: refused: ${message}\n`);
  return EXIT.refused;
}

/** Prints a failed request (text, or one JSON object on stderr with --json); returns the exit code. */
export function reportApiFailure(command: string, error: ApiError | ServiceFailure, console: Console, json: boolean): number {
  if (error instanceof ServiceFailure) {
    if (json) console.err(`${JSON.stringify({ error: { code: "service-failure", message: error.message, status: error.status ?? null, correlationId: error.correlationId ?? null } })}\n`);
    else console.err(`svc ${command}: ${error.message}${error.correlationId ? `\n  correlation id: ${error.correlationId}` : ""}\n`);
    return EXIT.service;
  }
  if (json) {
    const { status, code, message, correlationId, details } = error;
    console.err(`${JSON.stringify({ error: { status, code, message, correlationId: correlationId ?? null, ...(details ? { details } : {}) } })}\n`);
  } else {
    console.err(`${describeApiError(command, error)}\n`);
  }
  return error.refused ? EXIT.refused : EXIT.service;
}

/** The text report of an error answer: what the service said, where, and what to do. */
export function describeApiError(command: string, error: ApiError): string {
  const verdict = error.refused ? "the service refused the request" : "the service failed";
  const lines = [`svc ${command}: ${verdict} (${error.status} ${error.code}): ${error.message}`];
  for (const d of error.details?.diagnostics ?? []) lines.push(`  ${d.path ?? ""}${d.path ? ": " : ""}${d.severity} ${d.code}: ${d.message}`);
  if (error.details?.hint) lines.push(`  hint: ${error.details.hint}`);
  if (error.code === "unauthenticated") lines.push(`  the token in SVC_ACCESS_TOKEN was not accepted (expired, or signed with another key?): ${TOKEN_HINT}`);
  if (error.code === "not-found" && error.message.startsWith("no route")) lines.push(`  is SVC_BASE_URL the service's root (e.g. ${DEFAULT_BASE_URL}), without a path?`);
  const existing = error.details?.existing_rule_id;
  if (error.code === "duplicate-name" && existing !== undefined) lines.push(`  rule names are unique: to change that rule instead, svc rules update ${existing} ...; to see it, svc rules get ${existing}`);
  if (error.code === "permission-denied") lines.push("  the token's role may not do this: changing or executing rules needs an Admin or Engineer token");
  if (error.correlationId) lines.push(`  correlation id: ${error.correlationId}`);
  return lines.join("\n");
}
