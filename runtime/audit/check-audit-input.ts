// The store's guard on what it seals: the service builds audit events itself, so a malformed one
// is a bug, reported naming the field before anything is hashed or written. The copy keeps only
// the contract's fields, and leaves an absent optional field absent (never `traceId: undefined`).
import type { AuditConfirmation, AuditEventInput, AuditOutcome, AuditRisk } from "./audit-event.js";

export class InvalidAuditEventError extends Error {
  override name = "InvalidAuditEventError";
}

const OUTCOMES: readonly AuditOutcome[] = ["allowed", "denied", "invalid"];
const RISKS: readonly AuditRisk[] = ["low", "medium", "high"];
const CONFIRMATIONS: readonly AuditConfirmation[] = ["confirmed", "not-required", "missing", "unknown"];
const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// With the u flag a well-formed pair is one code point, so only a lone surrogate matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** A clean copy of a valid input; throws InvalidAuditEventError naming the first bad field. */
export function checkAuditEventInput(input: AuditEventInput): AuditEventInput {
  const value = input as unknown as Record<string, unknown>;
  if (typeof value !== "object" || value === null) fail("the event", "an object", value);
  const subject = objectAt(value, "subject");
  const resource = objectAt(value, "resource");
  const checked: AuditEventInput = {
    occurredAt: timestampAt(value, "occurredAt"),
    tenantId: textAt(value, "tenantId"),
    projectId: textAt(value, "projectId"),
    subject: { id: textAt(subject, "id", "subject."), role: textAt(subject, "role", "subject.") },
    action: textAt(value, "action"),
    resource: { kind: textAt(resource, "kind", "resource."), id: resource["id"] === null ? null : textAt(resource, "id", "resource.") },
    outcome: oneOf(value, "outcome", OUTCOMES),
    risk: oneOf(value, "risk", RISKS),
    confirmation: oneOf(value, "confirmation", CONFIRMATIONS),
    correlationId: textAt(value, "correlationId"),
  };
  if (value["traceId"] !== undefined) checked.traceId = textAt(value, "traceId");
  return checked;
}

/** Epoch milliseconds of an RFC 3339 UTC timestamp with milliseconds (checked by checkAuditEventInput). */
export function toEpochMs(occurredAt: string): number {
  return Date.parse(occurredAt);
}

function textAt(record: Record<string, unknown>, key: string, prefix = ""): string {
  const value = record[key];
  if (typeof value !== "string" || value === "") fail(prefix + key, "a non-empty string", value);
  if (LONE_SURROGATE.test(value)) fail(prefix + key, "well-formed Unicode (it has a lone surrogate)", value);
  return value;
}

function objectAt(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = record[key];
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(key, "an object", value);
  return value as Record<string, unknown>;
}

function timestampAt(record: Record<string, unknown>, key: string): string {
  const value = textAt(record, key);
  // The round trip rejects dates that do not exist (2026-02-30) and keeps the text canonical.
  const ms = RFC3339_MS.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== value) fail(key, "an RFC 3339 UTC timestamp with milliseconds (2026-01-02T03:04:05.006Z)", value);
  return value;
}

function oneOf<T extends string>(record: Record<string, unknown>, key: string, allowed: readonly T[]): T {
  const value = record[key];
  if (!allowed.includes(value as T)) fail(key, `one of ${allowed.join(", ")}`, value);
  return value as T;
}

function fail(field: string, expected: string, value: unknown): never {
  throw new InvalidAuditEventError(`audit event: ${field} must be ${expected}, got ${show(value)}`);
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value); // a bigint or a cycle
  }
}
