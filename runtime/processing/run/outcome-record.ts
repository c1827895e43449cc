// How a processing call's outcome is stored (store.processing.recordOutcome): the outcome kind and
// its stable code, with the derived data only for an accepted result. Refusals and processor
// errors are `error` outcomes under their code; nothing here carries a credential or a body. Pure.
import type { DerivedData, ProcessTaskRequest } from "../../../generated/types.js";
import type { ProcessingOutcomeInput } from "../../store/store.js";
import type { ProcessOutcome } from "./process-outcome.js";

export function toOutcomeRecord(outcome: ProcessOutcome, body: ProcessTaskRequest, requestId: string, at: number): { outcome: ProcessingOutcomeInput; derived?: DerivedData } {
  const request = outcome.request;
  const base = {
    request_id: request?.request_id ?? requestId,
    task: request === undefined ? { id: body.task_id, revision: body.expected_task_revision } : { id: request.task.id, revision: request.task.revision },
    binding: request === undefined ? { id: body.binding_id, revision: body.expected_binding_revision } : request.binding,
    at,
    input_digest: request?.input_digest ?? null,
  };
  switch (outcome.kind) {
    case "accepted":
      return { outcome: { ...base, outcome: outcome.result.status as "produced" | "fallback", code: outcome.result.fallback?.reason_code ?? null, details: null }, derived: outcome.derived };
    case "unavailable":
      return { outcome: { ...base, outcome: "unavailable", code: outcome.result.unavailable!.reason_code, details: { retryable: outcome.result.unavailable!.retryable } } };
    case "rejected":
      return { outcome: { ...base, outcome: "rejected", code: outcome.diagnostics[0]?.code ?? "rejected", details: { diagnostics: outcome.diagnostics.slice(0, 10).map((d) => ({ code: d.code, path: d.path ?? "" })) } } };
    case "processor-error":
      return { outcome: { ...base, outcome: "error", code: outcome.error.code, details: { category: outcome.error.category, retryable: outcome.error.retryable, sent: outcome.error.sent } } };
    case "refused":
      return { outcome: { ...base, outcome: "error", code: outcome.code, details: { diagnostics: outcome.diagnostics.slice(0, 10).map((d) => ({ code: d.code, path: d.path ?? "" })) } } };
  }
}
