// The runtime's error hierarchy: a stable code, an HTTP status, and whether the message is safe
// to show a client. The HTTP layer renders them; nothing else decides a status.
import type { Diagnostic } from "../generated/types.js";

export type ErrorCode = "invalid-input" | "not-found" | "conflict" | "internal";

const STATUS: Record<ErrorCode, number> = { "invalid-input": 400, "not-found": 404, conflict: 409, internal: 500 };

export class ServiceError extends Error {
  readonly status: number;
  /** Client mistakes are safe to show; internal errors are not. */
  readonly expose: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { diagnostics?: Diagnostic[]; hint?: string },
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = STATUS[code];
    this.expose = code !== "internal";
  }
}

export function notFound(what: string): ServiceError {
  return new ServiceError("not-found", `${what} does not exist`);
}

export function invalidInput(message: string, diagnostics: Diagnostic[] = [], hint?: string): ServiceError {
  return new ServiceError("invalid-input", message, { diagnostics, ...(hint !== undefined ? { hint } : {}) });
}
