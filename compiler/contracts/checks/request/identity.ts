// Validation order, stage 2 (spec: Processor request): request times are real UTC times, the
// deadline comes after submission, and input_digest is the content's digest. Digest refusals
// (a number past 2^53, say) are reported as inputDigest gives them.
import type { ProcessorRequest } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";
import { inputDigest } from "../../input-digest.js";
import { parseTimeAt } from "../frame/frame-times.js";

export function checkRequestTimes(request: ProcessorRequest, report: ContractReport): void {
  const submitted = parseTimeAt(request.submitted_at, () => "/submitted_at", report);
  const deadline = parseTimeAt(request.deadline, () => "/deadline", report);
  if (deadline <= submitted) {
    report.error("request/deadline-not-after-submitted", "/deadline", `the deadline ${request.deadline} is not after submitted_at ${request.submitted_at}; the processor could never start`);
  }
}

export function checkInputDigest(request: ProcessorRequest, report: ContractReport): void {
  const result = inputDigest(request);
  if (!result.ok) {
    for (const d of result.diagnostics) {
      report.error(d.code, d.path ?? "", d.message);
      if (d.notes !== undefined) report.diagnostics[report.diagnostics.length - 1]!.notes = d.notes;
    }
    return;
  }
  if (result.digest !== request.input_digest) {
    report.error(
      "request/input-digest-mismatch",
      "/input_digest",
      `input_digest is ${request.input_digest} but the request's task, binding, processor_contract, artifact, frame and options hash to ${result.digest} (SHA-256 of their RFC 8785 canonical JSON)`,
    );
  }
}
