// What a forecast output declares about itself must match what was asked for: the task's target,
// unit and sign convention (step 4 of the validation order: units and sign conventions) and the
// frame's cadence (the request's, else the task revision's). These run before the grid, so a
// wrong cadence_seconds is reported as such and not as a gap between every pair of points.
import type { ForecastOutput } from "../../../../generated/types.js";
import type { ContractContext } from "../../contract-context.js";
import type { ContractReport } from "../../contract-report.js";

export function checkOutputDeclaration(output: ForecastOutput, base: string, context: ContractContext, report: ContractReport): void {
  const { task, request } = context;
  if (task !== undefined) {
    const name = `task '${task.id}' revision ${task.revision}`;
    if (output.target !== task.target.name) {
      report.error("forecast/target-mismatch", `${base}/target`, `the output forecasts '${output.target}', but ${name} forecasts '${task.target.name}'`);
    }
    if (output.unit !== task.output.unit) {
      report.error(
        "forecast/unit-mismatch",
        `${base}/unit`,
        `the output unit is '${output.unit}', but ${name} declares '${task.output.unit}' (no unit conversion is performed)`,
      );
    }
    if (output.sign_convention !== task.output.sign_convention) {
      report.error(
        "forecast/sign-convention-mismatch",
        `${base}/sign_convention`,
        `the output sign convention is '${output.sign_convention}', but ${name} declares '${task.output.sign_convention}'`,
      );
    }
  }
  // The request's frame is the reference when given (its own check ties it to the task); the task
  // revision's cadence otherwise, so an output checked with --task alone is still on its grid.
  if (request !== undefined) {
    if (output.cadence_seconds !== request.frame.cadence_seconds) {
      report.error(
        "forecast/cadence-mismatch",
        `${base}/cadence_seconds`,
        `cadence_seconds is ${output.cadence_seconds}, but the request's frame has a cadence of ${request.frame.cadence_seconds} s`,
      );
    }
  } else if (task !== undefined && output.cadence_seconds !== task.frame.cadence_seconds) {
    report.error(
      "forecast/cadence-mismatch",
      `${base}/cadence_seconds`,
      `cadence_seconds is ${output.cadence_seconds}, but task '${task.id}' revision ${task.revision} has a cadence of ${task.frame.cadence_seconds} s`,
    );
  }
}
