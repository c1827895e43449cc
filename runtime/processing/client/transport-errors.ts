// A failed fetch as a typed error. fetch rejects with a TypeError whose `cause` carries the
// system or undici code; the message of either may hold header values, so neither is copied and
// only a code listed here is reported, in words the client chose. A redirect refused by `redirect: "error"` comes here
// as well.
import { connectTimedOut, redirectRefused, timedOut, unreachable } from "./client-errors.js";
import type { ProcessorCallError } from "./types.js";

/** Failures before any byte could reach the processor. */
const CONNECT_FAILURES: ReadonlyMap<string, string> = new Map([
  ["ECONNREFUSED", "connection refused"],
  ["ENOTFOUND", "host name not found"],
  ["EAI_AGAIN", "host name lookup failed"],
  ["EHOSTUNREACH", "host unreachable"],
  ["ENETUNREACH", "network unreachable"],
  ["EHOSTDOWN", "host down"],
  ["ENETDOWN", "network down"],
  ["EADDRNOTAVAIL", "address not available"],
]);

/** undici's connect timeout, and the default fetch's (http-fetch.ts), which uses the same code. */
const CONNECT_TIMEOUT = "UND_ERR_CONNECT_TIMEOUT";

/** Failures after the request may have been sent, before a response. */
const SEND_FAILURES: ReadonlyMap<string, string> = new Map([
  ["UND_ERR_SOCKET", "the connection closed before a response"],
  ["ECONNRESET", "the connection was reset before a response"],
  ["EPIPE", "the connection closed while the request was sent"],
  ["UND_ERR_HEADERS_TIMEOUT", "no response headers in time"],
]);

/** TLS verification failures: retrying cannot help until the certificate or the configuration changes. */
const TLS_FAILURE = /^(?:ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

export interface TransportContext {
  /** Whether our own timeout (request timeout or deadline) fired. */
  timedOut: boolean;
  timeoutMs: number;
  bound: "deadline" | "request_timeout_ms";
  /** The route's connect_timeout_ms, named in a connect timeout's message. */
  connectTimeoutMs?: number;
}

export function transportError(error: unknown, context: TransportContext): ProcessorCallError {
  if (context.timedOut) return timedOut(context.timeoutMs, context.bound);
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error && cause.message === "unexpected redirect") return redirectRefused();
  const code = systemCode(cause) ?? systemCode(error);
  if (code === CONNECT_TIMEOUT) return connectTimedOut(context.connectTimeoutMs);
  if (code !== undefined && CONNECT_FAILURES.has(code)) return unreachable(`${CONNECT_FAILURES.get(code)!} (${code})`, false);
  if (code !== undefined && TLS_FAILURE.test(code)) return { ...unreachable(`the TLS handshake failed (${code})`, false), code: "PROCESSOR_TLS_FAILED", retryable: false };
  if (code !== undefined && SEND_FAILURES.has(code)) return unreachable(`${SEND_FAILURES.get(code)!} (${code})`, true);
  // An unknown code is not quoted: only codes this file lists ever reach a message.
  return unreachable("the request failed", true);
}

/** The `code` of an error, or of the first of an AggregateError's errors (one per address tried); only a plain UPPER_SNAKE code. */
function systemCode(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const code = (value as { code?: unknown }).code;
  if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,63}$/.test(code)) return code;
  const errors = (value as { errors?: unknown }).errors;
  return Array.isArray(errors) ? systemCode(errors[0]) : undefined;
}
