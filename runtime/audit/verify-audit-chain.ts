// Checks a run of the audit chain: consecutive sequences, each digest recomputed from the
// previous one. Any altered field, added field, removed, inserted or reordered event breaks it.
import type { AuditEvent } from "./audit-event.js";
import { computeEvidenceDigest, toCanonicalAuditJson } from "./evidence-digest.js";

export type ChainVerdict = { ok: true } | { ok: false; sequence: string; reason: string };

const DECIMAL = /^[1-9]\d*$/;

/**
 * `events` in the order of the chain, from its first event (previousDigest "") or from the event
 * after the one whose digest is `previousDigest`. The chain spans every tenant: a page filtered
 * by tenant, project or anything else is not a run of it.
 */
export function verifyAuditChain(events: readonly AuditEvent[], previousDigest = ""): ChainVerdict {
  let previous = previousDigest;
  let expected: bigint | undefined = previousDigest === "" ? 1n : undefined;
  for (const event of events) {
    const { evidenceDigest, ...unsealed } = event;
    const sequence = String(event.sequence);
    if (typeof event.sequence !== "string" || !DECIMAL.test(sequence)) {
      return { ok: false, sequence, reason: "the sequence is not a canonical decimal string" };
    }
    if (expected !== undefined && BigInt(sequence) !== expected) {
      return { ok: false, sequence, reason: `expected sequence ${expected}: an event is missing, inserted or out of order` };
    }
    let canonicalJson: string;
    try {
      canonicalJson = toCanonicalAuditJson(unsealed);
    } catch (error) {
      return { ok: false, sequence, reason: `the event has no canonical JSON (${(error as Error).message})` };
    }
    const digest = computeEvidenceDigest(previous, canonicalJson);
    if (evidenceDigest !== digest) {
      return { ok: false, sequence, reason: "evidenceDigest does not match the event and the previous digest: the event or one before it was altered" };
    }
    previous = digest;
    expected = BigInt(sequence) + 1n;
  }
  return { ok: true };
}
