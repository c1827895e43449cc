// Validation order, stage 3 (spec: Processor request): the options are for the request's task
// kind; with the task, the request names its id, revision and kind and its processor contract.
// (The frame's cadence belongs here too: frameStages().cadence.)
import type { DataProcessingTask, ProcessorRequest } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";

export function checkOptionsForTaskKind(request: ProcessorRequest, report: ContractReport): void {
  if (request.options.kind !== request.task.kind) {
    report.error("request/options-kind-mismatch", "/options/kind", `the options are for kind '${request.options.kind}' but the request's task is a '${request.task.kind}' task`);
  }
}

export function checkTaskRoute(request: ProcessorRequest, task: DataProcessingTask, report: ContractReport): void {
  for (const member of ["id", "revision", "kind"] as const) {
    if (request.task[member] === task[member]) continue;
    report.error("request/task-mismatch", `/task/${member}`, `the request's task ${member} is ${JSON.stringify(request.task[member])} but task '${task.id}' has ${JSON.stringify(task[member])}`);
  }
  if (request.processor_contract !== task.processor_contract) {
    report.error("request/processor-contract-mismatch", "/processor_contract", `the request selects '${request.processor_contract}' but task '${task.id}' needs '${task.processor_contract}'`);
  }
}
