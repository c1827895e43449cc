// What can go wrong talking to the service, as two kinds the exit codes tell apart: the service
// refused the request (an error envelope with a 4xx: nothing was changed by it), or it failed
// (unreachable, timed out, a 5xx, an answer that is not the API's).
import type { Diagnostic } from "../../generated/types.js";

/** The service answered with its error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly correlationId: string | undefined,
    readonly details: { diagnostics?: Diagnostic[]; hint?: string; existing_rule_id?: number; operation?: number } | undefined,
  ) {
    super(message);
  }

  /** A 4xx: the request was refused and changed nothing. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** No usable answer: the service is unreachable, slow, or answered something else than the API. */
export class ServiceFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly correlationId?: string,
  ) {
    super(message);
  }
}
