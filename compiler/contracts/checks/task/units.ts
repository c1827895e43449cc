// Every unit a task declares is a known canonical unit (compiler/contracts/units.ts), spelt
// exactly: the runtime compares units as strings and converts nothing.
import type { DataProcessingTask } from "../../../../generated/types.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { isKnownUnit, suggestUnit } from "../../units.js";
import { meant } from "./notes.js";

export function checkUnits(task: DataProcessingTask, report: ContractReport): void {
  for (const [unit, path, what] of declaredUnits(task)) {
    if (isKnownUnit(unit)) continue;
    report.error("task/unknown-unit", path, `'${unit}' is not a known unit for ${what} (units are exact and case-sensitive)`, meant(suggestUnit(unit)));
  }
}

/** Every unit of the task with its path; calendar features are left to task/calendar-unit. */
function declaredUnits(task: DataProcessingTask): Array<[string, string, string]> {
  const units: Array<[string, string, string]> = [
    [task.target.unit, "/target/unit", "the target"],
    [task.output.unit, "/output/unit", "the output"],
  ];
  for (const segment of ["history", "future_covariates"] as const) {
    (task.inputs[segment] ?? []).forEach((input, i) => {
      if (input.source.kind !== "calendar") units.push([input.unit, pointer("inputs", segment, i, "unit"), `the feature '${input.name}'`]);
    });
  }
  (task.inputs.static ?? []).forEach((input, i) => {
    if (input.unit !== undefined) units.push([input.unit, pointer("inputs", "static", i, "unit"), `the feature '${input.name}'`]);
  });
  return units;
}
