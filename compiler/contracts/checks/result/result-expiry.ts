// How long a result stays valid: expires_at after issued_at, and no longer than the task allows:
// expires_after_seconds for a produced result, the fallback policy's max_output_age_seconds for
// a fallback (fallbacks should be short-lived). Unavailable results carry no expiry.
import type { ProcessingResult } from "../../../../generated/types.js";
import type { ContractContext } from "../../contract-context.js";
import type { ContractReport } from "../../contract-report.js";
import { fallbackPolicy } from "./result-status.js";
import type { ResultTimes } from "./result-times.js";

export function checkResultExpiry(result: ProcessingResult, times: ResultTimes, context: ContractContext, report: ContractReport): void {
  const { issued, expires } = times;
  if (issued === undefined || expires === undefined) return;
  if (expires <= issued) {
    report.error("result/expires-not-after-issued", "/expires_at", `expires_at ${result.expires_at} is not after issued_at ${result.issued_at}`);
    return;
  }
  const task = context.task;
  if (task === undefined) return;
  const lifetime = (expires - issued) / 1000;
  const policy = result.fallback === undefined ? undefined : fallbackPolicy(task.output.fallback_policies ?? [], result.fallback.strategy);
  const [limit, source] =
    result.status === "fallback"
      ? [policy?.max_output_age_seconds, `the task's '${result.fallback?.strategy}' fallback policy allows at most`]
      : [task.output.expires_after_seconds, "the task's expires_after_seconds allows at most"];
  if (limit !== undefined && lifetime > limit) {
    report.error("result/expiry-beyond-policy", "/expires_at", `expires_at is ${lifetime} s after issued_at, but ${source} ${limit} s`);
  }
}
