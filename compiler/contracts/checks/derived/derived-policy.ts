// Derived data against the task's output policy (spec: Result envelope, expires_at "bounded by
// task policy"; Fallback rules, "the task explicitly allows the named strategy"; States: a
// fallback is accepted only when the task allows it). The stamp names no fallback strategy, so a
// fallback is judged against the task's fallback policies as a whole.
import type { DataProcessingTask, DerivedData } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";

export function checkDerivedPolicy(derived: DerivedData, accepted: number, expires: number, task: DataProcessingTask, report: ContractReport): void {
  const policies = task.output.fallback_policies ?? [];
  const fallback = derived.processing_status === "fallback";
  if (fallback && policies.length === 0) {
    report.error("derived/fallback-not-allowed", "/processing_status", `the data is a fallback, but task '${task.id}' revision ${task.revision} allows no fallback (output.fallback_policies is empty)`);
  }
  if (expires <= accepted) return; // derived/expired-on-acceptance says it
  // Produced: the task's expires_after_seconds. Fallback: the longest age any of its fallback
  // policies allows (each at most expires_after_seconds, by the task check), as the result check
  // bounds a fallback by its own policy. Counted from accepted_at, which is at or after the
  // result's issued_at, so an expiry the result check accepted and the stamp copied passes.
  const [limit, source] =
    fallback && policies.length > 0
      ? [Math.max(...policies.map((p) => p.max_output_age_seconds)), "the task's fallback policies allow at most"]
      : [task.output.expires_after_seconds, "the task's output.expires_after_seconds allows at most"];
  const lifetime = (expires - accepted) / 1000;
  if (lifetime > limit) {
    report.error("derived/expiry-beyond-policy", "/expires_at", `expires_at ${derived.expires_at} is ${lifetime} s after accepted_at ${derived.accepted_at}, but ${source} ${limit} s`);
  }
}
