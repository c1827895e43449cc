// What a semantic check may know beyond the document itself. Task-aware checks (feature set,
// units, live tail, max_quantiles, expiry policy, allowed fallbacks) run only when the task is
// given; result correlation and forecast invariants only when the request is given.
import type { DataProcessingTask, ForecastProcessorContract, ProcessorRequest } from "../../generated/types.js";
import type { ContractReport } from "./contract-report.js";

export interface ContractContext {
  /** The task declaration the document is for. */
  task?: DataProcessingTask;
  /** The processor request a result (or derived data) answers. */
  request?: ProcessorRequest;
  /** The processor's contract descriptor, for the artifact selector and limits. */
  descriptor?: ForecastProcessorContract;
}

/** A semantic check: runs on a document that passed its JSON Schema; reports, never throws. */
export type SemanticCheck<T> = (document: T, context: ContractContext, report: ContractReport) => void;
