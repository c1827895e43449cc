// The start-up check: the last events of the audit chain are verified (a bounded tail, so a long
// log does not delay the start) and a broken chain is reported as one alarm line. The service
// starts either way: refusing to start would hand anyone who can write the table an off switch.
import type { AuditStore } from "./audit-event.js";
import { verifyStoredAuditChain, type AuditChainReport } from "./verify-audit-range.js";

/** How many of the newest events the start-up check verifies (and the link to the one before them). */
export const AUDIT_TAIL_EVENTS = 1000;

/** The report of the tail, and the alarm line to log when the chain is broken or unreadable. */
export async function verifyAuditTail(store: Pick<AuditStore, "lastSequence" | "readChain" | "readChainAt">, events = AUDIT_TAIL_EVENTS): Promise<{ report?: AuditChainReport; alarm?: string }> {
  try {
    const last = await store.lastSequence();
    if (last === 0) return {};
    const from = Math.max(1, last - events + 1);
    const report = await verifyStoredAuditChain(store, { from, to: last });
    return report.firstBroken === null ? { report } : { report, alarm: describeAlarm(report, from, last) };
  } catch (error) {
    return { alarm: `ALARM audit chain: the last ${events} events could not be verified: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function describeAlarm(report: AuditChainReport, from: number, last: number): string {
  const broken = report.firstBroken!;
  // Verification stops at the first break: say what was verified, not what was meant to be.
  const verified = report.last === null ? `verified no event of ${from}-${last} at start-up before the break` : `verified events ${from}-${report.last.sequence} of ${from}-${last} at start-up and stopped at the break`;
  return `ALARM audit chain broken at sequence ${broken.sequence} (${broken.kind}): ${broken.reason}. The service ${verified}; run \`svc audit verify\` for the whole chain (docs/audit.md, "Tamper evidence").`;
}
