// The output's policies: fallback strategies named once, each based on a history feature in the
// output's unit and valid no longer than any output; a median policy only with quantiles.
import type { DataProcessingTask } from "../../../../generated/types.js";
import { closestName } from "../../../../generated/index.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { isKnownUnit } from "../../units.js";
import { byName, notAHistoryFeature } from "./by-name.js";
import { errorWithNote, meant } from "./notes.js";

export function checkFallbackPolicies(task: DataProcessingTask, report: ContractReport): void {
  const history = byName(task.inputs.history);
  const strategies = new Map<string, string>();
  (task.output.fallback_policies ?? []).forEach((policy, i) => {
    const at = (token: string): string => pointer("output", "fallback_policies", i, token);
    const earlier = strategies.get(policy.strategy);
    if (earlier !== undefined) {
      errorWithNote(report, "task/fallback-duplicate-strategy", at("strategy"), `the fallback strategy '${policy.strategy}' is allowed twice; each strategy has one policy`, { path: earlier, message: "its first policy is" });
    } else strategies.set(policy.strategy, at("strategy"));
    const source = history.get(policy.source_feature);
    if (source === undefined) {
      report.error(
        "task/fallback-unknown-feature",
        at("source_feature"),
        `${notAHistoryFeature(task, policy.source_feature)}; a fallback is computed from actual request data, a history feature`,
        meant(closestName(policy.source_feature, history.keys())),
      );
    } else if (source.name !== task.target.name && source.unit !== task.output.unit && isKnownUnit(source.unit) && isKnownUnit(task.output.unit)) {
      // (The target's own history is tied to the output's unit by task/target-unit-mismatch and task/output-unit-mismatch.)
      report.error("task/fallback-unit-mismatch", at("source_feature"), `the fallback's source feature '${source.name}' is in ${source.unit}, but the output is in ${task.output.unit}; the runtime converts nothing`);
    }
    if (policy.max_output_age_seconds > task.output.expires_after_seconds) {
      report.error(
        "task/fallback-max-age",
        at("max_output_age_seconds"),
        `a '${policy.strategy}' fallback may stay valid for ${policy.max_output_age_seconds} s, longer than any output (output.expires_after_seconds is ${task.output.expires_after_seconds} s)`,
      );
    }
  });
}

export function checkMedianPolicy(task: DataProcessingTask, report: ContractReport): void {
  if (task.output.median_policy !== undefined && task.output.max_quantiles === 0) {
    report.warning("task/median-policy-unused", "/output/median_policy", "median_policy has no effect: max_quantiles is 0, so no request asks for quantiles");
  }
}
