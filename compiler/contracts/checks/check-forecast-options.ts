// Forecast options (spec: Forecast options), shared by the application request and the
// processor request: quantiles strictly increasing (uniqueness and (0, 1) are the schema's), and
// with the task: the task's kind, at most its max_quantiles, at most its horizon_steps.
// `base` is where the options sit in the checked document (`/options` in both requests).
import type { DataProcessingTask, ForecastOptions } from "../../../generated/types.js";
import type { ContractReport } from "../contract-report.js";

/** All option rules: the application request runs these; the processor request runs them by stage. */
export function checkForecastOptions(options: ForecastOptions, base: string, task: DataProcessingTask | undefined, report: ContractReport): void {
  checkQuantileOrder(options, base, report);
  if (task === undefined) return;
  checkOptionsKind(options, base, task, report);
  checkQuantileCount(options, base, task, report);
  checkHorizon(options, base, task, report);
}

export function checkQuantileOrder(options: ForecastOptions, base: string, report: ContractReport): void {
  const quantiles = options.quantiles ?? [];
  for (let i = 1; i < quantiles.length; i++) {
    if (quantiles[i]! > quantiles[i - 1]!) continue;
    report.error("options/quantiles-not-increasing", `${base}/quantiles/${i}`, `quantile ${quantiles[i]} comes after ${quantiles[i - 1]}; quantiles are listed in increasing order`);
    return;
  }
}

export function checkOptionsKind(options: ForecastOptions, base: string, task: DataProcessingTask, report: ContractReport): void {
  if (options.kind !== task.kind) report.error("options/kind-mismatch", `${base}/kind`, `the options are for kind '${options.kind}' but task '${task.id}' is a '${task.kind}' task`);
}

export function checkQuantileCount(options: ForecastOptions, base: string, task: DataProcessingTask, report: ContractReport): void {
  const count = options.quantiles?.length ?? 0;
  const max = task.output.max_quantiles;
  if (count <= max) return;
  const allowed = max === 0 ? `task '${task.id}' allows none: omit quantiles` : `task '${task.id}' allows at most ${max}`;
  report.error("options/too-many-quantiles", `${base}/quantiles`, `${count} quantiles requested; ${allowed}`);
}

export function checkHorizon(options: ForecastOptions, base: string, task: DataProcessingTask, report: ContractReport): void {
  if (options.horizon_steps > task.frame.horizon_steps) {
    report.error("options/horizon-too-long", `${base}/horizon_steps`, `horizon_steps ${options.horizon_steps} is longer than task '${task.id}' allows (horizon_steps ${task.frame.horizon_steps})`);
  }
}
