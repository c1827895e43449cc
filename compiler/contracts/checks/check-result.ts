// Semantic rules of a result envelope (svc.data-processing.result.v1), in step 8 of the spec's
// validation order: times, correlation with the request, what the status may claim (fallback
// provenance), the typed output (horizon) and expiry. Any failure rejects the result; the
// application then records the outcome `rejected` and creates no derived data.
import type { ProcessingResult } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { checkForecastOutputAt } from "./check-forecast-output.js";
import { checkResultCorrelation } from "./result/result-correlation.js";
import { checkResultExpiry } from "./result/result-expiry.js";
import { checkResultStatus } from "./result/result-status.js";
import { readResultTimes, type ResultTimes } from "./result/result-times.js";

export const checkResult: SemanticCheck<ProcessingResult> = (result, context, report) => {
  let times: ResultTimes = {};
  report.stages(
    () => {
      times = readResultTimes(result, report);
    },
    () => checkResultCorrelation(result, times, context, report),
    () => checkResultStatus(result, times, context, report),
    () => {
      if (result.output !== undefined) checkForecastOutputAt(result.output, "/output", context, report);
    },
    () => checkResultExpiry(result, times, context, report),
  );
};
