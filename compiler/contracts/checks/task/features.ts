// The task's declared features: names unique across every segment, future covariates that are
// really known ahead of time (never the target, never a measurement), calendar features without
// a physical unit, and static values of their declared type and unit.
import type { DataProcessingTask, TaskInput } from "../../../../generated/types.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { errorWithNote } from "./notes.js";

const SEGMENTS = ["history", "future_covariates", "static"] as const;

/** Names are unique across history, future_covariates and static (spec: "unique within a segment"; one frame reads them by name). */
export function checkFeatureNames(task: DataProcessingTask, report: ContractReport): void {
  const first = new Map<string, string>();
  for (const segment of SEGMENTS) {
    (task.inputs[segment] ?? []).forEach((input, i) => {
      // A future covariate named like the target is task/target-in-future; one mistake, one error.
      if (segment === "future_covariates" && input.name === task.target.name) return;
      const path = pointer("inputs", segment, i, "name");
      const earlier = first.get(input.name);
      if (earlier === undefined) return void first.set(input.name, path);
      errorWithNote(report, "task/duplicate-feature", path, `the feature name '${input.name}' is declared twice; feature names are unique across history, future_covariates and static`, {
        path: earlier,
        message: `'${input.name}' is first declared`,
      });
    });
  }
}

/** Future covariates are covariate datasets or calendar features: never the target, never a measurement. */
export function checkFutureSources(task: DataProcessingTask, report: ContractReport): void {
  (task.inputs.future_covariates ?? []).forEach((input, i) => {
    if (input.name === task.target.name) {
      report.error("task/target-in-future", pointer("inputs", "future_covariates", i, "name"), `the target '${input.name}' is declared as a future covariate; future target values never appear in a frame`);
    } else if (input.source.kind === "measurement") {
      const ref = `${input.source.instance_ref}.${input.source.point_ref}`;
      const what = ref === task.target.semantic_point ? "the target point" : "a measurement";
      report.error(
        "task/future-measurement",
        pointer("inputs", "future_covariates", i, "source", "kind"),
        `the future covariate '${input.name}' reads ${what} (${ref}); future covariates are known ahead of time: a covariate dataset with an issue time, or a calendar feature`,
      );
    }
  });
}

/** Calendar features are dimensionless: unit `1`. */
export function checkCalendarUnits(task: DataProcessingTask, report: ContractReport): void {
  for (const segment of ["history", "future_covariates"] as const) {
    (task.inputs[segment] ?? []).forEach((input: TaskInput, i) => {
      if (input.source.kind !== "calendar" || input.unit === "1") return;
      report.error("task/calendar-unit", pointer("inputs", segment, i, "unit"), `the calendar feature '${input.name}' (${input.source.transform}) is dimensionless: its unit is "1", not '${input.unit}'`, 'write unit: "1"');
    });
  }
}

/** A static value matches its value_type; numbers have a unit, strings and booleans none. */
export function checkStaticFeatures(task: DataProcessingTask, report: ContractReport): void {
  (task.inputs.static ?? []).forEach((input, i) => {
    const actual = typeof input.value;
    if (actual !== input.value_type) {
      report.error("task/static-value-type", pointer("inputs", "static", i, "value"), `the static feature '${input.name}' is declared as a ${input.value_type} but its value is a ${actual}`);
    }
    if (input.value_type === "number" && input.unit === undefined) {
      report.error("task/static-unit", pointer("inputs", "static", i), `the numeric static feature '${input.name}' has no unit; numeric features state their unit`);
    } else if (input.value_type !== "number" && input.unit !== undefined) {
      report.error("task/static-unit", pointer("inputs", "static", i, "unit"), `the ${input.value_type} static feature '${input.name}' has a unit; only numbers have one`);
    }
  });
}
