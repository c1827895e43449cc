// The client's own failures, each with its stable code, category and retry rule (docs:
// data-processing.md, "Processor client"). Messages are built here from numbers and names the
// client chose; nothing a processor or the network said is copied into them.
import type { ExceededLimit, ProcessorCallError } from "./types.js";

export function tokenMissing(variable: string): ProcessorCallError {
  return {
    code: "PROCESSOR_TOKEN_MISSING",
    category: "authorization",
    retryable: false,
    sent: false,
    message: `the processor route names the bearer token variable ${variable}, but it is unset or empty in the service's environment; no request was made`,
  };
}

export function tokenInvalid(variable: string): ProcessorCallError {
  return {
    code: "PROCESSOR_TOKEN_INVALID",
    category: "authorization",
    retryable: false,
    sent: false,
    message: `the bearer token in ${variable} is not usable in an Authorization header (only visible ASCII, no spaces or line breaks); no request was made`,
  };
}

export function deadlinePassed(): ProcessorCallError {
  return { code: "DEADLINE_EXCEEDED", category: "timeout", retryable: true, sent: false, message: "the request's deadline has passed; no request was made" };
}

export function timedOut(timeoutMs: number, bound: "deadline" | "request_timeout_ms", httpStatus?: number): ProcessorCallError {
  const what = bound === "deadline" ? "before the request's deadline" : "within request_timeout_ms";
  return {
    code: "DEADLINE_EXCEEDED",
    category: "timeout",
    retryable: true,
    sent: true,
    message: `the processor did not complete its answer ${what} (${timeoutMs} ms); the call was abandoned and work may have run`,
    ...(httpStatus !== undefined ? { httpStatus } : {}),
  };
}

export function requestTooLarge(limit: ExceededLimit): ProcessorCallError {
  const what = limit.name === "max_frame_cells" ? `the frame has ${limit.actual} cells` : `the request body is ${limit.actual} bytes`;
  return {
    code: "FRAME_TOO_LARGE",
    category: "resource_limit",
    retryable: false,
    sent: false,
    limit,
    message: `${what}, more than the route's ${limit.name} (${limit.max}); no request was made`,
  };
}

export function responseTooLarge(limit: ExceededLimit, httpStatus: number): ProcessorCallError {
  return {
    code: "RESPONSE_TOO_LARGE",
    category: "resource_limit",
    retryable: false,
    sent: true,
    httpStatus,
    limit,
    message: `the processor's ${httpStatus} response exceeds the route's max_response_bytes (${limit.max}); reading stopped at ${limit.actual} bytes`,
  };
}

/** No response at all: refused, unresolvable or unreachable host, or the connection closed before the headers. */
export function unreachable(reason: string, sent: boolean): ProcessorCallError {
  return { code: "PROCESSOR_UNREACHABLE", category: "unavailable", retryable: true, sent, message: `no response from the processor: ${reason}` };
}

/** No connection within connect_timeout_ms (or undici's own connect timeout, when another fetch is passed in): nothing was sent. */
export function connectTimedOut(timeoutMs: number | undefined): ProcessorCallError {
  const within = timeoutMs === undefined ? "in time" : `within connect_timeout_ms (${timeoutMs} ms)`;
  return {
    code: "PROCESSOR_CONNECT_TIMEOUT",
    category: "unavailable",
    retryable: true,
    sent: false,
    message: `no connection to the processor ${within}: the host did not accept it; no request was sent`,
  };
}

export function connectionLost(httpStatus: number): ProcessorCallError {
  return {
    code: "PROCESSOR_CONNECTION_LOST",
    category: "unavailable",
    retryable: true,
    sent: true,
    httpStatus,
    message: `the connection closed while the processor's ${httpStatus} response was read; work may have run`,
  };
}

export function redirectRefused(httpStatus?: number): ProcessorCallError {
  return {
    code: "PROCESSOR_REDIRECT_REFUSED",
    category: "not_found",
    retryable: false,
    sent: true,
    message: "the processor answered with a redirect, which is never followed: the endpoint comes from the route configuration only",
    ...(httpStatus !== undefined ? { httpStatus } : {}),
  };
}

export function resultMalformed(httpStatus: number, problem: string): ProcessorCallError {
  return { code: "RESULT_MALFORMED", category: "invalid_data", retryable: false, sent: true, httpStatus, message: `the processor's ${httpStatus} response ${problem}` };
}
