// A task declaration's features as one lookup: each declared name with its segment, unit and the
// effective alignment (feature policy over the task default). Shared by the task check, the
// frame check and the discovery entry, so every check reads the declaration the same way.
import type { Aggregation, DataProcessingTask, DuplicatePolicy, FeatureSource, FeatureValueType } from "../../generated/types.js";

export type FeatureSegment = "history" | "future_covariates" | "static_features";

export interface DeclaredFeature {
  name: string;
  segment: FeatureSegment;
  /** Where it sits in the task declaration, e.g. `/inputs/history/0`. */
  path: string;
  value_type: FeatureValueType;
  unit?: string;
  /** Undefined for static features. */
  source?: FeatureSource;
  /** History features only: the effective aggregation and duplicate policy. */
  aggregation?: Aggregation;
  duplicate_policy?: DuplicatePolicy;
  /** History features only: whether the feature opted in to the live tail. */
  live_tail: boolean;
}

/**
 * Declared features by segment and name. With duplicate names the first declaration wins here;
 * the task check reports the duplicates.
 */
export function declaredFeatures(task: DataProcessingTask): Map<FeatureSegment, Map<string, DeclaredFeature>> {
  const policies = new Map((task.alignment.feature_policies ?? []).map((p) => [p.name, p]));
  const segments = new Map<FeatureSegment, Map<string, DeclaredFeature>>([
    ["history", new Map()],
    ["future_covariates", new Map()],
    ["static_features", new Map()],
  ]);
  const add = (feature: DeclaredFeature): void => {
    const segment = segments.get(feature.segment)!;
    if (!segment.has(feature.name)) segment.set(feature.name, feature);
  };
  task.inputs.history.forEach((input, i) => {
    const policy = policies.get(input.name);
    add({
      name: input.name,
      segment: "history",
      path: `/inputs/history/${i}`,
      value_type: "number",
      unit: input.unit,
      source: input.source,
      aggregation: policy?.aggregation ?? task.alignment.aggregation,
      duplicate_policy: policy?.duplicate_policy ?? task.alignment.duplicate_policy,
      live_tail: policy?.live_tail === true,
    });
  });
  (task.inputs.future_covariates ?? []).forEach((input, i) => {
    add({ name: input.name, segment: "future_covariates", path: `/inputs/future_covariates/${i}`, value_type: "number", unit: input.unit, source: input.source, live_tail: false });
  });
  (task.inputs.static ?? []).forEach((input, i) => {
    add({ name: input.name, segment: "static_features", path: `/inputs/static/${i}`, value_type: input.value_type, ...(input.unit === undefined ? {} : { unit: input.unit }), live_tail: false });
  });
  return segments;
}
