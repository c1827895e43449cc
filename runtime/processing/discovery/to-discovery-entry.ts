// A commissioned task as a client plans requests for it (spec: Task discovery entry): the task,
// the binding, the declared features, the forecast policy in milliseconds, the artifact its
// route's processor runs for the binding (entry-artifact.ts: from the processor's descriptor when
// it is known, else the binding's artifact policy), and the limits of its route and processor. Every value comes from the declaration, the
// binding or the route, so validateContract(entry, {contract: "task-discovery-entry", task})
// holds by construction (a test checks it for every demo task). Pure.
import { declaredFeatures, type DeclaredFeature, type FeatureSegment } from "../../../compiler/contracts/task-features.js";
import type { DataProcessingTask, ForecastProcessorContract, TaskDiscoveryEntry } from "../../../generated/types.js";
import type { CommissionedTask } from "../binding/index.js";
import { entryArtifact } from "./entry-artifact.js";

type EntryFeature = TaskDiscoveryEntry["features"][number];
type FeaturePolicy = TaskDiscoveryEntry["forecast"]["history_feature_policies"][number];

const ROLES: Record<FeatureSegment, EntryFeature["role"]> = {
  history: "history",
  future_covariates: "future_covariate",
  static_features: "static",
};

/** `descriptor`: what the route's processor advertises (its /v1/health), when known. */
export function toDiscoveryEntry(commissioned: CommissionedTask, descriptor?: ForecastProcessorContract): TaskDiscoveryEntry {
  const { task, binding, route } = commissioned;
  return {
    task: { id: task.id, revision: task.revision },
    binding: { id: binding.id, revision: binding.revision },
    kind: task.kind,
    processor_contract: task.processor_contract,
    features: featuresOf(task),
    forecast: forecastOf(task),
    artifact: entryArtifact(binding.artifact, descriptor),
    processor_id: route.processor.id,
    processor_version: route.processor.version,
    data_boundary: route.processor.boundary,
    deadline_ms: route.deadline_ms,
    audit_finalization_timeout_ms: route.audit_finalization_timeout_ms,
    max_concurrency: route.max_concurrency,
    max_frame_samples: route.max_frame_samples,
    max_request_bytes: route.processor.max_request_bytes,
  };
}

/** Every declared feature, history first, then future covariates, then static ones, each in declaration order. */
function featuresOf(task: DataProcessingTask): EntryFeature[] {
  const features: EntryFeature[] = [];
  for (const [segment, declared] of declaredFeatures(task)) {
    for (const feature of declared.values()) {
      features.push({
        name: feature.name,
        role: ROLES[segment],
        value_type: feature.value_type,
        unit: feature.unit ?? null,
        // Calendar transforms give whole numbers; nothing else is promised to.
        integer: feature.source?.kind === "calendar",
      });
    }
  }
  return features;
}

function forecastOf(task: DataProcessingTask): TaskDiscoveryEntry["forecast"] {
  const policies = task.output.fallback_policies ?? [];
  return {
    target: { name: task.target.name, unit: task.target.unit, sign_convention: task.target.sign_convention },
    cadence_ms: task.frame.cadence_seconds * 1000,
    history_aggregation: task.alignment.aggregation,
    history_duplicate_policy: task.alignment.duplicate_policy,
    history_feature_policies: exceptionsOf(task),
    history_steps: task.frame.history_steps,
    max_horizon_steps: task.frame.horizon_steps,
    max_quantiles: task.output.max_quantiles,
    max_output_age_ms: task.output.expires_after_seconds * 1000,
    max_input_age_ms: task.quality.max_input_age_seconds * 1000,
    max_gap_ms: task.quality.max_gap_seconds * 1000,
    max_missing_ratio: task.quality.max_missing_ratio,
    require_future_issue_time: task.quality.require_covariate_issue_time_not_after_as_of,
    allowed_fallbacks: [...new Set(policies.map((p) => p.strategy))],
    fallback_policies: policies.map((p) => ({ strategy: p.strategy, version: p.version, source_feature: p.source_feature, max_output_age_ms: p.max_output_age_seconds * 1000 })),
  };
}

/**
 * The history features whose effective aggregation or duplicate policy differs from the task's
 * defaults (docs/decisions.md: a client reads a feature's policy as its listed one, else the
 * defaults); a feature that aligns by the defaults is not listed.
 */
function exceptionsOf(task: DataProcessingTask): FeaturePolicy[] {
  const history: Iterable<DeclaredFeature> = declaredFeatures(task).get("history")!.values();
  const { aggregation, duplicate_policy } = task.alignment;
  const exceptions: FeaturePolicy[] = [];
  for (const feature of history) {
    if (feature.aggregation === aggregation && feature.duplicate_policy === duplicate_policy) continue;
    exceptions.push({ feature: feature.name, aggregation: feature.aggregation!, duplicate_policy: feature.duplicate_policy! });
  }
  return exceptions;
}
