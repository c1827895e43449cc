// A result answers exactly one request: same identity, digest, task, binding and contract, the
// frame's watermark echoed, issued within the request's window (not before it was submitted,
// not after its deadline) and, when the request pinned an artifact, the artifact it pinned.
// Without the request, only the task reference and the processor contract can be compared,
// against the task declaration.
import type { ProcessingResult, ProcessorRequest } from "../../../../generated/types.js";
import type { ContractContext } from "../../contract-context.js";
import type { ContractReport } from "../../contract-report.js";
import { parseUtcTime } from "../../utc-time.js";
import { checkArtifactSelection } from "../artifact-selection.js";
import { checkCorrelation, checkTaskRef } from "../correlation.js";
import type { ResultTimes } from "./result-times.js";

export function checkResultCorrelation(result: ProcessingResult, times: ResultTimes, context: ContractContext, report: ContractReport): void {
  const { request, task } = context;
  if (request === undefined) {
    if (task !== undefined) {
      checkTaskRef(result.task, task, "the task declaration's", "result/task-mismatch", report);
      checkContract(result, task.processor_contract, `task '${task.id}' declares`, report);
    }
    return;
  }
  checkCorrelation(result, request, "result", report);
  // The request's selection first; with the task too, a request that itself strayed from the task
  // is its own check's finding, but the result must still answer under the task's contract.
  if (!checkContract(result, request.processor_contract, "the request selected", report) && task !== undefined) {
    checkContract(result, task.processor_contract, `task '${task.id}' declares`, report);
  }
  checkWatermark(result, times, request, report);
  checkIssuedInWindow(result, times, request, report);
  if (request.artifact !== undefined) checkArtifactSelection(result.artifact, result.status === "produced", request.artifact, "result/artifact-mismatch", "result", report);
}

/** processor.contract is `expected`; reports and returns true when it is not. */
function checkContract(result: ProcessingResult, expected: string, whose: string, report: ContractReport): boolean {
  if (result.processor.contract === expected) return false;
  report.error("result/contract-mismatch", "/processor/contract", `the processor answered under '${result.processor.contract}', but ${whose} '${expected}'`);
  return true;
}

function checkWatermark(result: ProcessingResult, times: ResultTimes, request: ProcessorRequest, report: ContractReport): void {
  const expected = request.frame.quality.input_watermark;
  const same = expected === null ? times.watermark === null : times.watermark !== null && times.watermark === parseUtcTime(expected);
  if (!same) {
    report.error(
      "result/watermark-mismatch",
      "/input_watermark",
      `input_watermark is ${result.input_watermark ?? "null"}, but the request's frame watermark is ${expected ?? "null"}`,
    );
  }
}

/** How far a processor's issued_at may precede submitted_at (the JWT check allows the same skew). */
export const CLOCK_SKEW_TOLERANCE_MS = 5_000;

function checkIssuedInWindow(result: ProcessingResult, times: ResultTimes, request: ProcessorRequest, report: ContractReport): void {
  const [submitted, deadline] = [parseUtcTime(request.submitted_at), parseUtcTime(request.deadline)];
  if (times.issued === undefined) return;
  // The processor's clock is not the service's: a few seconds early is skew, not a result from the past.
  if (submitted !== undefined && times.issued < submitted - CLOCK_SKEW_TOLERANCE_MS) {
    report.error("result/issued-before-submitted", "/issued_at", `issued_at ${result.issued_at} is more than ${CLOCK_SKEW_TOLERANCE_MS / 1000} s before the request was submitted (${request.submitted_at})`);
  }
  if (deadline !== undefined && times.issued > deadline) {
    report.error(
      "result/issued-after-deadline",
      "/issued_at",
      `issued_at ${result.issued_at} is after the request's deadline ${request.deadline}; no result may be accepted after it`,
    );
  }
}
