// Validation order, stage 4 (spec: Processing frame; Feature set, value types, units): with the
// task, every frame feature is declared in its segment with the declared value type and unit,
// every declared feature is there, the future_covariates segment exists exactly when the task
// declares future-known inputs, and the target never appears among them.
import { closestName } from "../../../../generated/index.js";
import type { Series } from "../../../../generated/types.js";
import type { DeclaredFeature } from "../../task-features.js";
import { at, featureWords, GRID_SEGMENTS, segmentWords, type FrameScope, type GridSegment } from "./frame-scope.js";

/** Stage 3 for the frame: its cadence is the task revision's. */
export function checkCadence(scope: FrameScope): void {
  const task = scope.task;
  if (task === undefined || scope.frame.cadence_seconds === task.frame.cadence_seconds) return;
  scope.report.error("frame/cadence-mismatch", at(scope, "cadence_seconds"), `the frame's cadence is ${scope.frame.cadence_seconds} s but task '${task.id}' revision ${task.revision} has ${task.frame.cadence_seconds} s`);
}

export function checkFeatureSet(scope: FrameScope): void {
  if (scope.declared === undefined) return;
  for (const segment of GRID_SEGMENTS) checkGridSegment(scope, segment);
  checkStaticFeatures(scope);
}

function checkGridSegment(scope: FrameScope, segment: GridSegment): void {
  const { frame, report } = scope;
  const declared = scope.declared!.get(segment)!;
  const present = segment === "history" ? frame.history : frame.future_covariates;
  if (segment === "future_covariates") {
    if (present === undefined) {
      if (declared.size > 0) report.error("frame/future-covariates-missing", scope.base, `the task declares future covariates (${[...declared.keys()].join(", ")}) but the frame has no future_covariates segment`);
      return;
    }
    if (declared.size === 0) {
      report.error("frame/future-covariates-undeclared", at(scope, "future_covariates"), "the task declares no future covariates, so the frame must omit the future_covariates segment");
      return;
    }
  }
  const features = present!.features;
  const target = scope.task!.target.name;
  for (const name of Object.keys(features)) {
    const path = (...tokens: Array<string | number>): string => at(scope, segment, "features", name, ...tokens);
    if (segment === "future_covariates" && name === target) {
      report.error("frame/target-in-future", path(), `'${name}' is the task's target: future target values never appear among the future covariates`);
      continue;
    }
    const feature = declared.get(name);
    if (feature === undefined) {
      reportUndeclared(scope, segment, name, path(), declared.keys());
      continue;
    }
    checkTypeAndUnit(scope, feature, features[name]!, path);
  }
  for (const name of declared.keys()) {
    if (features[name] === undefined) report.error("frame/missing-feature", at(scope, segment, "features"), `the task declares the ${featureWords(segment)} '${name}' but the frame does not have it`);
  }
}

/**
 * "static_features: no | Only declared features; empty object allowed." Read as: the member is
 * optional and `{}` is fine for a task that declares no static features (unlike
 * future_covariates, which must then be omitted). A declared one is still required, as every
 * declared feature is ("Feature names match the task exactly"); a static value the service could
 * not produce travels as null with quality `missing`, which the missing policy then judges.
 */
function checkStaticFeatures(scope: FrameScope): void {
  const declared = scope.declared!.get("static_features")!;
  const statics = scope.frame.static_features ?? {};
  const values = new Map((scope.task!.inputs.static ?? []).map((input) => [input.name, input.value]));
  for (const name of Object.keys(statics)) {
    const path = (...tokens: Array<string | number>): string => at(scope, "static_features", name, ...tokens);
    const feature = declared.get(name);
    if (feature === undefined) {
      reportUndeclared(scope, "static_features", name, path(), declared.keys());
      continue;
    }
    const value = statics[name]!;
    if (!checkTypeAndUnit(scope, feature, value, path)) continue;
    // A declared constant travels as itself (or as a missing value, which the quality rules judge).
    if (value.value !== null && value.value !== values.get(name)) {
      scope.report.error("frame/static-value-mismatch", path("value"), `the static feature '${name}' is ${JSON.stringify(value.value)} but the task declares the constant ${JSON.stringify(values.get(name))}`);
    }
  }
  for (const name of declared.keys()) {
    if (!Object.hasOwn(statics, name)) scope.report.error("frame/missing-feature", at(scope, "static_features"), `the task declares the static feature '${name}' but the frame does not have it (a value it could not produce is sent as null with quality \`missing\`)`);
  }
}

function reportUndeclared(scope: FrameScope, segment: GridSegment | "static_features", name: string, path: string, names: Iterable<string>): void {
  const elsewhere = [...scope.declared!.entries()].find(([other, features]) => other !== segment && features.has(name))?.[0];
  const where = elsewhere === undefined ? "" : ` (the task declares it among the ${segmentWords(elsewhere)})`;
  const close = closestName(name, names);
  scope.report.error("frame/undeclared-feature", path, `the task declares no ${featureWords(segment)} '${name}'${where}`, close === undefined ? undefined : `did you mean '${close}'?`);
}

/** Value type, then unit (only when the type matches); false when either differs. */
function checkTypeAndUnit(scope: FrameScope, feature: DeclaredFeature, series: Pick<Series, "value_type"> & { unit?: string }, path: (...tokens: string[]) => string): boolean {
  if (series.value_type !== feature.value_type) {
    scope.report.error("frame/value-type-mismatch", path("value_type"), `'${feature.name}' is declared as ${feature.value_type} but the frame sends ${series.value_type}`);
    return false;
  }
  if (feature.unit !== undefined && series.unit !== feature.unit) {
    scope.report.error("frame/unit-mismatch", path("unit"), `'${feature.name}' is in '${series.unit}' but the task's canonical unit is '${feature.unit}' (the runtime converts nothing)`);
    return false;
  }
  return true;
}
