// Execution history in the `rule_history` table (migrations/002-rule-history.ts).
import type { Knex } from "knex";
import { parseJsonText, parseNullableJsonText, toBoolean, toInteger, toJsonText, toNullableJsonText, toText, toTimestamp } from "./columns.js";
import { isIdInRange } from "./id-ranges.js";
import type { ExecutionTrigger, HistoryEntry, HistoryStore } from "./store.js";

type Row = Record<string, unknown>;

export function knexHistoryStore(db: () => Knex): HistoryStore {
  const history = () => db()("rule_history");
  return {
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
