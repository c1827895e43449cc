// Semantic rules of accepted derived data (svc.derived-data.v1): the stamp the application puts
// on an accepted result. Its flags agree with its status, it is not already expired when
// accepted, it correlates with the request it answers (identity, digest, task, binding, the
// frame's quality and the selected artifact), it keeps the task's output policy (expiry, allowed
// fallback), and its data is a valid forecast output for that request and task.
import type { DerivedData, ProcessorRequest } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import type { ContractReport } from "../contract-report.js";
import { parseUtcTime } from "../utc-time.js";
import { checkArtifactSelection } from "./artifact-selection.js";
import { checkForecastOutputAt } from "./check-forecast-output.js";
import { checkCorrelation, checkTaskRef } from "./correlation.js";
import { checkDerivedPolicy } from "./derived/derived-policy.js";
import { readTime } from "./time-field.js";

export const checkDerivedData: SemanticCheck<DerivedData> = (derived, context, report) => {
  let accepted: number | undefined;
  let expires: number | undefined;
  report.stages(
    () => {
      accepted = readTime(derived.accepted_at, "/accepted_at", report);
      expires = readTime(derived.expires_at, "/expires_at", report);
      if (derived.quality.input_watermark !== null) readTime(derived.quality.input_watermark, "/quality/input_watermark", report);
    },
    () => {
      checkStamp(derived, accepted!, expires!, report);
      if (context.request !== undefined) checkAgainstRequest(derived, context.request, report);
      else if (context.task !== undefined) checkTaskRef(derived.task, context.task, "the task declaration's", "derived/task-mismatch", report);
      if (context.task !== undefined) checkDerivedPolicy(derived, accepted!, expires!, context.task, report);
    },
    () => checkForecastOutputAt(derived.data, "/data", context, report),
  );
};

function checkStamp(derived: DerivedData, accepted: number, expires: number, report: ContractReport): void {
  const isFallback = derived.processing_status === "fallback";
  if (derived.quality.fallback_used !== isFallback) {
    report.error(
      "derived/fallback-flag",
      "/quality/fallback_used",
      `fallback_used is ${derived.quality.fallback_used}, but processing_status is '${derived.processing_status}'; it is true exactly for fallback`,
    );
  }
  if (expires <= accepted) {
    report.error(
      "derived/expired-on-acceptance",
      "/expires_at",
      `expires_at ${derived.expires_at} is not after accepted_at ${derived.accepted_at}: the data was expired when accepted`,
    );
  }
}

function checkAgainstRequest(derived: DerivedData, request: ProcessorRequest, report: ContractReport): void {
  checkCorrelation(derived, request, "derived", report);
  const frame = request.frame.quality;
  const watermark = derived.quality.input_watermark;
  const same =
    watermark === null || frame.input_watermark === null
      ? watermark === frame.input_watermark
      : parseUtcTime(watermark) === parseUtcTime(frame.input_watermark);
  if (!same) {
    report.error(
      "derived/watermark-mismatch",
      "/quality/input_watermark",
      `input_watermark is ${watermark ?? "null"}, but the request's frame watermark is ${frame.input_watermark ?? "null"}`,
    );
  }
  if (derived.quality.missing_ratio !== frame.missing_ratio) {
    report.error(
      "derived/missing-ratio-mismatch",
      "/quality/missing_ratio",
      `missing_ratio is ${derived.quality.missing_ratio}, but the request's frame has ${frame.missing_ratio}`,
    );
  }
  if (request.artifact !== undefined) checkArtifactSelection(derived.artifact, derived.processing_status === "produced", request.artifact, "derived/artifact-mismatch", "derived data", report);
}
