// The time grid of a forecast output: timestamps strictly increase by exactly cadence_seconds,
// and, against the request, are exactly the requested horizon: as_of + k * cadence for
// k = 1..horizon_steps (interval-end labels, the same grid as the frame's future covariates).
// With the task alone, at most the task's horizon_steps points.
import type { ForecastOutput } from "../../../../generated/types.js";
import type { ContractContext } from "../../contract-context.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { formatUtcTime, parseUtcTime } from "../../utc-time.js";
import { notADate } from "../time-field.js";
import { reportFirstHit, type Hit } from "./first-hit.js";

/** Epoch milliseconds of every point's timestamp (NaN when impossible); reports the first impossible date. */
export function readPointTimes(output: ForecastOutput, base: string, report: ContractReport): number[] {
  const bad: Hit[] = [];
  const times = output.points.map((point, i) => {
    const at = parseUtcTime(point.timestamp);
    if (at === undefined)
      bad.push({
        path: `${base}${pointer("points", i, "timestamp")}`,
        message: notADate(point.timestamp),
      });
    return at ?? Number.NaN;
  });
  reportFirstHit(report, "time/not-a-date", bad);
  return times;
}

export function checkOutputGrid(output: ForecastOutput, times: readonly number[], base: string, context: ContractContext, report: ContractReport): void {
  if (checkSpacing(output, times, base, report)) return;
  if (context.request !== undefined) checkHorizon(output, times, base, context.request, report);
  else if (context.task !== undefined) checkPointLimit(output, base, context.task, report);
}

/**
 * Without the request the requested horizon is unknown, but no request may ask for more than the
 * task's horizon_steps (options/horizon-too-long), so no valid output has more points.
 */
function checkPointLimit(output: ForecastOutput, base: string, task: NonNullable<ContractContext["task"]>, report: ContractReport): void {
  const limit = task.frame.horizon_steps;
  if (output.points.length <= limit) return;
  report.error("forecast/point-count", `${base}/points`, `the output has ${output.points.length} points, but task '${task.id}' revision ${task.revision} allows at most horizon_steps ${limit}`);
}

/** Strictly increasing, spaced by cadence_seconds; returns whether anything was wrong. */
function checkSpacing(output: ForecastOutput, times: readonly number[], base: string, report: ContractReport): boolean {
  const step = output.cadence_seconds * 1000;
  const disorder: Hit[] = [];
  const gaps: Hit[] = [];
  for (let i = 1; i < times.length; i++) {
    const path = `${base}${pointer("points", i, "timestamp")}`;
    const [previous, current] = [output.points[i - 1]!.timestamp, output.points[i]!.timestamp];
    const delta = times[i]! - times[i - 1]!;
    if (delta <= 0) disorder.push({ path, message: `${current} does not come after the previous point's ${previous}; timestamps must strictly increase` });
    else if (delta !== step)
      gaps.push({ path, message: `${current} is ${delta / 1000} s after the previous point, expected exactly cadence_seconds (${output.cadence_seconds} s)` });
  }
  // Out-of-order timestamps leave uneven gaps behind them: report the order alone then.
  return reportFirstHit(report, "forecast/timestamps-not-increasing", disorder) || reportFirstHit(report, "forecast/cadence-gap", gaps);
}

function checkHorizon(
  output: ForecastOutput,
  times: readonly number[],
  base: string,
  request: NonNullable<ContractContext["request"]>,
  report: ContractReport,
): void {
  const asOf = parseUtcTime(request.frame.as_of);
  if (asOf === undefined) return; // the request itself is broken; its own check reports that
  const steps = request.options.horizon_steps;
  const cadence = request.frame.cadence_seconds;
  if (output.points.length !== steps) {
    report.error("forecast/point-count", `${base}/points`, `the output has ${output.points.length} points, but the request asked for horizon_steps ${steps}`);
  }
  const shifted: Hit[] = [];
  for (let i = 0; i < Math.min(steps, times.length); i++) {
    const expected = asOf + (i + 1) * cadence * 1000;
    if (times[i] === expected) continue;
    shifted.push({
      path: `${base}${pointer("points", i, "timestamp")}`,
      message: `point ${i} is labelled ${output.points[i]!.timestamp}, expected ${formatUtcTime(expected)} (as_of ${request.frame.as_of} + ${i + 1} × ${cadence} s)`,
    });
  }
  reportFirstHit(report, "forecast/horizon-mismatch", shifted);
}
