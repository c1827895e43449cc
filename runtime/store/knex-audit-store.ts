// The audit log in the `audit_events` table (migrations/004-audit-events.ts): each append is
// sealed onto the end of one hash chain, one at a time; lists page one tenant and project.
import type { Knex } from "knex";
import type { AuditEvent, AuditQuery, AuditStore } from "../audit/audit-event.js";
import { checkAuditEventInput, toEpochMs } from "../audit/check-audit-input.js";
import { sealAuditEvent } from "../audit/evidence-digest.js";
import { parseJsonText, StoreCorruptionError, toInteger, toText } from "./columns.js";
import type { Dialect } from "./store.js";

/** Runs `fn` in a database transaction: the enclosing one inside a Store transaction, else its own. */
export type Transact = <T>(fn: (db: Knex) => Promise<T>) => Promise<T>;

type Row = Record<string, unknown>;

export function knexAuditStore(db: () => Knex, transact: Transact, dialect: Dialect): AuditStore {
  return {
    async append(input) {
      const checked = checkAuditEventInput(input);
      return transact(async (trx) => {
        // Appends are serialised so that two never read the same last event. On SQLite the
        // transaction began IMMEDIATE and holds the write lock already; on PostgreSQL this lock
        // waits for every other append's transaction to end and lets readers through.
        if (dialect === "postgres") await trx.raw("lock table audit_events in exclusive mode");
        const last: Row | undefined = await trx("audit_events").select("sequence", "evidence_digest").orderBy("sequence", "desc").first();
        const lastSequence = last === undefined ? 0 : toInteger(last.sequence, "audit_events.sequence");
        const previousDigest = last === undefined ? "" : toText(last.evidence_digest, `audit_events.evidence_digest (sequence ${lastSequence})`);
        if (lastSequence >= Number.MAX_SAFE_INTEGER) throw new StoreCorruptionError("audit_events: the sequence cannot pass 2^53 - 1");
        const sequence = lastSequence + 1;
        const { event, canonicalJson } = sealAuditEvent({ ...checked, sequence: String(sequence) }, previousDigest);
        await trx("audit_events").insert({
          sequence,
          occurred_at: toEpochMs(checked.occurredAt),
          tenant_id: checked.tenantId,
          project_id: checked.projectId,
          action: checked.action,
          resource_kind: checked.resource.kind,
          resource_id: checked.resource.id,
          subject_id: checked.subject.id,
          event_json: canonicalJson,
          evidence_digest: event.evidenceDigest,
        });
        return event;
      });
    },

    async list(query) {
      checkQuery(query);
      const select = db()("audit_events").select("sequence", "event_json", "evidence_digest").where({ tenant_id: query.tenantId, project_id: query.projectId });
      if (query.action !== undefined) select.where({ action: query.action });
      if (query.resourceKind !== undefined) select.where({ resource_kind: query.resourceKind });
      if (query.resourceId !== undefined) select.where({ resource_id: query.resourceId });
      if (query.subjectId !== undefined) select.where({ subject_id: query.subjectId });
      if (query.from !== undefined) select.where("occurred_at", ">=", query.from);
      if (query.to !== undefined) select.where("occurred_at", "<", query.to);
      if (query.after !== undefined) select.where("sequence", ">", query.after);
      // One more than asked tells whether another page follows.
      const rows: Row[] = await select.orderBy("sequence").limit(query.limit + 1);
      const items = rows.slice(0, query.limit).map(toEvent);
      return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.sequence ?? null) : null };
    },
  };
}

/**
 * Every event of the chain, of all tenants, ascending from sequence `after` + 1: what
 * verifyAuditChain (runtime/audit/verify-audit-chain.ts) checks. For operators and tests.
 */
export async function readAuditChain(db: Knex, options: { after?: number; limit: number }): Promise<AuditEvent[]> {
  const rows: Row[] = await db("audit_events")
    .select("sequence", "event_json", "evidence_digest")
    .where("sequence", ">", options.after ?? 0)
    .orderBy("sequence")
    .limit(options.limit);
  return rows.map(toEvent);
}

function toEvent(row: Row): AuditEvent {
  const sequence = String(toInteger(row.sequence, "audit_events.sequence"));
  const column = (name: string) => `audit_events.${name} (sequence ${sequence})`;
  const event = parseJsonText(row.event_json, column("event_json"));
  if (typeof event !== "object" || event === null || (event as { sequence?: unknown }).sequence !== sequence) {
    throw new StoreCorruptionError(`${column("event_json")}: not the event of this sequence`);
  }
  return { ...(event as Omit<AuditEvent, "evidenceDigest">), evidenceDigest: toText(row.evidence_digest, column("evidence_digest")) };
}

function checkQuery(query: AuditQuery): void {
  const integer = (name: string, value: number | undefined, min: number) => {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= min)) {
      throw new RangeError(`audit query: ${name} must be an integer of at least ${min}, got ${String(value)}`);
    }
  };
  integer("limit", query.limit ?? Number.NaN, 1);
  integer("after", query.after, 0);
  integer("from", query.from, Number.MIN_SAFE_INTEGER);
  integer("to", query.to, Number.MIN_SAFE_INTEGER);
  if (typeof query.tenantId !== "string" || typeof query.projectId !== "string") throw new TypeError("audit query: tenantId and projectId are required");
}
