// Semantic rules of a typed processor error (svc.data-processing.error.v1): the category fixes
// whether a retry can help and whether retry_after_seconds means anything; request_id is null
// only where the error can come before the request was read; and nothing in message or details
// may expose credentials, filesystem paths, SQL or stack traces.
import type { ProcessingErrorEnvelope } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { pointer, type ContractReport } from "../contract-report.js";
import { leakIn } from "./error/leak-patterns.js";

type Category = ProcessingErrorEnvelope["category"];

/** Categories where the same request can never succeed on retry (spec: Errors table). */
const NEVER_RETRYABLE: ReadonlySet<Category> = new Set(["invalid_request", "authorization", "not_found", "resource_limit", "invalid_data"]);
/**
 * Categories decided only after reading the request's body (its task, frame or data), so the
 * request_id is known. Invalid bodies, refused credentials, oversize bodies and a busy, failing
 * or late processor may answer before reading it.
 */
const READ_THE_REQUEST: ReadonlySet<Category> = new Set(["not_found", "invalid_data"]);
/** Categories that may tell the caller when to retry. */
const RETRY_AFTER: ReadonlySet<Category> = new Set(["capacity", "unavailable", "timeout"]);

export const checkErrorEnvelope: SemanticCheck<ProcessingErrorEnvelope> = (error, _context, report) => {
  if (error.retryable && NEVER_RETRYABLE.has(error.category)) {
    report.error(
      "error/retryable-category",
      "/retryable",
      `errors of category ${error.category} are never retryable: the same request fails again until the request, data or deployment changes`,
    );
  }
  if (error.retry_after_seconds !== undefined && !RETRY_AFTER.has(error.category)) {
    report.error(
      "error/retry-after-category",
      "/retry_after_seconds",
      `retry_after_seconds is only for capacity, unavailable and timeout errors, not ${error.category}`,
    );
  }
  if (error.request_id === null && READ_THE_REQUEST.has(error.category)) {
    report.error(
      "error/request-id-missing",
      "/request_id",
      `request_id is null, but ${error.category} errors are decided after the request was read, so its request_id is known`,
    );
  }
  checkLeaks(error, report);
};

function checkLeaks(error: ProcessingErrorEnvelope, report: ContractReport): void {
  const flag = (path: string, what: string, leak: string | undefined): void => {
    if (leak !== undefined)
      report.error(
        "error/leaks-internals",
        path,
        `the ${what} seems to expose ${leak}; errors never reveal credentials, filesystem paths, SQL or stack traces`,
      );
  };
  flag("/message", "message", leakIn(error.message));
  for (const [key, value] of Object.entries(error.details ?? {})) {
    flag(pointer("details", key), `detail '${key}'`, leakIn(key) ?? (typeof value === "string" ? leakIn(value) : undefined));
  }
}
