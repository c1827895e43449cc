// Applies the writes of a sync plan as one request, POST /api/rules/batch (issue 19.1): the
// service makes every change in one transaction, or none, and reloads the scheduler once. So the
// outcome is all or nothing: every write applied (with the ids of created rules), or none, with
// the service's error and, when it names one, the write it refused.
import type { ReloadSummary, RuleOperation } from "../../generated/types.js";
import type { ApiClient, Confirmed, RuleChanges } from "../api/api-client.js";
import { ApiError, ServiceFailure } from "../api/api-errors.js";
import { isWrite, type DesiredRule, type PlanStep } from "./sync-plan.js";
import type { RefusedRule } from "./validate-plan.js";

export interface ApplyOutcome {
  /** The writes made, with the ids of created rules filled in: all of them, or none. */
  applied: PlanStep[];
  /** The writes not made: none, or all of them. */
  notApplied: PlanStep[];
  failure?: {
    /** The write the service refused, when its answer names one (a flow its site refuses, a taken name). */
    step?: PlanStep;
    error: ApiError | ServiceFailure;
    /** A refusal of flows or triggers only: each refused write with its errors, placed as a dry run's validation. */
    refused?: RefusedRule[];
  };
  /** The batch's reload after its commit; null when nothing was applied. */
  reload: ReloadSummary | null;
}

/** The plan's writes as batch operations: a create carries its enable; `steps[k]` is operation k's write. */
export function batchOf(writes: readonly PlanStep[]): { operations: RuleOperation[]; steps: PlanStep[] } {
  const enabledOnCreate = new Set(writes.filter((s) => s.action === "enable" && s.id === null).map((s) => s.name));
  const operations: RuleOperation[] = [];
  const steps: PlanStep[] = [];
  for (const step of writes) {
    if (step.action === "create") operations.push({ op: "create", name: step.name, ...changesOf(step.rule!), flow_json: step.rule!.flow_json, enabled: enabledOnCreate.has(step.name) });
    else if (step.action === "enable" && step.id === null) continue;
    else if (step.action === "update") operations.push({ op: "update", id: step.id!, ...changedOf(step) });
    else operations.push({ op: step.action === "enable" ? "enable" : "delete", id: step.id! });
    steps.push(step);
  }
  return { operations, steps };
}

export async function applyPlan(plan: PlanStep[], client: ApiClient, confirmed: Confirmed): Promise<ApplyOutcome> {
  const writes = plan.filter(isWrite);
  if (writes.length === 0) return { applied: [], notApplied: [], reload: null };
  const { operations, steps } = batchOf(writes);
  try {
    const answer = await client.applyBatch(operations, confirmed);
    const created = new Map<string, number>();
    answer.results.forEach((result, k) => {
      if (steps[k]?.action === "create") created.set(steps[k]!.name, result.id);
    });
    return { applied: writes.map((s) => ({ ...s, id: s.id ?? created.get(s.name) ?? null })), notApplied: [], reload: answer.reload };
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof ServiceFailure)) throw error;
    const index = error instanceof ApiError ? error.details?.operation : undefined;
    const step = index === undefined ? undefined : steps[index];
    const refused = error instanceof ApiError ? refusedRules(error, steps) : undefined;
    return { applied: [], notApplied: writes, failure: { error, ...(step === undefined ? {} : { step }), ...(refused === undefined ? {} : { refused }) }, reload: null };
  }
}

const FLOW_OR_TRIGGER = /^\/operations\/(\d+)(\/flow_json|(?=\/trigger_config(?:\/|$)))(.*)$/;

/**
 * A batch refused for flows or triggers the service's site refuses (400 invalid-input, every
 * diagnostic under /operations/<k>/flow_json or /trigger_config): per write, its errors with the
 * paths POST /api/rules/validate gives (into the flow sent, or /trigger_config/...). Else undefined.
 */
function refusedRules(error: ApiError, steps: readonly PlanStep[]): RefusedRule[] | undefined {
  const diagnostics = error.details?.diagnostics ?? [];
  if (error.code !== "invalid-input" || diagnostics.length === 0) return undefined;
  const byStep = new Map<PlanStep, RefusedRule>();
  for (const d of diagnostics) {
    const match = FLOW_OR_TRIGGER.exec(d.path ?? "");
    const step = match === null ? undefined : steps[Number(match[1])];
    if (step?.rule === undefined) return undefined;
    if (d.severity !== "error") continue;
    // Into the flow sent (`/nodes/3/...`), or the trigger's own path.
    const entry = byStep.get(step) ?? { step, errors: [] };
    entry.errors.push({ ...d, path: match![3]! });
    byStep.set(step, entry);
  }
  return byStep.size === 0 ? undefined : [...byStep.values()];
}

/** Everything a file decides about a rule; its name is how it was matched, so it is not sent. */
function changesOf(rule: DesiredRule): RuleChanges {
  const { description, priority, cooldown_ms, trigger_config, flow_json } = rule;
  return { description, priority, cooldown_ms, trigger_config, flow_json };
}

/**
 * An update sends only what differs (issue 17): the service checks what a PUT brings, so a rule
 * whose stored flow no longer matches the service's site can still get a new priority.
 */
function changedOf(step: PlanStep): RuleChanges {
  const all = changesOf(step.rule!);
  const fields = new Set(step.changes ?? []);
  const changes: RuleChanges = {};
  if (fields.has("description")) changes.description = all.description;
  if (fields.has("priority")) changes.priority = all.priority;
  if (fields.has("cooldown_ms")) changes.cooldown_ms = all.cooldown_ms;
  if (fields.has("trigger_config")) changes.trigger_config = all.trigger_config;
  if (fields.has("flow")) changes.flow_json = all.flow_json;
  return changes;
}
