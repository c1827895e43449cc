// Execution history in the `rule_history` table (migrations/002-rule-history.ts).
// appendBatch is the group commit's write (runtime/history/history-writer.ts): one transaction,
// multi-row INSERT ... VALUES statements of ROWS_PER_INSERT rows (7 bind variables each: 7,000 per statement, under
// SQLite's limit of 32,766 and PostgreSQL's 65,535). The ids come back with RETURNING id. Neither
// database documents the order of RETURNING's output, so the ids are sorted: both give each row
// its default id as the VALUES list is scanned, in order (SQLite: one more than the largest
// rowid, under the write lock this IMMEDIATE transaction holds from BEGIN; PostgreSQL: nextval
// per row, increasing within a session), so the sorted ids are the rows' ids in the order given.
// test/history/history-writer.test.ts checks each id against its row's content on both.
import type { Knex } from "knex";
import type { Transact } from "./knex-audit-store.js";
import { parseJsonText, parseNullableJsonText, toBoolean, toInteger, toJsonText, toNullableJsonText, toText, toTimestamp } from "./columns.js";
import { isIdInRange } from "./id-ranges.js";
import type { ExecutionTrigger, HistoryEntry, HistoryStore } from "./store.js";

type Row = Record<string, unknown>;

/** Rows per INSERT statement of a batch. */
export const ROWS_PER_INSERT = 1000;
// Written by hand: knex's multi-row insert on SQLite is a compound SELECT (UNION ALL), which SQLite
// limits to 500 terms and plans more slowly than a VALUES list.
const INSERT_HEAD = 'INSERT INTO "rule_history" ("rule_id", "started_at", "finished_at", "trigger", "success", "result", "error") VALUES ';
const VALUES_ROW = "(?, ?, ?, ?, ?, ?, ?)";

export function knexHistoryStore(db: () => Knex, transact: Transact): HistoryStore {
  const history = () => db()("rule_history");
  return {
    async appendBatch(rows) {
      if (rows.length === 0) return [];
      return transact(async (trx) => {
        const ids: number[] = [];
        for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
          const chunk = rows.slice(from, from + ROWS_PER_INSERT);
          const bindings: Knex.RawBinding[] = [];
          for (const row of chunk) bindings.push(row.rule_id, row.started_at, row.finished_at, row.trigger, row.success, row.result, row.error);
          const answer = (await trx.raw(`${INSERT_HEAD}${VALUES_ROW}${`,${VALUES_ROW}`.repeat(chunk.length - 1)} RETURNING "id"`, bindings)) as Row[] | { rows: Row[] };
          const returned = Array.isArray(answer) ? answer : answer.rows; // SQLite: the rows; pg: a result
          if (returned.length !== chunk.length) throw new Error(`rule_history: ${chunk.length} rows inserted, ${returned.length} ids returned`);
          const chunkIds = returned.map((row) => toInteger(row.id, "rule_history.id")).sort((a, b) => a - b);
          for (const id of chunkIds) ids.push(id);
        }
        return ids;
      });
    },

    async prune({ startedBefore, upToId }, limit) {
      if (startedBefore === undefined && upToId === undefined) return 0;
      // The oldest rows by id (the primary key: no scan); the run of those that match ends the delete.
      const oldest = (await history().select("id", "started_at").orderBy("id", "asc").limit(limit)) as Row[];
      let last: number | undefined;
      for (const row of oldest) {
        const id = toInteger(row.id, "rule_history.id");
        const byId = upToId !== undefined && id <= upToId;
        const byAge = startedBefore !== undefined && toTimestamp(row.started_at, `rule_history.started_at (id ${id})`) < startedBefore;
        if (!byId && !byAge) break;
        last = id;
      }
      if (last === undefined) return 0;
      return history().where("id", "<=", last).delete();
    },

    async append(entry) {
      const [row] = await history()
        .insert({
          rule_id: entry.rule_id,
          started_at: entry.started_at,
          finished_at: entry.finished_at,
          trigger: entry.trigger,
          success: entry.success,
          result: toJsonText(entry.result, "rule_history.result"),
          error: toNullableJsonText(entry.error, "rule_history.error"),
        })
        .returning("id");
      return toInteger(row?.id, "rule_history.id");
    },

    async list(ruleId, { afterId, beforeId, limit, order = "asc" }) {
      // No rule has an id beyond its column's range (32-bit on PostgreSQL, which would fail on it).
      if (ruleId !== undefined && !isIdInRange(ruleId, "rule")) return [];
      const query = history().orderBy("id", order).limit(limit);
      if (ruleId !== undefined) query.where({ rule_id: ruleId });
      if (afterId !== undefined) query.where("id", ">", afterId);
      if (beforeId !== undefined) query.where("id", "<", beforeId);
      return (await query).map(toEntry);
    },

    async latestId() {
      const row = (await history().max({ id: "id" }).first()) as Row | undefined;
      return row?.id === null || row?.id === undefined ? 0 : toInteger(row.id, "max(rule_history.id)");
    },
  };
}

function toEntry(row: Row): HistoryEntry {
  const id = toInteger(row.id, "rule_history.id");
  const column = (name: string) => `rule_history.${name} (id ${id})`;
  return {
    id,
    rule_id: toInteger(row.rule_id, column("rule_id")),
    started_at: toTimestamp(row.started_at, column("started_at")),
    finished_at: toTimestamp(row.finished_at, column("finished_at")),
    trigger: toText(row.trigger, column("trigger")) as ExecutionTrigger,
    success: toBoolean(row.success, column("success")),
    result: parseJsonText(row.result, column("result")),
    error: parseNullableJsonText(row.error, column("error")),
  };
}
