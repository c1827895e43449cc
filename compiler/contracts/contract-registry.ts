// Every contract `svc validate` and the runtime check: its identifier, a short name (the golden
// folder and `--contract` alias), the generated schema guard and the semantic check.
import type { Diagnostic } from "../../generated/types.js";
import * as guards from "../../generated/index.js";
import type { ContractContext, SemanticCheck } from "./contract-context.js";
import { checkDerivedData } from "./checks/check-derived-data.js";
import { checkDiscoveryEntry } from "./checks/check-discovery-entry.js";
import { checkErrorEnvelope } from "./checks/check-error-envelope.js";
import { checkForecastContract } from "./checks/check-forecast-contract.js";
import { checkForecastOutput } from "./checks/check-forecast-output.js";
import { checkFrame } from "./checks/check-frame.js";
import { checkProcessTaskRequest } from "./checks/check-process-task-request.js";
import { checkProcessorRequest } from "./checks/check-processor-request.js";
import { checkProcessorRoute } from "./checks/check-processor-route.js";
import { checkResult } from "./checks/check-result.js";
import { checkTask } from "./checks/check-task.js";

export interface ContractEntry {
  /** The contract identifier; for shapes the spec gives none, `svc.` + name (never a `schema` member). */
  id: string;
  name: string;
  /** Whether documents carry their identifier in a `schema` member. */
  selfIdentifying: boolean;
  guard: (value: unknown, diagnostics?: Diagnostic[]) => boolean;
  check: SemanticCheck<never>;
  /** The context the semantic check consults when given; without it those rules are not checked. */
  uses: ReadonlyArray<keyof ContractContext>;
}

function entry<T>(
  id: string,
  name: string,
  guard: (value: unknown, diagnostics?: Diagnostic[]) => value is T,
  check: SemanticCheck<T>,
  uses: ReadonlyArray<keyof ContractContext>,
  selfIdentifying = true,
): ContractEntry {
  return { id, name, selfIdentifying, guard, check: check as SemanticCheck<never>, uses };
}

export const CONTRACTS: readonly ContractEntry[] = [
  entry("svc.data-processing-task.v1", "task", guards.validateDataProcessingTask, checkTask, []),
  entry("svc.data-processing.process-task-request.v1", "process-task-request", guards.validateProcessTaskRequest, checkProcessTaskRequest, ["task"], false),
  entry("svc.processing-frame.v1", "processing-frame", guards.validateProcessingFrame, checkFrame, ["task"]),
  entry("svc.data-processing.request.v1", "processor-request", guards.validateProcessorRequest, checkProcessorRequest, ["task", "descriptor"]),
  entry("svc.data-processing.result.v1", "result", guards.validateProcessingResult, checkResult, ["request", "task"]),
  entry("svc.data-processing.output.forecast.v1", "forecast-output", guards.validateForecastOutput, checkForecastOutput, ["request", "task"]),
  entry("svc.derived-data.v1", "derived-data", guards.validateDerivedData, checkDerivedData, ["request", "task"]),
  entry("svc.data-processing.error.v1", "error", guards.validateProcessingErrorEnvelope, checkErrorEnvelope, []),
  entry("svc.data-processing.forecast.v1", "forecast-contract", guards.validateForecastProcessorContract, checkForecastContract, []),
  entry("svc.data-processing.task-discovery-entry.v1", "task-discovery-entry", guards.validateTaskDiscoveryEntry, checkDiscoveryEntry, ["task"], false),
  entry("svc.data-processing.processor-route.v1", "processor-route", guards.validateProcessorRouteConfig, checkProcessorRoute, [], false),
];

/** The contract with this identifier or short name. */
export function findContract(idOrName: string): ContractEntry | undefined {
  return CONTRACTS.find((c) => c.id === idOrName || c.name === idOrName);
}
