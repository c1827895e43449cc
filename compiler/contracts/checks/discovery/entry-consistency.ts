// A discovery entry on its own: its feature list is well formed (unique names, units exactly on
// numeric features), and its forecast policy only names history features, with fallbacks
// described consistently and never outliving the task's output age.
import type { TaskDiscoveryEntry } from "../../../../generated/types.js";
import { pointer, type ContractReport } from "../../contract-report.js";

type EntryFeature = TaskDiscoveryEntry["features"][number];

export function checkEntryConsistency(entry: TaskDiscoveryEntry, report: ContractReport): void {
  checkFeatures(entry.features, report);
  const history = new Map<string, EntryFeature>();
  for (const feature of entry.features) if (feature.role === "history" && !history.has(feature.name)) history.set(feature.name, feature);
  checkPolicies(entry.forecast, history, report);
  if (entry.forecast.cadence_ms % 1000 !== 0) {
    report.error(
      "discovery/cadence-not-seconds",
      "/forecast/cadence_ms",
      `cadence_ms ${entry.forecast.cadence_ms} is not a whole number of seconds; task cadences are integer seconds`,
    );
  }
}

function checkFeatures(features: readonly EntryFeature[], report: ContractReport): void {
  const seen = new Map<string, number>();
  features.forEach((feature, i) => {
    const first = seen.get(feature.name);
    if (first !== undefined)
      report.error("discovery/duplicate-feature", pointer("features", i, "name"), `feature '${feature.name}' is already listed at /features/${first}`);
    else seen.set(feature.name, i);
    if (feature.value_type === "number") {
      if (feature.unit === null)
        report.error(
          "discovery/unit-value-type",
          pointer("features", i, "unit"),
          `number feature '${feature.name}' has no unit; numeric features always carry one`,
        );
      return;
    }
    if (feature.unit !== null)
      report.error(
        "discovery/unit-value-type",
        pointer("features", i, "unit"),
        `${feature.value_type} feature '${feature.name}' has unit '${feature.unit}'; only number features have a unit (null otherwise)`,
      );
    if (feature.integer)
      report.error(
        "discovery/unit-value-type",
        pointer("features", i, "integer"),
        `${feature.value_type} feature '${feature.name}' is marked integer; only number features can be`,
      );
  });
}

function checkPolicies(forecast: TaskDiscoveryEntry["forecast"], history: ReadonlyMap<string, EntryFeature>, report: ContractReport): void {
  const target = history.get(forecast.target.name);
  if (target === undefined) {
    report.error(
      "discovery/target-not-history",
      "/forecast/target/name",
      `the target '${forecast.target.name}' is not a history feature of the entry; a forecast target is observed history`,
    );
  } else if (target.unit !== forecast.target.unit) {
    report.error(
      "discovery/target-unit-mismatch",
      "/forecast/target/unit",
      `the target's unit is '${forecast.target.unit}', but history feature '${target.name}' has '${target.unit ?? "null"}'`,
    );
  }
  forecast.history_feature_policies.forEach((policy, i) => {
    if (!history.has(policy.feature)) {
      report.error(
        "discovery/unknown-feature",
        pointer("forecast", "history_feature_policies", i, "feature"),
        `'${policy.feature}' is not a history feature of the entry`,
      );
    }
  });
  const strategies = forecast.fallback_policies.map((p) => p.strategy);
  const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.every((s) => b.includes(s)) && b.every((s) => a.includes(s));
  if (!sameSet(forecast.allowed_fallbacks, strategies)) {
    report.error(
      "discovery/fallbacks-inconsistent",
      "/forecast/allowed_fallbacks",
      `allowed_fallbacks [${forecast.allowed_fallbacks.join(", ")}] differ from the strategies of fallback_policies [${strategies.join(", ")}]`,
    );
  }
  forecast.fallback_policies.forEach((policy, i) => {
    if (!history.has(policy.source_feature)) {
      report.error(
        "discovery/unknown-feature",
        pointer("forecast", "fallback_policies", i, "source_feature"),
        `fallback '${policy.strategy}' is based on '${policy.source_feature}', which is not a history feature of the entry`,
      );
    }
    if (policy.max_output_age_ms > forecast.max_output_age_ms) {
      report.error(
        "discovery/fallback-age",
        pointer("forecast", "fallback_policies", i, "max_output_age_ms"),
        `fallback '${policy.strategy}' may live ${policy.max_output_age_ms} ms, longer than the task's max_output_age_ms ${forecast.max_output_age_ms}`,
      );
    }
  });
}
