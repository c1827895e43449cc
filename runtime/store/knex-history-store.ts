// Execution history in the `rule_history` table (migrations/002-rule-history.ts).
// appendBatch is the group commit's write (runtime/history/history-writer.ts): one transaction,
// one INSERT ... SELECT per ROWS_PER_INSERT rows, whose rows come as ONE bound JSON text (an
// array of [rule_id, started_at, finished_at, trigger, success, result text, error text] arrays)
// that the database unpacks: binding seven values a row cost the service's main thread more than
// all the rest of the row's path (issue 19: 7,000 values converted one by one per statement),
// while the JSON text is built in one pass and parsed in the database's own thread or process.
// The ids come back with RETURNING id. Neither database documents the order of RETURNING's output,
// so the ids are sorted: both give each row its default id as the rows are inserted, in the order
// of the array (ORDER BY its index; SQLite: one more than the largest rowid, under the write lock
// this IMMEDIATE transaction holds from BEGIN; PostgreSQL: nextval per row, increasing within a
// session), so the sorted ids are the rows' ids in the order given.
// test/history/history-writer.test.ts checks each id against its row's content on both.
import type { Knex } from "knex";
import type { Transact } from "./knex-audit-store.js";
import { parseJsonText, parseNullableJsonText, toBoolean, toInteger, toJsonText, toNullableJsonText, toText, toTimestamp } from "./columns.js";
import { isIdInRange } from "./id-ranges.js";
import type { Dialect, ExecutionTrigger, HistoryEntry, HistoryRow, HistoryStore } from "./store.js";

type Row = Record<string, unknown>;

/** Rows per INSERT statement of a batch. */
export const ROWS_PER_INSERT = 1000;
const COLUMNS = '"rule_history" ("rule_id", "started_at", "finished_at", "trigger", "success", "result", "error")';
// The JSON array's elements unpacked in its order, one row each; result and error come back as
// the very text given. SQLite takes them as the JSON they are (no second escaping) and gives each
// back as its own text (`->`). PostgreSQL refuses some escapes a result may hold (\u0000) inside
// its json values, so there they travel as JSON strings, unescaped again by `->>`.
const INSERT_FROM_JSON: Record<Dialect, string> = {
  sqlite:
    `INSERT INTO ${COLUMNS} SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[4]', value -> '$[5]', ` +
    `CASE json_type(value, '$[6]') WHEN 'null' THEN NULL ELSE value -> '$[6]' END FROM json_each(?) ORDER BY key RETURNING "id"`,
  postgres:
    `INSERT INTO ${COLUMNS} SELECT (r->>0)::integer, (r->>1)::timestamptz, (r->>2)::timestamptz, r->>3, (r->>4)::boolean, r->>5, r->>6 ` +
    `FROM json_array_elements(?::json) WITH ORDINALITY AS e(r, n) ORDER BY n RETURNING "id"`,
};

/**
 * The rows as the JSON text INSERT_FROM_JSON unpacks: `[rule_id, started_at, finished_at,
 * trigger, success, result, error]` each; result and error as the JSON they are (SQLite) or as
 * strings (PostgreSQL). A field of the wrong type fails the INSERT (NOT NULL, a cast, malformed
 * JSON), as a bound value would.
 */
export function historyRowsJson(rows: readonly HistoryRow[], dialect: Dialect): string {
  const raw = dialect === "sqlite";
  let text = "[";
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const result = raw ? row.result : JSON.stringify(row.result);
    const error = raw ? (row.error ?? "null") : JSON.stringify(row.error);
    text += `${i === 0 ? "" : ","}[${JSON.stringify(row.rule_id) ?? "null"},${JSON.stringify(row.started_at) ?? "null"},${JSON.stringify(row.finished_at) ?? "null"},${JSON.stringify(row.trigger) ?? "null"},${JSON.stringify(row.success) ?? "null"},${result ?? "null"},${error ?? "null"}]`;
  }
  return `${text}]`;
}

export function knexHistoryStore(db: () => Knex, transact: Transact, dialect: Dialect): HistoryStore {
  const history = () => db()("rule_history");
  return {
    async appendBatch(rows) {
      if (rows.length === 0) return [];
      return transact(async (trx) => {
        const ids: number[] = [];
        for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
          const chunk = rows.slice(from, from + ROWS_PER_INSERT);
          const answer = (await trx.raw(INSERT_FROM_JSON[dialect], [historyRowsJson(chunk, dialect)])) as Row[] | { rows: Row[] };
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
