// One HTTP exchange with a processor, bounded in time and size: redirects are refused, one
// timeout (the smaller of request_timeout_ms and what is left before the deadline) covers the
// connection, the headers and the whole body (the default fetch also bounds the connection alone
// by connect_timeout_ms), and the body is read through a byte counter. A
// 2xx body over the limit or cut off is an error; another answer keeps its status even when its
// body is unusable, since the status alone maps to a typed error.
import { connectionLost, responseTooLarge, timedOut } from "./client-errors.js";
import { readLimited } from "./read-limited.js";
import { transportError } from "./transport-errors.js";
import type { ProcessorCallError } from "./types.js";

export interface ExchangeSpec {
  fetch: typeof fetch;
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: Uint8Array;
  timeoutMs: number;
  bound: "deadline" | "request_timeout_ms";
  /** Bytes read at most: of a 2xx body (max_response_bytes), and of any other. */
  maxBytes: number;
  maxErrorBytes: number;
  /** The route's connect_timeout_ms, for the message of a connect timeout. */
  connectTimeoutMs: number;
}

export type Exchanged =
  | { ok: true; status: number; headers: Headers; body: Uint8Array | undefined }
  | { ok: false; error: ProcessorCallError };

export async function exchange(spec: ExchangeSpec): Promise<Exchanged> {
  // One controller aborts the fetch and its body: our timeout, or our decision to stop reading.
  // (No AbortSignal.any: it has had leaks and lost timeouts in Node 20.)
  const timeout = AbortSignal.timeout(spec.timeoutMs);
  const stop = new AbortController();
  const onTimeout = (): void => stop.abort(timeout.reason);
  timeout.addEventListener("abort", onTimeout, { once: true });
  try {
    return await exchangeWithin(spec, timeout, stop);
  } finally {
    timeout.removeEventListener("abort", onTimeout);
  }
}

async function exchangeWithin(spec: ExchangeSpec, timeout: AbortSignal, stop: AbortController): Promise<Exchanged> {
  let response: Response;
  try {
    response = await spec.fetch(spec.url, {
      method: spec.method,
      headers: spec.headers,
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      redirect: "error",
      signal: stop.signal,
    });
  } catch (error) {
    return { ok: false, error: transportError(error, { timedOut: timeout.aborted, timeoutMs: spec.timeoutMs, bound: spec.bound, connectTimeoutMs: spec.connectTimeoutMs }) };
  }
  const { status, headers } = response;
  const success = status >= 200 && status < 300;
  const limit = success ? spec.maxBytes : Math.min(spec.maxBytes, spec.maxErrorBytes);
  const fail = (error: ProcessorCallError): Exchanged => ({ ok: false, error });
  const declared = Number(headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    stop.abort();
    return success ? fail(responseTooLarge({ name: "max_response_bytes", max: limit, actual: declared }, status)) : { ok: true, status, headers, body: undefined };
  }
  const read = await readLimited(response.body, limit);
  if (read.ok) return { ok: true, status, headers, body: read.bytes };
  stop.abort();
  if (!success) return { ok: true, status, headers, body: undefined };
  if (timeout.aborted) return fail(timedOut(spec.timeoutMs, spec.bound, status));
  if (read.reason === "too-large") return fail(responseTooLarge({ name: "max_response_bytes", max: limit, actual: read.read }, status));
  return fail(connectionLost(status));
}
