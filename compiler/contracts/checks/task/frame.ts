// The task's frame and processor contract: a real IANA timezone for the calendar features, and
// the processor contract of its kind (spec: only `forecast` has typed options and output).
import type { DataProcessingTask, TaskKind } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";
import { checkTimezone } from "./timezones.js";

/** The processor contract each task kind needs. */
export const PROCESSOR_CONTRACTS: Readonly<Record<TaskKind, string>> = { forecast: "svc.data-processing.forecast.v1" };

export function checkTimezoneName(task: DataProcessingTask, report: ContractReport): void {
  const zone = task.frame.timezone;
  const checked = checkTimezone(zone);
  if (checked.ok) return;
  const problem = checked.miscased ? "is not spelt as IANA spells the zone (names are case-sensitive)" : "is not an IANA timezone (e.g. Europe/Berlin or UTC)";
  report.error("task/unknown-timezone", "/frame/timezone", `'${zone}' ${problem}`, checked.suggestion);
}

export function checkProcessorContract(task: DataProcessingTask, report: ContractReport): void {
  const expected = PROCESSOR_CONTRACTS[task.kind];
  if (task.processor_contract !== expected) {
    report.error("task/processor-contract", "/processor_contract", `a ${task.kind} task is processed under ${expected}, not '${task.processor_contract}'`, `write processor_contract: ${expected}`);
  }
}
