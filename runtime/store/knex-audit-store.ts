// The audit log in the `audit_events` table (migrations/004-audit-events.ts): each append is
// sealed onto the end of one hash chain, one at a time; lists page one tenant and project.
import type { Knex } from "knex";
import type { AuditEvent, AuditQuery, AuditStore, SequenceGap, StoredAuditRow } from "../audit/audit-event.js";
import { checkAuditEventInput, toEpochMs } from "../audit/check-audit-input.js";
import { sealAuditEvent } from "../audit/evidence-digest.js";
import { readAuditGuards } from "./audit-guards.js";
import { parseJsonText, StoreCorruptionError, toInteger, toText } from "./columns.js";
import type { Dialect } from "./store.js";

/** Runs `fn` in a database transaction: the enclosing one inside a Store transaction, else its own. */
export type Transact = <T>(fn: (db: Knex) => Promise<T>) => Promise<T>;

type Row = Record<string, unknown>;

/**
 * The end of the chain as this store last appended or read it, shared by the store and its
 * transactions. Only a guess (another process appends too; a transaction that appended may roll
 * back): an append sealed onto it is inserted only if it is still the end (insertAfter).
 */
export interface AuditTail {
  last?: { sequence: number; digest: string };
}

export function knexAuditStore(db: () => Knex, transact: Transact, dialect: Dialect, tail: AuditTail = {}): AuditStore {
  return {
    async append(input) {
      const checked = checkAuditEventInput(input);
      return transact(async (trx) => {
        // Appends are serialised so that two never read the same last event. On SQLite the
        // transaction began IMMEDIATE and holds the write lock already; on PostgreSQL this lock
        // waits for every other append's transaction to end and lets readers through.
        if (dialect === "postgres") await trx.raw("lock table audit_events in exclusive mode");
        // Sealed onto the end this store knows, the event is inserted in one statement that checks
        // the end is still that one (issue 19.5: one round trip fewer while the write lock is held);
        // otherwise the end is read, as always.
        const known = tail.last;
        if (known !== undefined) {
          const sealed = seal(checked, known.sequence, known.digest);
          if (await insertAfter(trx, sealed.row, known)) {
            tail.last = { sequence: sealed.row.sequence, digest: sealed.event.evidenceDigest };
            return sealed.event;
          }
        }
        const last: Row | undefined = await trx("audit_events").select("sequence", "evidence_digest").orderBy("sequence", "desc").first();
        const lastSequence = last === undefined ? 0 : toInteger(last.sequence, "audit_events.sequence");
        const previousDigest = last === undefined ? "" : toText(last.evidence_digest, `audit_events.evidence_digest (sequence ${lastSequence})`);
        const { event, row } = seal(checked, lastSequence, previousDigest);
        await trx("audit_events").insert(row);
        tail.last = { sequence: row.sequence, digest: event.evidenceDigest };
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

    async readChain(range) {
      checkSequence("after", range.after, 0);
      if (range.through !== undefined) checkSequence("through", range.through, 0);
      checkSequence("limit", range.limit, 1);
      const select = db()("audit_events").select("sequence", "event_json", "evidence_digest").where("sequence", ">", range.after);
      if (range.through !== undefined) select.where("sequence", "<=", range.through);
      const rows: Row[] = await select.orderBy("sequence").limit(range.limit);
      return rows.map(toStoredRow);
    },

    async readChainAt(sequences) {
      if (sequences.length > 1000) throw new RangeError("audit readChainAt: at most 1000 sequences");
      for (const sequence of sequences) checkSequence("sequence", sequence, 1);
      if (sequences.length === 0) return [];
      const rows: Row[] = await db()("audit_events").select("sequence", "event_json", "evidence_digest").whereIn("sequence", [...sequences]).orderBy("sequence");
      return rows.map(toStoredRow);
    },

    async gaps(from, to) {
      checkSequence("from", from, 1);
      checkSequence("to", to, 1);
      return from > to ? [] : findGaps(db(), from, to);
    },

    async lastSequence() {
      const last: Row | undefined = await db()("audit_events").max({ sequence: "sequence" }).first();
      return last === undefined || last.sequence === null ? 0 : toInteger(last.sequence, "audit_events.sequence");
    },

    guardsIntact: () => readAuditGuards(db(), dialect),
  };
}

/** The event sealed as the one after (lastSequence, previousDigest), and its row. */
function seal(checked: ReturnType<typeof checkAuditEventInput>, lastSequence: number, previousDigest: string) {
  if (lastSequence >= Number.MAX_SAFE_INTEGER) throw new StoreCorruptionError("audit_events: the sequence cannot pass 2^53 - 1");
  const sequence = lastSequence + 1;
  const { event, canonicalJson } = sealAuditEvent({ ...checked, sequence: String(sequence) }, previousDigest);
  const row = {
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
  };
  return { event, row };
}

type AuditRow = ReturnType<typeof seal>["row"];
const AUDIT_COLUMNS = ["sequence", "occurred_at", "tenant_id", "project_id", "action", "resource_kind", "resource_id", "subject_id", "event_json", "evidence_digest"] as const;

/**
 * Inserts `row` only if the chain still ends at `after` (that sequence with that digest, and none
 * later): whether it did. The audit rows are append-only (migration 004's triggers), so that end
 * is the event the row was sealed onto.
 */
async function insertAfter(trx: Knex, row: AuditRow, after: { sequence: number; digest: string }): Promise<boolean> {
  const inserted = (await trx.raw(
    `insert into audit_events (${AUDIT_COLUMNS.join(", ")}) select ${AUDIT_COLUMNS.map(() => "?").join(", ")} ` +
      "where exists (select 1 from audit_events where sequence = ? and evidence_digest = ?) and not exists (select 1 from audit_events where sequence > ?) returning sequence",
    [...AUDIT_COLUMNS.map((column) => row[column]), after.sequence, after.digest, after.sequence],
  )) as Row[] | { rows: Row[] };
  return (Array.isArray(inserted) ? inserted : inserted.rows).length === 1;
}

// The holes between stored sequences come from one window query (both databases have lead()),
// so a long run of another tenant's events is never read row by row.
async function findGaps(db: Knex, from: number, to: number): Promise<SequenceGap[]> {
  const bounds: Row | undefined = await db("audit_events").min({ low: "sequence" }).max({ high: "sequence" }).whereBetween("sequence", [from, to]).first();
  if (bounds === undefined || bounds.low === null || bounds.low === undefined) return [{ from: String(from), to: String(to) }];
  const low = toInteger(bounds.low, "audit_events.sequence");
  const high = toInteger(bounds.high, "audit_events.sequence");
  const gaps: SequenceGap[] = low > from ? [{ from: String(from), to: String(low - 1) }] : [];
  const holes: Row[] = await db
    .select("sequence", "next")
    .from(db("audit_events").select("sequence").select(db.raw("lead(sequence) over (order by sequence) as next")).whereBetween("sequence", [from, to]).as("runs"))
    .whereRaw("next > sequence + 1")
    .orderBy("sequence")
    .limit(1000);
  for (const hole of holes) {
    gaps.push({ from: String(toInteger(hole.sequence, "audit_events.sequence") + 1), to: String(toInteger(hole.next, "audit_events.sequence") - 1) });
  }
  if (high < to) gaps.push({ from: String(high + 1), to: String(to) });
  return gaps;
}

function toStoredRow(row: Row): StoredAuditRow {
  const sequence = String(toInteger(row.sequence, "audit_events.sequence"));
  // A damaged column is verification's finding, not a read failure.
  return { sequence, eventJson: typeof row.event_json === "string" ? row.event_json : String(row.event_json), evidenceDigest: typeof row.evidence_digest === "string" ? row.evidence_digest : String(row.evidence_digest) };
}

function checkSequence(name: string, value: number, min: number): void {
  if (!(Number.isSafeInteger(value) && value >= min)) throw new RangeError(`audit chain: ${name} must be an integer of at least ${min}, got ${String(value)}`);
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
