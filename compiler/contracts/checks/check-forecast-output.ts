// Semantic rules of a forecast output (svc.data-processing.output.forecast.v1). Alone: its own
// invariants (grid, quantile order and set). With the request: exactly the requested horizon,
// cadence and quantile set. With the task: target, unit, sign convention and median policy, and,
// when the request is not given, the task's cadence and at most its horizon_steps points.
// The result and derived-data checks run the same rules on their embedded output at a base path.
import type { ForecastOutput } from "../../../generated/types.js";
import type { ContractContext, SemanticCheck } from "../contract-context.js";
import type { ContractReport } from "../contract-report.js";
import { checkOutputDeclaration } from "./forecast/output-declaration.js";
import { checkOutputGrid, readPointTimes } from "./forecast/output-grid.js";
import { checkOutputQuantiles } from "./forecast/output-quantiles.js";

/** Checks `output`, which sits at the JSON Pointer `base` of the reported document ("" for itself). */
export function checkForecastOutputAt(output: ForecastOutput, base: string, context: ContractContext, report: ContractReport): void {
  let times: number[] = [];
  report.stages(
    () => {
      times = readPointTimes(output, base, report);
    },
    () => checkOutputDeclaration(output, base, context, report),
    () => {
      checkOutputGrid(output, times, base, context, report);
      checkOutputQuantiles(output, base, context, report);
    },
  );
}

export const checkForecastOutput: SemanticCheck<ForecastOutput> = (output, context, report) => checkForecastOutputAt(output, "", context, report);
