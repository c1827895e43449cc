// A discovery entry's per-feature facts against the task declaration: the history alignment a
// client plans with (forecast.history_feature_policies) and which features are whole numbers
// (features[].integer, true exactly for calendar transforms, as the schema describes it).
//
// What history_feature_policies lists: the sample entry lists outdoor_temp, the one history
// feature whose task policy differs from the defaults, and not site_load, which aligns by them.
// So the list is the exceptions to history_aggregation / history_duplicate_policy: a client reads
// a feature's policy as its listed one, else the defaults. The entry is right when that reading
// gives the task's effective policy (declaredFeatures) for every history feature: a feature whose
// policy differs must be listed, a listed one must say exactly the task's policy, and listing a
// feature that aligns by the defaults is redundant but true, so it passes.
import type { DataProcessingTask, TaskDiscoveryEntry } from "../../../../generated/types.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import type { DeclaredFeature } from "../../task-features.js";

const POLICY_MEMBERS = ["aggregation", "duplicate_policy"] as const;

export function checkFeaturePolicies(entry: TaskDiscoveryEntry, task: DataProcessingTask, history: ReadonlyMap<string, DeclaredFeature>, report: ContractReport): void {
  const listed = new Set<string>();
  entry.forecast.history_feature_policies.forEach((policy, i) => {
    listed.add(policy.feature);
    const declared = history.get(policy.feature);
    if (declared === undefined) return; // not a history feature of the task: the feature list reports it
    for (const member of POLICY_MEMBERS) {
      if (policy[member] === declared[member]) continue;
      report.error(
        "discovery/task-mismatch",
        pointer("forecast", "history_feature_policies", i, member),
        `the entry aligns '${policy.feature}' with ${member} '${policy[member]}', but its effective ${member} in task '${task.id}' is '${declared[member]}'`,
      );
    }
  });
  const defaults = { aggregation: task.alignment.aggregation, duplicate_policy: task.alignment.duplicate_policy };
  for (const declared of history.values()) {
    if (listed.has(declared.name)) continue;
    const differing = POLICY_MEMBERS.filter((member) => declared[member] !== defaults[member]);
    if (differing.length === 0) continue;
    const words = differing.map((member) => `${member} '${declared[member]}' (default '${defaults[member]}')`).join(" and ");
    report.error(
      "discovery/task-mismatch",
      "/forecast/history_feature_policies",
      `task '${task.id}' aligns history feature '${declared.name}' with ${words}, but history_feature_policies does not list it, so clients would assume the defaults`,
    );
  }
}

/** features[i].integer is true exactly for a feature computed by a calendar transform. */
export function checkIntegerFlag(feature: TaskDiscoveryEntry["features"][number], i: number, declared: DeclaredFeature, report: ContractReport): void {
  const source = declared.source;
  if (feature.integer === (source?.kind === "calendar")) return;
  report.error(
    "discovery/task-mismatch",
    pointer("features", i, "integer"),
    source?.kind === "calendar"
      ? `'${feature.name}' is the calendar transform '${source.transform}', whose values are whole numbers, but the entry marks it integer false`
      : `'${feature.name}' is marked integer, but only calendar features are; the task declares it as ${source === undefined ? "a static constant" : `a ${source.kind} source`}`,
  );
}
