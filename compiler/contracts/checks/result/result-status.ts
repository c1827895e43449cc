// What a status may claim. A fallback must be one the task allows, exactly as the task defines it
// (version, source feature), built from request data no newer than as_of; it is never promoted
// to `produced`; and a zero series is only a valid fallback when the task declares zero as its
// baseline: a failure must never look like a normal zero series.
import type { FallbackInfo, FallbackPolicy, ForecastOutput, ProcessingResult } from "../../../../generated/types.js";
import type { ContractContext } from "../../contract-context.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { parseUtcTime } from "../../utc-time.js";
import type { ResultTimes } from "./result-times.js";

const ZERO_BASELINE = "zero_baseline";

export function checkResultStatus(result: ProcessingResult, times: ResultTimes, context: ContractContext, report: ContractReport): void {
  if (result.status === "produced") {
    checkNotPromoted(result, report);
    if (allZero(result.output)) {
      report.warning(
        "result/all-zero-output",
        "/output/points",
        "every value of the produced output is exactly 0; check that the processor did not turn a failure into a zero series",
      );
    }
  }
  if (result.status === "fallback" && result.fallback !== undefined) {
    if (context.task !== undefined) checkFallbackPolicy(result, result.fallback, context.task.output.fallback_policies ?? [], context.task.id, report);
    if (context.request !== undefined) checkFallbackData(result.fallback, times, context.request, report);
  }
}

/** The fallback policy of a strategy in the task, if it allows it. */
export function fallbackPolicy(policies: readonly FallbackPolicy[], strategy: string): FallbackPolicy | undefined {
  return policies.find((p) => p.strategy === strategy);
}

function checkNotPromoted(result: ProcessingResult, report: ContractReport): void {
  // A warning that says a fallback was used or applied (MODEL_FALLBACK_USED, PERSISTENCE_FALLBACK_APPLIED),
  // not any code that mentions one (NO_FALLBACK_NEEDED).
  const i = result.warnings.findIndex((code) => /FALLBACK_(USED|APPLIED)$/.test(code));
  if (i >= 0) {
    report.error(
      "result/fallback-promoted",
      pointer("warnings", i),
      `a produced result carries the warning ${result.warnings[i]}; a fallback must be labelled with status fallback, never promoted to produced`,
    );
  }
}

function checkFallbackPolicy(
  result: ProcessingResult,
  fallback: FallbackInfo,
  policies: readonly FallbackPolicy[],
  taskId: string,
  report: ContractReport,
): void {
  const allowed = policies.length === 0 ? "it allows no fallback" : `it allows ${policies.map((p) => `'${p.strategy}'`).join(", ")}`;
  const zeroAllowed = fallbackPolicy(policies, ZERO_BASELINE) !== undefined;
  const policy = fallbackPolicy(policies, fallback.strategy);
  if (fallback.strategy === ZERO_BASELINE && !zeroAllowed) {
    report.error(
      "result/zero-series",
      "/fallback/strategy",
      `the fallback is a zero_baseline, but task '${taskId}' does not declare zero as its baseline (${allowed})`,
    );
    return;
  }
  if (policy === undefined) {
    report.error(
      "result/fallback-not-allowed",
      "/fallback/strategy",
      `fallback strategy '${fallback.strategy}' is not allowed by task '${taskId}': ${allowed}`,
    );
    return;
  }
  if (fallback.strategy_version !== policy.version) {
    report.error(
      "result/fallback-policy-mismatch",
      "/fallback/strategy_version",
      `strategy '${policy.strategy}' version is '${fallback.strategy_version}', but the task's policy requires version '${policy.version}'`,
    );
  }
  if (fallback.source_feature !== policy.source_feature) {
    report.error(
      "result/fallback-policy-mismatch",
      "/fallback/source_feature",
      `the fallback is based on '${fallback.source_feature}', but the task's '${policy.strategy}' policy bases it on '${policy.source_feature}'`,
    );
  }
  if (!zeroAllowed && allZero(result.output)) {
    report.error(
      "result/zero-series",
      "/output/points",
      `every value of the fallback output is 0, but task '${taskId}' does not declare zero as its baseline; a failure must not become a zero series`,
    );
  }
}

function checkFallbackData(fallback: FallbackInfo, times: ResultTimes, request: NonNullable<ContractContext["request"]>, report: ContractReport): void {
  const features = request.frame.history.features;
  if (!Object.hasOwn(features, fallback.source_feature)) {
    const known = Object.keys(features)
      .map((name) => `'${name}'`)
      .join(", ");
    report.error(
      "result/fallback-source-unknown",
      "/fallback/source_feature",
      `'${fallback.source_feature}' is not a history feature of the request's frame (it has ${known}); a fallback uses actual request data`,
    );
  }
  const asOf = parseUtcTime(request.frame.as_of);
  if (asOf !== undefined && times.dataThrough !== undefined && times.dataThrough > asOf) {
    report.error(
      "result/fallback-data-after-as-of",
      "/fallback/based_on_data_through",
      `based_on_data_through ${fallback.based_on_data_through} is after the frame's as_of ${request.frame.as_of}`,
    );
  }
}

function allZero(output: ForecastOutput | undefined): boolean {
  return output !== undefined && output.points.length > 0 && output.points.every((p) => p.value === 0);
}
