// Checks a run of the audit chain: consecutive sequences, each digest recomputed from the
// previous one. Any altered field, added field, removed, inserted or reordered event breaks it.
import type { AuditEvent } from "./audit-event.js";
import { computeEvidenceDigest, toCanonicalAuditJson } from "./evidence-digest.js";

/**
 * Why a run of the chain is broken:
 * - `sequence-gap`: the sequence is not the one after its predecessor (an event is missing,
 *   inserted or out of order);
 * - `digest-mismatch`: the evidenceDigest does not follow from the event and the previous digest
 *   (this event was altered, or the one before it was altered and re-sealed: a bad link);
 * - `malformed`: the stored row is not an event of its sequence (not JSON, wrong sequence).
 */
export type ChainBreakKind = "sequence-gap" | "digest-mismatch" | "malformed";

export type ChainVerdict = { ok: true } | { ok: false; sequence: string; kind: ChainBreakKind; reason: string };

const DECIMAL = /^[1-9]\d*$/;

/**
 * `events` in the order of the chain, from its first event (previousDigest "") or from the event
 * after the one whose digest is `previousDigest`; `firstSequence` (decimal) says which sequence the
 * run must start at when it does not start at 1. The chain spans every tenant: a page filtered by
 * tenant, project or anything else is not a run of it.
 */
export function verifyAuditChain(events: readonly AuditEvent[], previousDigest = "", firstSequence?: string): ChainVerdict {
  let previous = previousDigest;
  let expected: bigint | undefined = firstSequence !== undefined && DECIMAL.test(firstSequence) ? BigInt(firstSequence) : previousDigest === "" ? 1n : undefined;
  for (const event of events) {
    const { evidenceDigest, ...unsealed } = event;
    const sequence = String(event.sequence);
    if (typeof event.sequence !== "string" || !DECIMAL.test(sequence)) {
      return { ok: false, sequence, kind: "malformed", reason: "the sequence is not a canonical decimal string" };
    }
    if (expected !== undefined && BigInt(sequence) !== expected) {
      return { ok: false, sequence, kind: "sequence-gap", reason: gapReason(expected, BigInt(sequence)) };
    }
    let canonicalJson: string;
    try {
      canonicalJson = toCanonicalAuditJson(unsealed);
    } catch (error) {
      return { ok: false, sequence, kind: "malformed", reason: `the event has no canonical JSON (${(error as Error).message})` };
    }
    const digest = computeEvidenceDigest(previous, canonicalJson);
    if (evidenceDigest !== digest) {
      return { ok: false, sequence, kind: "digest-mismatch", reason: "evidenceDigest does not match the event and the previous digest: the event or one before it was altered" };
    }
    previous = digest;
    expected = BigInt(sequence) + 1n;
  }
  return { ok: true };
}

/** Why `actual` cannot follow: the events from `expected` up to it are missing, or it is out of order. */
export function gapReason(expected: bigint, actual: bigint): string {
  if (actual > expected) {
    const missing = actual - 1n === expected ? `event ${expected} is missing` : `events ${expected} to ${actual - 1n} are missing`;
    return `expected sequence ${expected}: ${missing} (deleted, or the chain was renumbered)`;
  }
  return `expected sequence ${expected}: an event is inserted or out of order`;
}
