// The hash chain's two pure steps: an event's canonical JSON (RFC 8785) and its evidence digest.
// The digest covers the event with its sequence and without its own digest, so an event cannot
// be moved to another place in the chain without breaking it.
import { createHash } from "node:crypto";
import { toCanonicalJson } from "../../compiler/jcs/canonical-json.js";
import type { AuditEvent } from "./audit-event.js";

/** An event before the store seals it: everything the digest covers. */
export type UnsealedAuditEvent = Omit<AuditEvent, "evidenceDigest">;

/**
 * RFC 8785 canonical JSON of the event: keys sorted by UTF-16 code units, no whitespace.
 * Properties holding `undefined` are left out, as JSON.stringify does, so an absent optional
 * field and one set to undefined hash the same.
 */
export function toCanonicalAuditJson(event: UnsealedAuditEvent): string {
  return toCanonicalJson(event);
}

/** Lower-case hex sha256 of the previous event's digest ("" for the first) and this event's canonical JSON. */
export function computeEvidenceDigest(previousDigest: string, canonicalJson: string): string {
  return createHash("sha256").update(previousDigest + canonicalJson, "utf8").digest("hex");
}

/** The event as the chain stores it: the canonical JSON it was sealed over, and its digest. */
export function sealAuditEvent(event: UnsealedAuditEvent, previousDigest: string): { event: AuditEvent; canonicalJson: string } {
  const canonicalJson = toCanonicalAuditJson(event);
  return { event: { ...event, evidenceDigest: computeEvidenceDigest(previousDigest, canonicalJson) }, canonicalJson };
}
