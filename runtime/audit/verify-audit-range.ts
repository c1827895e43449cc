// Verifies the stored chain, or a range of it, a page at a time: a large log is never held in
// memory at once. The store is passed in as a reader; every decision is verifyAuditChain's.
import type { AuditEvent, StoredAuditRow } from "./audit-event.js";
import { gapReason, verifyAuditChain, type ChainBreakKind } from "./verify-audit-chain.js";

/** What GET /api/v1/audit/verify answers (schemas/audit-chain-verdict.schema.json). */
export interface AuditChainReport {
  ok: boolean;
  /** First sequence of the range, decimal. */
  from: string;
  /** Last sequence examined (the range's end, or the last stored event), null when there was none. */
  to: string | null;
  /** Events verified before the end or the first break. */
  checked: number;
  /** The first event that breaks the chain, null when intact. */
  firstBroken: { sequence: string; kind: ChainBreakKind; reason: string } | null;
  /** The last verified event: record its digest elsewhere to detect a later cut at the tail. */
  last: { sequence: string; evidenceDigest: string } | null;
}

export interface AuditChainReader {
  readChain(range: { after: number; through?: number; limit: number }): Promise<StoredAuditRow[]>;
  readChainAt(sequences: readonly number[]): Promise<StoredAuditRow[]>;
}

export interface VerifyRange {
  /** First sequence, default 1. */
  from?: number;
  /** Last sequence, default the last stored. */
  to?: number;
  /** Rows read per query; default 1,000. */
  pageSize?: number;
}

export async function verifyStoredAuditChain(reader: AuditChainReader, range: VerifyRange = {}): Promise<AuditChainReport> {
  const from = range.from ?? 1;
  const pageSize = range.pageSize ?? 1000;
  const report: AuditChainReport = { ok: true, from: String(from), to: null, checked: 0, firstBroken: null, last: null };
  let previous = "";
  if (from > 1) {
    const [before] = await reader.readChainAt([from - 1]);
    if (before === undefined) {
      // Past the end of the log there is nothing to verify; before an event, a missing one is a gap.
      const [first] = await reader.readChain({ after: from - 1, limit: 1 });
      if (first === undefined) return report;
      if (range.to !== undefined && Number(first.sequence) > range.to) return missingUpTo(report, from, range.to);
      return broken(report, first.sequence, "sequence-gap", `event ${from - 1} is missing, so the link of event ${first.sequence} cannot be checked`);
    }
    previous = before.evidenceDigest;
  }
  let after = from - 1;
  for (;;) {
    const rows = await reader.readChain({ after, ...(range.to !== undefined ? { through: range.to } : {}), limit: pageSize });
    if (rows.length === 0) {
      // The range runs out before its end: the end of the log, or its last sequences are missing
      // while later ones exist (the range is contiguous up to min(to, last stored)).
      if (range.to === undefined || after >= range.to) return report;
      const [next] = await reader.readChain({ after, limit: 1 });
      return next === undefined ? report : missingUpTo(report, after + 1, range.to);
    }
    for (const row of rows) {
      const event = toAuditEvent(row);
      const verdict = typeof event === "string" ? ({ ok: false, sequence: row.sequence, kind: "malformed", reason: event } as const) : verifyAuditChain([event], previous, String(after + 1));
      report.to = row.sequence;
      if (!verdict.ok) return broken(report, verdict.sequence, verdict.kind, verdict.reason);
      report.checked += 1;
      report.last = { sequence: row.sequence, evidenceDigest: row.evidenceDigest };
      previous = row.evidenceDigest;
      after = Number(row.sequence);
    }
  }
}

/** The event a stored row holds, or why it holds none. Pure. */
export function toAuditEvent(row: StoredAuditRow): AuditEvent | string {
  let event: unknown;
  try {
    event = JSON.parse(row.eventJson);
  } catch {
    return "event_json is not JSON";
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) return "event_json is not an object";
  if ((event as { sequence?: unknown }).sequence !== row.sequence) return `event_json holds sequence ${JSON.stringify((event as { sequence?: unknown }).sequence)}, not ${row.sequence}`;
  return { ...(event as Omit<AuditEvent, "evidenceDigest">), evidenceDigest: row.evidenceDigest };
}

/** Sequences `first` to `last` of the range are missing while a later event is stored. */
function missingUpTo(report: AuditChainReport, first: number, last: number): AuditChainReport {
  return broken({ ...report, to: String(last) }, String(first), "sequence-gap", gapReason(BigInt(first), BigInt(last) + 1n));
}

function broken(report: AuditChainReport, sequence: string, kind: ChainBreakKind, reason: string): AuditChainReport {
  return { ...report, ok: false, to: report.to ?? sequence, firstBroken: { sequence, kind, reason } };
}
