// The audit event: one immutable record per mutation (and, later, per processing call), written
// in the same transaction as the change and before it. Events form a hash chain: each
// `evidenceDigest` is sha256(previous digest + RFC 8785 canonical JSON of the event).

/** allowed: it ran; denied: the role does not permit it; invalid: refused for its input or missing confirmation. */
export type AuditOutcome = "allowed" | "denied" | "invalid";
export type AuditRisk = "low" | "medium" | "high";
/** unknown: the request was refused before its confirmation could be read (a denied call's body is never read). */
export type AuditConfirmation = "confirmed" | "not-required" | "missing" | "unknown";

/** What the caller supplies; the store assigns `sequence` and `evidenceDigest`. */
export interface AuditEventInput {
  /** RFC 3339 UTC with milliseconds. */
  occurredAt: string;
  tenantId: string;
  projectId: string;
  subject: { id: string; role: string };
  /** Namespaced verb: rule.create, rule.update, rule.delete, rule.enable, rule.disable, rule.execute, scheduler.reload. */
  action: string;
  /** `id` is a decimal string (a rule id), or null for a resource without one. */
  resource: { kind: string; id: string | null };
  outcome: AuditOutcome;
  risk: AuditRisk;
  confirmation: AuditConfirmation;
  correlationId: string;
  traceId?: string;
}

export interface AuditEvent extends AuditEventInput {
  /** The audit sequence as a canonical decimal string (protocol int64 values are strings). */
  sequence: string;
  /** Lower-case hex sha256 of the previous event's digest (empty for the first) and this event's canonical JSON. */
  evidenceDigest: string;
}

export interface AuditQuery {
  /** Always from the authenticated identity. */
  tenantId: string;
  projectId: string;
  action?: string;
  resourceKind?: string;
  resourceId?: string;
  subjectId?: string;
  /** Epoch milliseconds, inclusive. */
  from?: number;
  /** Epoch milliseconds, exclusive. */
  to?: number;
  /** Events with a sequence greater than this. */
  after?: number;
  limit: number;
}

export interface AuditPage {
  /** Ascending by sequence. */
  items: AuditEvent[];
  /** The sequence of the last item when more may follow, else null. */
  nextCursor: string | null;
}

/** One stored row of the chain as the database holds it, unparsed: verification reports a damaged row instead of failing on it. */
export interface StoredAuditRow {
  /** The `sequence` column, decimal. */
  sequence: string;
  /** The canonical JSON the digest was computed over (without the digest). */
  eventJson: string;
  evidenceDigest: string;
}

/** Sequences missing from the chain, inclusive, decimal. */
export interface SequenceGap {
  from: string;
  to: string;
}

export interface AuditStore {
  /**
   * Appends one event to the chain and returns it. Inside a Store transaction the event commits or
   * rolls back with the change; appends are serialised so the chain stays linear.
   */
  append(event: AuditEventInput): Promise<AuditEvent>;
  list(query: AuditQuery): Promise<AuditPage>;
  /**
   * Rows of the whole chain (every tenant) with `after` < sequence <= `through`, ascending, at
   * most `limit`: what verification pages through.
   */
  readChain(range: { after: number; through?: number; limit: number }): Promise<StoredAuditRow[]>;
  /** The rows of these sequences that exist (at most 1,000 sequences), ascending. */
  readChainAt(sequences: readonly number[]): Promise<StoredAuditRow[]>;
  /** Sequences missing from the chain between `from` and `to` (inclusive, both stored or not). */
  gaps(from: number, to: number): Promise<SequenceGap[]>;
  /** The highest stored sequence, 0 when the log is empty. */
  lastSequence(): Promise<number>;
  /** Whether the database's append-only triggers exist, are enabled and are as the migration made them. */
  guardsIntact(): Promise<AuditGuardReport>;
}

/** The append-only guards of the audit table; `problems` names each one missing, disabled or changed. */
export interface AuditGuardReport {
  intact: boolean;
  problems: string[];
}
