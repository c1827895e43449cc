// Audit events for the tests: one valid input, varied through overrides.
import type { AuditEvent, AuditEventInput } from "../../runtime/audit/audit-event.js";
import { sealAuditEvent } from "../../runtime/audit/evidence-digest.js";

export const TENANT = { tenantId: "tenant-a", projectId: "project-1" };

export function auditInput(overrides: Partial<AuditEventInput> = {}): AuditEventInput {
  return {
    occurredAt: "2026-03-04T05:06:07.089Z",
    ...TENANT,
    subject: { id: "alice", role: "Engineer" },
    action: "rule.update",
    resource: { kind: "rule", id: "7" },
    outcome: "allowed",
    risk: "medium",
    confirmation: "confirmed",
    correlationId: "corr-1",
    ...overrides,
  };
}

/** A chain of `inputs` sealed the way the store seals them, from sequence 1. */
export function sealChain(inputs: readonly AuditEventInput[]): AuditEvent[] {
  const events: AuditEvent[] = [];
  for (const [index, input] of inputs.entries()) {
    events.push(sealAuditEvent({ ...input, sequence: String(index + 1) }, events.at(-1)?.evidenceDigest ?? "").event);
  }
  return events;
}
