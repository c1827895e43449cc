// The target: its past values are the history input of the same name, measured at the target's
// semantic point, in its unit; the output is in the target's unit and sign convention.
import type { DataProcessingTask } from "../../../../generated/types.js";
import { closestName } from "../../../../generated/index.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { isKnownUnit } from "../../units.js";
import { meant } from "./notes.js";

export function checkTarget(task: DataProcessingTask, report: ContractReport): void {
  const { target } = task;
  const index = task.inputs.history.findIndex((input) => input.name === target.name);
  if (index < 0) {
    const names = task.inputs.history.map((input) => input.name);
    report.error("task/target-not-in-history", "/target/name", `no history input is named '${target.name}'; the target's past values are the history input of its name`, meant(closestName(target.name, names)));
    return;
  }
  const input = task.inputs.history[index]!;
  const at = (...tokens: string[]): string => pointer("inputs", "history", index, ...tokens);
  if (input.source.kind !== "measurement") {
    report.error("task/target-point-mismatch", at("source", "kind"), `the target's history input '${target.name}' reads a ${input.source.kind} source; it must be the measurement ${target.semantic_point}`);
  } else {
    const ref = `${input.source.instance_ref}.${input.source.point_ref}`;
    if (ref !== target.semantic_point) {
      report.error("task/target-point-mismatch", at("source"), `the target's history input '${target.name}' measures ${ref}, but the target's semantic_point is ${target.semantic_point}`);
    }
  }
  if (input.unit !== target.unit && isKnownUnit(input.unit) && isKnownUnit(target.unit)) {
    report.error("task/target-unit-mismatch", at("unit"), `the target's history input '${target.name}' is in ${input.unit}, but the target is in ${target.unit}`);
  }
}

export function checkOutput(task: DataProcessingTask, report: ContractReport): void {
  const { target, output } = task;
  if (output.unit !== target.unit && isKnownUnit(output.unit) && isKnownUnit(target.unit)) {
    report.error("task/output-unit-mismatch", "/output/unit", `the output is in ${output.unit}, but the target is in ${target.unit}; the output's unit equals the target's`);
  }
  if (output.sign_convention !== target.sign_convention) {
    report.error("task/output-sign-mismatch", "/output/sign_convention", `the output's sign convention is ${output.sign_convention}, but the target's is ${target.sign_convention}`);
  }
}
