// What becomes of a processor's answer (spec: States and transitions, Validation order 8): every
// check of the result contract with the request and the task; a passing `produced` or `fallback`
// is stamped as svc.derived-data.v1 (the service's result_id and accepted_at), a passing
// `unavailable` is recorded without output, and anything that fails any check is `rejected` and
// creates no derived data. A processor cannot assert `rejected`, and cannot promote a fallback. Pure.
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import { formatUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { DataProcessingTask, DerivedData, Diagnostic, ForecastProcessorContract, ProcessingResult, ProcessorRequest } from "../../../generated/types.js";

export type Judgement =
  | { outcome: "produced" | "fallback"; result: ProcessingResult; derived: DerivedData }
  | { outcome: "unavailable"; result: ProcessingResult }
  | { outcome: "rejected"; diagnostics: Diagnostic[] };

export interface JudgeContext {
  request: ProcessorRequest;
  task: DataProcessingTask;
  descriptor?: ForecastProcessorContract;
  /** The service's id for an accepted result. */
  resultId: string;
  /** When the service accepts it, epoch ms. */
  acceptedAt: number;
}

export function judgeResult(body: unknown, context: JudgeContext): Judgement {
  const { request, task, descriptor } = context;
  const checked = validateContract(body, { contract: "result", request, task, ...(descriptor === undefined ? {} : { descriptor }) });
  const errors = checked.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return { outcome: "rejected", diagnostics: errors };
  const result = body as ProcessingResult;
  if (result.status === "unavailable") return { outcome: "unavailable", result };
  const derived = stampDerivedData(result, context);
  // The stamp is ours, but it is checked like anything crossing the boundary: a bug here must not store bad data.
  const own = validateContract(derived, { contract: "derived-data", request, task }).diagnostics.filter((d) => d.severity === "error");
  if (own.length > 0) return { outcome: "rejected", diagnostics: own };
  return { outcome: result.status, result, derived };
}

/** The accepted result as derived data: the service's identity and time, the result's validity and output. */
export function stampDerivedData(result: ProcessingResult, context: Pick<JudgeContext, "request" | "resultId" | "acceptedAt">): DerivedData {
  const { request } = context;
  return {
    schema: "svc.derived-data.v1",
    result_id: context.resultId,
    request_id: request.request_id,
    task: request.task,
    binding: request.binding,
    accepted_at: formatUtcTime(context.acceptedAt),
    expires_at: result.expires_at!,
    input_digest: request.input_digest,
    processing_status: result.status as "produced" | "fallback",
    processor: { id: result.processor.id, version: result.processor.version },
    ...(result.artifact === undefined ? {} : { artifact: result.artifact }),
    quality: {
      input_watermark: request.frame.quality.input_watermark,
      missing_ratio: request.frame.quality.missing_ratio,
      fallback_used: result.status === "fallback",
    },
    data: result.output!,
  };
}
