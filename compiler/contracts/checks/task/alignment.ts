// Feature policies name history features, once each; a live tail (spec grid rule 5) is opted in
// per feature, only for a measured history feature whose aggregation is `last`, and only when the
// frame allows it.
import type { DataProcessingTask } from "../../../../generated/types.js";
import { closestName } from "../../../../generated/index.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { byName, notAHistoryFeature } from "./by-name.js";
import { errorWithNote, meant } from "./notes.js";

export function checkFeaturePolicies(task: DataProcessingTask, report: ContractReport): void {
  const history = byName(task.inputs.history);
  const seen = new Map<string, string>();
  let optedIn = 0;
  (task.alignment.feature_policies ?? []).forEach((policy, i) => {
    const at = (...tokens: string[]): string => pointer("alignment", "feature_policies", i, ...tokens);
    const input = history.get(policy.name);
    if (input === undefined) {
      report.error("task/unknown-feature-policy", at("name"), `${notAHistoryFeature(task, policy.name)}; feature policies apply to history features`, meant(closestName(policy.name, history.keys())));
      return;
    }
    const earlier = seen.get(policy.name);
    if (earlier !== undefined) {
      errorWithNote(report, "task/duplicate-feature-policy", at("name"), `'${policy.name}' has two feature policies; a history feature has at most one`, { path: earlier, message: "its first policy is" });
      return;
    }
    seen.set(policy.name, at("name"));
    if (policy.live_tail !== true) return;
    optedIn++;
    const aggregation = policy.aggregation ?? task.alignment.aggregation;
    if (aggregation !== "last") {
      const from = policy.aggregation === undefined ? "the task's default aggregation" : "its policy";
      report.error(
        "task/live-tail-aggregation",
        at("live_tail"),
        `live tail is permitted only for a history feature whose aggregation is last; '${policy.name}' aggregates by ${aggregation} (${from}), and live tail is rejected for mean, sum, min and max`,
        policy.aggregation === undefined ? "add aggregation: last to this policy, or remove live_tail" : undefined,
      );
    }
    if (input.source.kind !== "measurement") {
      report.error("task/live-tail-source", at("live_tail"), `'${policy.name}' reads a ${input.source.kind} source; only a measured feature has live state to append`);
    }
    if (task.frame.live_tail !== "allowed") {
      report.error("task/live-tail-forbidden", at("live_tail"), `'${policy.name}' opts in to the live tail, but the task's frame.live_tail is ${task.frame.live_tail}`);
    }
  });
  if (task.frame.live_tail === "allowed" && optedIn === 0) {
    report.warning("task/live-tail-unused", "/frame/live_tail", "the frame allows a live tail, but no history feature opts in (feature_policies[].live_tail: true); write forbidden, or opt a feature in");
  }
}
