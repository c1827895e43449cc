// A discovery entry against the task declaration it advertises: every value the entry derives
// from the task (identity, contract, grid, limits in milliseconds, target, quality policy,
// fallbacks, the feature list with its integer flags and the per-feature history alignment)
// must agree, or clients plan requests the task will refuse.
import type { DataProcessingTask, TaskDiscoveryEntry } from "../../../../generated/types.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { declaredFeatures, type DeclaredFeature, type FeatureSegment } from "../../task-features.js";
import { checkFeaturePolicies, checkIntegerFlag } from "./entry-policies.js";

const ROLES: Record<FeatureSegment, TaskDiscoveryEntry["features"][number]["role"]> = {
  history: "history",
  future_covariates: "future_covariate",
  static_features: "static",
};

type Scalar = string | number | boolean | null;

export function checkEntryAgainstTask(entry: TaskDiscoveryEntry, task: DataProcessingTask, report: ContractReport): void {
  const f = entry.forecast;
  // [path in the entry, its value, the task's value, where the task holds it]
  const pairs: Array<[string, Scalar, Scalar, string]> = [
    ["/task/id", entry.task.id, task.id, "id"],
    ["/task/revision", entry.task.revision, task.revision, "revision"],
    ["/kind", entry.kind, task.kind, "kind"],
    ["/processor_contract", entry.processor_contract, task.processor_contract, "processor_contract"],
    ["/forecast/target/name", f.target.name, task.target.name, "target.name"],
    ["/forecast/target/unit", f.target.unit, task.target.unit, "target.unit"],
    ["/forecast/target/sign_convention", f.target.sign_convention, task.target.sign_convention, "target.sign_convention"],
    ["/forecast/cadence_ms", f.cadence_ms, task.frame.cadence_seconds * 1000, "frame.cadence_seconds × 1000"],
    ["/forecast/history_aggregation", f.history_aggregation, task.alignment.aggregation, "alignment.aggregation"],
    ["/forecast/history_duplicate_policy", f.history_duplicate_policy, task.alignment.duplicate_policy, "alignment.duplicate_policy"],
    ["/forecast/history_steps", f.history_steps, task.frame.history_steps, "frame.history_steps"],
    ["/forecast/max_horizon_steps", f.max_horizon_steps, task.frame.horizon_steps, "frame.horizon_steps"],
    ["/forecast/max_quantiles", f.max_quantiles, task.output.max_quantiles, "output.max_quantiles"],
    ["/forecast/max_output_age_ms", f.max_output_age_ms, task.output.expires_after_seconds * 1000, "output.expires_after_seconds × 1000"],
    ["/forecast/max_input_age_ms", f.max_input_age_ms, task.quality.max_input_age_seconds * 1000, "quality.max_input_age_seconds × 1000"],
    ["/forecast/max_gap_ms", f.max_gap_ms, task.quality.max_gap_seconds * 1000, "quality.max_gap_seconds × 1000"],
    ["/forecast/max_missing_ratio", f.max_missing_ratio, task.quality.max_missing_ratio, "quality.max_missing_ratio"],
    [
      "/forecast/require_future_issue_time",
      f.require_future_issue_time,
      task.quality.require_covariate_issue_time_not_after_as_of,
      "quality.require_covariate_issue_time_not_after_as_of",
    ],
  ];
  for (const [path, actual, expected, source] of pairs) {
    if (actual !== expected)
      report.error(
        "discovery/task-mismatch",
        path,
        `${path.slice(1).replace(/\//g, ".")} is ${show(actual)}, but the task declaration's ${source} is ${show(expected)}`,
      );
  }
  const declared = declaredFeatures(task);
  checkFeatures(entry, task, declared, report);
  checkFeaturePolicies(entry, task, declared.get("history")!, report);
  checkFallbacks(entry, task, report);
}

function checkFeatures(entry: TaskDiscoveryEntry, task: DataProcessingTask, segments: Map<FeatureSegment, Map<string, DeclaredFeature>>, report: ContractReport): void {
  const declared = new Map<string, { role: string; value_type: string; unit: string | null; feature: DeclaredFeature }>();
  for (const [segment, features] of segments) {
    for (const d of features.values()) declared.set(`${ROLES[segment]}:${d.name}`, { role: ROLES[segment], value_type: d.value_type, unit: d.unit ?? null, feature: d });
  }
  const listed = new Set<string>();
  entry.features.forEach((feature, i) => {
    const key = `${feature.role}:${feature.name}`;
    listed.add(key);
    const d = declared.get(key);
    if (d === undefined) {
      report.error("discovery/task-mismatch", pointer("features", i), `task '${task.id}' declares no ${feature.role} feature '${feature.name}'`);
      return;
    }
    for (const member of ["value_type", "unit"] as const) {
      if (feature[member] !== d[member])
        report.error(
          "discovery/task-mismatch",
          pointer("features", i, member),
          `${member} of '${feature.name}' is ${show(feature[member])}, but the task declares ${show(d[member])}`,
        );
    }
    checkIntegerFlag(feature, i, d.feature, report);
  });
  for (const [key, d] of declared) {
    if (!listed.has(key))
      report.error(
        "discovery/task-mismatch",
        "/features",
        `task '${task.id}' declares ${d.role} feature '${key.slice(d.role.length + 1)}', which the entry does not list`,
      );
  }
}

function checkFallbacks(entry: TaskDiscoveryEntry, task: DataProcessingTask, report: ContractReport): void {
  const policies = task.output.fallback_policies ?? [];
  const render = (p: { strategy: string; version: string; source_feature: string }, ms: number): string =>
    `${p.strategy} v${p.version} from '${p.source_feature}' for ${ms} ms`;
  const expected = policies.map((p) => render(p, p.max_output_age_seconds * 1000)).sort();
  const actual = entry.forecast.fallback_policies.map((p) => render(p, p.max_output_age_ms)).sort();
  if (expected.join("\n") !== actual.join("\n")) {
    report.error(
      "discovery/task-mismatch",
      "/forecast/fallback_policies",
      `fallback_policies are [${actual.join("; ")}], but the task declares [${expected.join("; ")}]`,
    );
  }
}

const show = (value: Scalar): string => (typeof value === "string" ? `'${value}'` : String(value));
