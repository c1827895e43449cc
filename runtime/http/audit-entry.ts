// The audit event of an HTTP mutation: who (from the identity, never the request), what, on
// which resource, how risky, whether it was confirmed, and the request's correlation.
import type { AuditConfirmation, AuditEventInput, AuditOutcome, AuditRisk } from "../audit/audit-event.js";
import type { Identity } from "../auth/identity.js";
import type { RuleAction } from "../rules/rule-service.js";

/** `rule.batch`: a refused POST /api/rules/batch (an accepted one records each rule's own action). */
export type MutationAction = RuleAction | "rule.batch" | "rule.execute" | "scheduler.reload" | "data_processing.process";

/**
 * Enabling or executing a rule writes to equipment; deleting loses work; a reload changes nothing
 * stored. A processing call sends site data to a processor and stores derived data, but never
 * writes live state, history or devices (spec: capability data_processing.process, risk Medium).
 */
export const ACTION_RISK: Readonly<Record<MutationAction, AuditRisk>> = {
  "rule.create": "low",
  "rule.update": "medium",
  "rule.delete": "high",
  "rule.enable": "high",
  "rule.disable": "medium",
  "rule.execute": "high",
  // A batch may enable and delete rules: as risky as the riskiest operation it may hold.
  "rule.batch": "high",
  "scheduler.reload": "low",
  "data_processing.process": "medium",
};

export interface AuditContext {
  identity: Identity;
  confirmation: AuditConfirmation;
  correlationId: string;
  traceId?: string;
  now: number;
}

export function auditEvent(context: AuditContext, action: MutationAction, resource: { kind: string; id: string | null }, outcome: AuditOutcome): AuditEventInput {
  const { identity } = context;
  return {
    occurredAt: new Date(context.now).toISOString(),
    tenantId: identity.tenantId,
    projectId: identity.projectId,
    subject: { id: identity.subject, role: identity.role },
    action,
    resource,
    outcome,
    risk: ACTION_RISK[action],
    confirmation: context.confirmation,
    correlationId: context.correlationId,
    ...(context.traceId !== undefined ? { traceId: context.traceId } : {}),
  };
}
