// The processor client's shapes: what it needs passed in, what a call ends as, and the typed
// error every failure becomes. A call never throws for anything the network or the processor
// does; it returns an outcome as data.
import type { ProcessingErrorEnvelope, ProcessorRequest } from "../../../generated/types.js";

/** The spec's error categories (Errors table); each fixes an HTTP status of the processor. */
export type ErrorCategory = ProcessingErrorEnvelope["category"];

export interface ProcessorClientDeps {
  /** Defaults to the node:http fetch of http-fetch.ts, which enforces connect_timeout_ms (globalThis.fetch cannot). */
  fetch?: typeof fetch;
  /** The process environment, passed in: only `route.bearer_token_env` is read from it, at each call. */
  env: Readonly<Record<string, string | undefined>>;
  /** Epoch milliseconds; the request's deadline is compared with it. */
  now: () => number;
}

/** Which configured limit refused a request or a response. */
export interface ExceededLimit {
  name: "max_request_bytes" | "max_frame_cells" | "max_response_bytes";
  max: number;
  /** The size found; for a response, the bytes read when it stopped (or its declared length). */
  actual: number;
}

export interface ProcessorCallError {
  /** Stable UPPER_SNAKE code: the processor's own when it sent a valid error envelope, else the client's. */
  code: string;
  category: ErrorCategory;
  /** The processor's HTTP status, when it answered at all. */
  httpStatus?: number;
  /** Whether a retry with a fresh deadline may succeed (under the caller's bounded policy). */
  retryable: boolean;
  retryAfterSeconds?: number;
  /** For people and logs: never the token, never the response body. */
  message: string;
  /** Whether the request may have reached the processor, so work may already have run. */
  sent: boolean;
  /** The processor's error envelope, when it sent a valid one answering this request. */
  processorError?: ProcessingErrorEnvelope;
  limit?: ExceededLimit;
}

export type ProcessorCall =
  | { kind: "result"; body: unknown; bytes: number; status: number }
  | { kind: "error"; error: ProcessorCallError };

export type ProcessorHealthCall =
  | { kind: "health"; body: unknown; bytes: number; status: number }
  | { kind: "error"; error: ProcessorCallError };

export interface ProcessorClient {
  /** POST {endpoint}/v1/process. The result body is not validated here: run validateContract with the request. */
  process(request: ProcessorRequest): Promise<ProcessorCall>;
  /** GET {endpoint}/v1/health. */
  health(): Promise<ProcessorHealthCall>;
}
