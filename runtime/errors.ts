// The runtime's error hierarchy: a stable code, an HTTP status, and whether the message is safe
// to show a client. The HTTP layer renders them; nothing else decides a status.
import type { Diagnostic, ErrorCode } from "../generated/types.js";

/** The codes are a wire shape: schemas/error-response.schema.json lists them. */
export type { ErrorCode };

const STATUS: Record<ErrorCode, number> = {
  "invalid-input": 400,
  "confirmation-required": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  "not-found": 404,
  "method-not-allowed": 405,
  conflict: 409,
  "duplicate-name": 409,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  internal: 500,
  "service-unavailable": 503,
  // A data-processing call's own outcomes (spec: Errors; docs/api.md "Data processing").
  OPTIONS_INVALID: 400,
  AS_OF_IN_FUTURE: 400,
  TASK_NOT_FOUND: 404,
  BINDING_NOT_FOUND: 404,
  TASK_REVISION_MISMATCH: 409,
  BINDING_REVISION_MISMATCH: 409,
  BINDING_DISABLED: 409,
  QUALITY_REJECTED: 422,
  FRAME_INVALID: 422,
  RESULT_REJECTED: 502,
  PROCESSOR_FAILED: 502,
  PROCESSOR_BUSY: 503,
  PROCESSOR_UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** The HTTP status of every response with this code. */
export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export interface ErrorDetails {
  diagnostics?: Diagnostic[];
  hint?: string;
  /** With duplicate-name: the rule that has the name. */
  existing_rule_id?: number;
  /** With a refused batch (POST /api/rules/batch): the index of the operation that refused it. */
  operation?: number;
}

export class ServiceError extends Error {
  readonly status: number;
  /** Client mistakes are safe to show; internal errors are not. */
  readonly expose: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = statusOf(code);
    this.expose = code !== "internal";
  }
}

export function notFound(what: string): ServiceError {
  return new ServiceError("not-found", `${what} does not exist`);
}

export function invalidInput(message: string, diagnostics: Diagnostic[] = [], hint?: string): ServiceError {
  return new ServiceError("invalid-input", message, { diagnostics, ...(hint !== undefined ? { hint } : {}) });
}

export function unauthenticated(message: string): ServiceError {
  return new ServiceError("unauthenticated", message);
}

export function permissionDenied(message: string): ServiceError {
  return new ServiceError("permission-denied", message);
}

/** Rule names are unique (compared exactly): the refusal names the rule that has the name. */
export function duplicateName(name: string, existingId: number | undefined): ServiceError {
  const which = existingId === undefined ? "another rule" : `rule ${existingId}`;
  return new ServiceError("duplicate-name", `${which} is already named ${JSON.stringify(name)}; rule names are unique`, {
    ...(existingId !== undefined ? { existing_rule_id: existingId } : {}),
    hint: existingId === undefined ? "choose another name" : `choose another name, or change rule ${existingId} instead`,
  });
}
