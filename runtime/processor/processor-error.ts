// The processor's typed errors (spec: Errors) and their wire form, svc.data-processing.error.v1.
// The code fixes the HTTP status, the category and whether a retry can help; the message and
// details never carry credentials, paths, SQL or stack traces (internal errors say only that).
import type { ProcessingErrorEnvelope } from "../../generated/types.js";

type Category = ProcessingErrorEnvelope["category"];

const CODES = {
  REQUEST_INVALID: [400, "invalid_request", false],
  SCHEMA_UNSUPPORTED: [400, "invalid_request", false],
  OPTION_UNKNOWN: [400, "invalid_request", false],
  PROCESSOR_AUTH_REQUIRED: [401, "authorization", false],
  PROCESSOR_AUTH_DENIED: [403, "authorization", false],
  TASK_NOT_SUPPORTED: [404, "not_found", false],
  MODEL_NOT_FOUND: [404, "not_found", false],
  ROUTE_NOT_FOUND: [404, "not_found", false],
  METHOD_NOT_ALLOWED: [405, "invalid_request", false],
  FRAME_TOO_LARGE: [413, "resource_limit", false],
  MEDIA_TYPE_UNSUPPORTED: [415, "invalid_request", false],
  FRAME_INVALID: [422, "invalid_data", false],
  QUALITY_REJECTED: [422, "invalid_data", false],
  UNIT_UNSUPPORTED: [422, "invalid_data", false],
  PROCESSOR_INTERNAL: [500, "internal", false],
  DEADLINE_EXCEEDED: [504, "timeout", true],
} as const satisfies Record<string, readonly [number, Category, boolean]>;

export type ProcessorErrorCode = keyof typeof CODES;

export type ErrorDetails = Record<string, string | number | boolean | null>;

export class ProcessorError extends Error {
  readonly status: number;
  readonly category: Category;
  readonly retryable: boolean;

  constructor(
    readonly code: ProcessorErrorCode,
    message: string,
    /** Which rule decided it (and where, when the body is at fault); only internal errors have none. */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = "ProcessorError";
    [this.status, this.category, this.retryable] = CODES[code];
  }
}

/** The envelope of `error` for the request `requestId` (null when it could not be read). */
export function errorEnvelope(error: ProcessorError, requestId: string | null): ProcessingErrorEnvelope {
  return {
    schema: "svc.data-processing.error.v1",
    request_id: requestId,
    code: error.code,
    category: error.category,
    message: error.message.length > 2000 ? `${error.message.slice(0, 1997)}...` : error.message,
    retryable: error.retryable,
    ...(error.details === undefined ? {} : { details: clipDetails(error.details) }),
  };
}

function clipDetails(details: ErrorDetails): ErrorDetails {
  const clipped: ErrorDetails = {};
  for (const [key, value] of Object.entries(details).slice(0, 32)) clipped[key] = typeof value === "string" && value.length > 1000 ? value.slice(0, 1000) : value;
  return clipped;
}
