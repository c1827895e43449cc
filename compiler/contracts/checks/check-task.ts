// The semantic rules of a task declaration (svc.data-processing-task.v1), after its schema:
// feature names, sources and units; the target and output; feature policies and the live tail;
// fallback and median policies; timezone and processor contract. One file per concern in task/.
// Every rule runs (they are independent), so one pass reports every problem of a declaration.
import type { DataProcessingTask } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { checkFeaturePolicies } from "./task/alignment.js";
import { checkCalendarUnits, checkFeatureNames, checkFutureSources, checkStaticFeatures } from "./task/features.js";
import { checkProcessorContract, checkTimezoneName } from "./task/frame.js";
import { checkFallbackPolicies, checkMedianPolicy } from "./task/output.js";
import { checkOutput, checkTarget } from "./task/target.js";
import { checkUnits } from "./task/units.js";

const RULES = [
  checkProcessorContract,
  checkTarget,
  checkTimezoneName,
  checkFeatureNames,
  checkFutureSources,
  checkCalendarUnits,
  checkUnits,
  checkStaticFeatures,
  checkFeaturePolicies,
  checkOutput,
  checkFallbackPolicies,
  checkMedianPolicy,
] as const;

export const checkTask: SemanticCheck<DataProcessingTask> = (task, _context, report) => {
  for (const rule of RULES) rule(task, report);
};
