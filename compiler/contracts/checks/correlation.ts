// Correlation of an answer with the request it answers: a result (and the derived data made from
// it) names the same request id, input digest, task and binding. Any difference means it belongs
// to another request or another revision, and is rejected (fail closed, step 8 of the order).
import type { BindingRef, DataProcessingTask, ProcessorRequest, TaskRef } from "../../../generated/types.js";
import type { ContractReport } from "../contract-report.js";

export interface Correlated {
  request_id: string;
  input_digest: string;
  task: TaskRef;
  binding: BindingRef;
}

/** Reports `<namespace>/request-id-mismatch`, `-input-digest-`, `-task-` and `-binding-mismatch`. */
export function checkCorrelation(doc: Correlated, request: ProcessorRequest, namespace: string, report: ContractReport): void {
  if (doc.request_id !== request.request_id) {
    report.error(`${namespace}/request-id-mismatch`, "/request_id", `request_id is '${doc.request_id}', but it answers request '${request.request_id}'`);
  }
  if (doc.input_digest !== request.input_digest) {
    report.error(`${namespace}/input-digest-mismatch`, "/input_digest", `input_digest is ${doc.input_digest}, but the request's is ${request.input_digest}`);
  }
  checkTaskRef(doc.task, request.task, "the request's", `${namespace}/task-mismatch`, report);
  const member = (["id", "revision"] as const).find((key) => doc.binding[key] !== request.binding[key]);
  if (member !== undefined) {
    report.error(
      `${namespace}/binding-mismatch`,
      `/binding/${member}`,
      `binding ${member} is ${show(doc.binding[member])}, but the request's is ${show(request.binding[member])}`,
    );
  }
}

/** The task reference against the request's task or the task declaration itself. */
export function checkTaskRef(ref: TaskRef, expected: TaskRef | DataProcessingTask, whose: string, code: string, report: ContractReport): void {
  const member = (["id", "revision", "kind"] as const).find((key) => ref[key] !== expected[key]);
  if (member !== undefined) report.error(code, `/task/${member}`, `task ${member} is ${show(ref[member])}, but ${whose} is ${show(expected[member])}`);
}

const show = (value: string | number): string => (typeof value === "string" ? `'${value}'` : String(value));
