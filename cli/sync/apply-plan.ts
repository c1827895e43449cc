// Applies the writes of a sync plan in order, stopping at the first request that is refused or
// fails: the report says what was applied, what was not, and where it stopped. A rule is created
// in two requests (a stub, then its flow and settings); when the second fails, the stub stays.
import type { ApiClient, Confirmed, RuleChanges } from "../api/api-client.js";
import { ApiError, ServiceFailure } from "../api/api-errors.js";
import { isWrite, type DesiredRule, type PlanStep } from "./sync-plan.js";

export interface ApplyOutcome {
  /** The writes made, with the ids of created rules filled in. */
  applied: PlanStep[];
  /** The writes not made: the one that failed first, then the rest. */
  notApplied: PlanStep[];
  failure?: {
    step: PlanStep;
    error: ApiError | ServiceFailure;
    /** A create whose stub was made but whose flow was not written: the stub's id. */
    stubId?: number;
  };
}

export async function applyPlan(steps: PlanStep[], client: ApiClient, confirmed: Confirmed): Promise<ApplyOutcome> {
  const writes = steps.filter(isWrite);
  const created = new Map<string, number>();
  const applied: PlanStep[] = [];
  for (const [index, step] of writes.entries()) {
    let stubId: number | undefined;
    try {
      if (step.action === "create") {
        stubId = (await client.createRule({ name: step.name, description: step.rule!.description }, confirmed)).id;
        await client.updateRule(stubId, changesOf(step.rule!), confirmed);
        created.set(step.name, stubId);
        applied.push({ ...step, id: stubId });
        continue;
      }
      const id = step.id ?? created.get(step.name)!;
      if (step.action === "update") await client.updateRule(id, changedOf(step), confirmed);
      else if (step.action === "enable") await client.setEnabled(id, true, confirmed);
      else await client.deleteRule(id, confirmed);
      applied.push({ ...step, id });
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof ServiceFailure)) throw error;
      const failure = { step, error, ...(stubId === undefined ? {} : { stubId }) };
      return { applied, notApplied: writes.slice(index).map((s) => ({ ...s, id: s.id ?? created.get(s.name) ?? null })), failure };
    }
  }
  return { applied, notApplied: [] };
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
