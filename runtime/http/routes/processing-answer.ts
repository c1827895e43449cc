// How a processing call's outcome answers over HTTP (docs/api.md, "Data processing"). Accepted
// output and a completed `unavailable` are 200 bodies (spec: a completed unavailable result is
// not an error); everything else is a V1Error under the spec's upper-case code: a refusal by its
// own code (404, 409, 400, 422), a result the service rejected 502 RESULT_REJECTED, a failed
// processor call by its category (504 timeout, 503 capacity or unavailable with Retry-After when
// known, 502 otherwise). The processor's own code is named in the message and stored in the
// outcome record; it is not the answer's code, because a processor's PROCESSOR_AUTH_DENIED or
// FRAME_INVALID would read as the caller's own 401 or 422.
import type { ProcessTaskResponse } from "../../../generated/types.js";
import { ServiceError, type ErrorCode } from "../../errors.js";
import type { ProcessorCallError } from "../../processing/client/index.js";
import type { ProcessOutcome } from "../../processing/run/process-outcome.js";

/** The 200 body of an accepted or unavailable outcome; throws the ServiceError of any other. */
export function answerOf(outcome: ProcessOutcome, requestId: string, setHeader: (name: string, value: string) => void): ProcessTaskResponse {
  switch (outcome.kind) {
    case "accepted":
      return { outcome: outcome.derived.processing_status, request_id: requestId, derived_data: outcome.derived };
    case "unavailable":
      return { outcome: "unavailable", request_id: requestId, unavailable: outcome.result.unavailable! };
    case "refused":
      throw new ServiceError(outcome.code, refusalMessage(outcome));
    case "rejected": {
      const codes = [...new Set(outcome.diagnostics.map((d) => d.code))].slice(0, 5).join(", ");
      throw new ServiceError("RESULT_REJECTED", `the processor's result failed the service's checks (${codes}); it was recorded as rejected and no derived data was stored`);
    }
    case "processor-error": {
      const { error } = outcome;
      if (error.retryAfterSeconds !== undefined) setHeader("Retry-After", String(error.retryAfterSeconds));
      throw new ServiceError(processorErrorCode(error), processorErrorMessage(error));
    }
  }
}

/** A failed processor call by its category: timeout 504, capacity and unavailable 503, anything else 502. */
export function processorErrorCode(error: Pick<ProcessorCallError, "category">): ErrorCode {
  switch (error.category) {
    case "timeout":
      return "DEADLINE_EXCEEDED";
    case "capacity":
      return "PROCESSOR_BUSY";
    case "unavailable":
      return "PROCESSOR_UNAVAILABLE";
    default:
      return "PROCESSOR_FAILED";
  }
}

// The client builds its messages from codes, statuses and limits only; the answer repeats less:
// the code, the category, the processor's status and whether a retry may help.
function processorErrorMessage(error: ProcessorCallError): string {
  const status = error.httpStatus !== undefined ? `, processor status ${error.httpStatus}` : error.sent ? "" : ", nothing was sent";
  const retry = error.retryable ? `; a retry with a fresh deadline may succeed${error.retryAfterSeconds !== undefined ? ` after ${error.retryAfterSeconds} s` : ""} (work may already have run)` : "";
  return `the processor call failed: ${error.code} (${error.category}${status})${retry}; no derived data was stored`;
}

// A refusal's message names ids and revisions of the caller's own request. For options, the first
// problem's path and message help the caller fix it; for the frame, codes only: its diagnostics
// are about site data the caller did not send.
function refusalMessage(outcome: Extract<ProcessOutcome, { kind: "refused" }>): string {
  const first = outcome.diagnostics[0];
  if (outcome.code === "OPTIONS_INVALID" && first !== undefined) return `${outcome.message}: ${first.path || "/"}: ${first.message}`;
  if ((outcome.code === "QUALITY_REJECTED" || outcome.code === "FRAME_INVALID") && outcome.diagnostics.length > 0) {
    return `${outcome.message} (${[...new Set(outcome.diagnostics.map((d) => d.code))].slice(0, 5).join(", ")})`;
  }
  return outcome.message;
}
