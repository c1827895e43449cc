// Validation order, stage 6, the task's quality policy (spec: Task declaration, quality): runs on
// a frame whose aggregate quality agrees with its cells, so judging the aggregate is judging the data.
import { at, type FrameScope } from "./frame-scope.js";

export function checkQualityPolicy(scope: FrameScope): void {
  const task = scope.task;
  if (task === undefined) return;
  const { frame, report, times } = scope;
  const policy = task.quality;
  const quality = frame.quality;
  if (quality.missing_ratio > policy.max_missing_ratio) {
    report.error("quality/missing-ratio-exceeded", at(scope, "quality", "missing_ratio"), `missing_ratio ${quality.missing_ratio} exceeds the task's max_missing_ratio ${policy.max_missing_ratio}`);
  }
  if (quality.max_gap_seconds > policy.max_gap_seconds) {
    report.error("quality/gap-exceeded", at(scope, "quality", "max_gap_seconds"), `max_gap_seconds ${quality.max_gap_seconds} exceeds the task's max_gap_seconds ${policy.max_gap_seconds}`);
  }
  if (times.inputWatermark === null) {
    if (policy.require_input_watermark) report.error("quality/watermark-required", at(scope, "quality", "input_watermark"), "input_watermark is null (no actual observation took part) but the task requires an input watermark");
  } else {
    const age = (times.asOf - times.inputWatermark) / 1000;
    if (age > policy.max_input_age_seconds) {
      report.error("quality/input-too-old", at(scope, "quality", "input_watermark"), `the newest observation (${quality.input_watermark}) is ${age} s older than as_of ${frame.as_of}; the task allows at most ${policy.max_input_age_seconds} s`);
    }
  }
  if (!policy.require_covariate_issue_time_not_after_as_of) return;
  frame.provenance.forEach((entry, i) => {
    if (entry.source_kind !== "covariate") return;
    if (entry.issued_at === undefined) {
      report.error("quality/covariate-issue-time", at(scope, "provenance", i), `the covariate entry for '${entry.feature}' has no issued_at, but the task requires covariates issued at or before as_of`);
    } else if (times.issuedAt[i]! > times.asOf) {
      report.error("quality/covariate-issue-time", at(scope, "provenance", i, "issued_at"), `the covariate '${entry.feature}' was issued at ${entry.issued_at}, after as_of ${frame.as_of}`);
    }
  });
}
