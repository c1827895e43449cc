// The start-up check of the audit table's append-only triggers: one alarm line when one is
// missing, disabled or changed. The service neither recreates them nor refuses to start: the
// operator finds out who removed them and why, then restores them (docs/audit.md, "The triggers").
import type { AuditGuardReport, AuditStore } from "./audit-event.js";

export async function checkAuditGuards(store: Pick<AuditStore, "guardsIntact">): Promise<{ report?: AuditGuardReport; alarm?: string }> {
  try {
    const report = await store.guardsIntact();
    if (report.intact) return { report };
    return { report, alarm: `ALARM audit append-only guards: ${report.problems.join("; ")}. Audit rows can be changed or deleted; the service does not recreate the triggers: restore them and run \`svc audit verify\` (docs/audit.md, "The triggers").` };
  } catch (error) {
    return { alarm: `ALARM audit append-only guards could not be checked: ${error instanceof Error ? error.message : String(error)}` };
  }
}
