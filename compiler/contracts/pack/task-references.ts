// The semantic references of a task that a binding must resolve: each measured
// (instance_ref, point_ref) and each (dataset_ref, field), with the features that read them.
import type { DataProcessingTask } from "../../../generated/types.js";
import { pointer } from "../contract-report.js";

export interface FeatureUse {
  name: string;
  unit: string;
  /** The feature's unit in the task, e.g. `/inputs/history/0/unit`. */
  unitPath: string;
}

export interface MeasuredPoint {
  instance_ref: string;
  point_ref: string;
  features: FeatureUse[];
}

/** `site.main_meter.active_power`: the form of a target's semantic_point. */
export function semanticPoint(ref: { instance_ref: string; point_ref: string }): string {
  return `${ref.instance_ref}.${ref.point_ref}`;
}

/** A key that keeps (a.b, c) and (a, b.c) apart, unlike the dotted form. */
export function pointKey(ref: { instance_ref: string; point_ref: string }): string {
  return `${ref.instance_ref}\u0000${ref.point_ref}`;
}

export function measuredPoints(task: DataProcessingTask): Map<string, MeasuredPoint> {
  const points = new Map<string, MeasuredPoint>();
  forEachInput(task, (input, unitPath) => {
    if (input.source.kind !== "measurement") return;
    const key = pointKey(input.source);
    const entry = points.get(key) ?? { instance_ref: input.source.instance_ref, point_ref: input.source.point_ref, features: [] };
    entry.features.push({ name: input.name, unit: input.unit, unitPath });
    points.set(key, entry);
  });
  return points;
}

/** dataset_ref to field to the features reading it. */
export function datasetFields(task: DataProcessingTask): Map<string, Map<string, FeatureUse[]>> {
  const datasets = new Map<string, Map<string, FeatureUse[]>>();
  forEachInput(task, (input, unitPath) => {
    if (input.source.kind !== "covariate") return;
    const fields = datasets.get(input.source.dataset_ref) ?? new Map<string, FeatureUse[]>();
    fields.set(input.source.field, [...(fields.get(input.source.field) ?? []), { name: input.name, unit: input.unit, unitPath }]);
    datasets.set(input.source.dataset_ref, fields);
  });
  return datasets;
}

type Input = DataProcessingTask["inputs"]["history"][number];

function forEachInput(task: DataProcessingTask, visit: (input: Input, unitPath: string) => void): void {
  task.inputs.history.forEach((input, i) => visit(input, pointer("inputs", "history", i, "unit")));
  (task.inputs.future_covariates ?? []).forEach((input, i) => visit(input, pointer("inputs", "future_covariates", i, "unit")));
}
