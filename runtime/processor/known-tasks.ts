// What the processor knows about the tasks it serves. A processor request names its task only by
// id, revision and kind: it does not say which history feature is the target, nor the output's
// unit and sign convention, nor which fallback the task allows. The processor therefore serves
// only tasks it knows, from this small registry (an unknown id or revision is 404
// TASK_NOT_SUPPORTED: guessing the target from a naming convention could forecast the wrong
// series under the wrong sign). `knownTaskOf` derives an entry from a task declaration, so a
// composition root can register the tasks of its pack.
import type { DataProcessingTask, SignConvention } from "../../generated/types.js";
import type { FallbackStrategy } from "./model/index.js";

export interface KnownTask {
  id: string;
  revision: number;
  /** The target: a numeric history feature of this name, in this unit; the output's unit and sign convention. */
  target: { name: string; unit: string; sign_convention: SignConvention };
  /** The fallback the task allows, when it allows one this processor implements. */
  fallback?: { strategy: FallbackStrategy; source_feature: string; max_output_age_seconds?: number };
  /** The task's output.expires_after_seconds, when known: a result never outlives it. */
  expires_after_seconds?: number;
}

const IMPLEMENTED: readonly FallbackStrategy[] = ["persistence", "historical_average"];

/** The registry entry of a task declaration: its target and output policy. */
export function knownTaskOf(task: DataProcessingTask): KnownTask {
  const policy = (task.output.fallback_policies ?? []).find((p) => (IMPLEMENTED as readonly string[]).includes(p.strategy) && p.version === "1");
  return {
    id: task.id,
    revision: task.revision,
    target: { name: task.target.name, unit: task.output.unit, sign_convention: task.output.sign_convention },
    ...(policy === undefined
      ? {}
      : { fallback: { strategy: policy.strategy as FallbackStrategy, source_feature: policy.source_feature, max_output_age_seconds: policy.max_output_age_seconds } }),
    expires_after_seconds: task.output.expires_after_seconds,
  };
}

/**
 * The default registry: the demo pack's tasks (examples/packs/demo/tasks/) and the contracts'
 * sample task (test/fixtures/contracts/task.json, the one the documentation's examples use).
 * test/processor checks each entry against its declaration.
 */
export const REFERENCE_TASKS: readonly KnownTask[] = [
  {
    id: "site-load-forecast",
    revision: 1,
    target: { name: "site_load", unit: "kW", sign_convention: "positive_consumption" },
    fallback: { strategy: "persistence", source_feature: "site_load", max_output_age_seconds: 900 },
    expires_after_seconds: 3600,
  },
  {
    id: "pv-forecast",
    revision: 1,
    target: { name: "pv_power", unit: "kW", sign_convention: "positive_generation" },
    fallback: { strategy: "persistence", source_feature: "pv_power", max_output_age_seconds: 900 },
    expires_after_seconds: 3600,
  },
  {
    id: "sample-load-forecast",
    revision: 1,
    target: { name: "site_load", unit: "kW", sign_convention: "positive_consumption" },
    fallback: { strategy: "persistence", source_feature: "site_load", max_output_age_seconds: 900 },
    expires_after_seconds: 3600,
  },
];

export function findKnownTask(tasks: readonly KnownTask[], id: string, revision: number): KnownTask | undefined {
  return tasks.find((t) => t.id === id && t.revision === revision);
}
