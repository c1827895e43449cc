// Declarations by name, the first one winning: with a duplicate name (task/duplicate-feature),
// the other rules read the declaration the frame would use, and report nothing about the copy.
import type { DataProcessingTask } from "../../../../generated/types.js";

export function byName<T extends { name: string }>(items: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(item.name)) map.set(item.name, item);
  return map;
}

/** Why `name` is not a history feature, for rules that need one: it is another segment's, or nobody's. */
export function notAHistoryFeature(task: DataProcessingTask, name: string): string {
  if ((task.inputs.future_covariates ?? []).some((input) => input.name === name)) return `'${name}' is a future covariate, not a history feature`;
  if ((task.inputs.static ?? []).some((input) => input.name === name)) return `'${name}' is a static feature, not a history feature`;
  return `no history feature is named '${name}'`;
}
