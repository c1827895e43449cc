// Decision records in the `rule_decisions` table (migrations/010-rule-decisions.ts). A write
// costs one statement per record that changed, plus one prune per rule that got a new record:
// never anything per suppression (the aggregator in runtime/decisions/ counts those in memory).
import type { Knex } from "knex";
import type { DecisionContext, DecisionKind, PointType } from "../../generated/types.js";
import type { Transact } from "./knex-audit-store.js";
import { parseNullableJsonText, toInteger, toNullableJsonText, toNumber, toText } from "./columns.js";
import { isIdInRange } from "./id-ranges.js";
import type { DecisionRecord, DecisionStore, DecisionWrite } from "./store.js";

type Row = Record<string, unknown>;

export function knexDecisionStore(db: () => Knex, transact: Transact): DecisionStore {
  return {
    async write(records, keep) {
      if (records.length === 0) return [];
      return transact(async (trx) => {
        const ruleIds = [...new Set(records.filter((r) => r.id === undefined).map((r) => r.rule_id))];
        // A rule deleted since its decisions were aggregated gets no new records (its old ones went with it).
        const stored = new Set(
          ruleIds.length === 0 ? [] : ((await trx("rules").whereIn("id", ruleIds).select("id")) as Row[]).map((row) => toInteger(row.id, "rules.id")),
        );
        const ids: (number | undefined)[] = [];
        const grown = new Set<number>();
        for (const record of records) {
          if (record.id !== undefined) {
            const { id: _id, rule_id: _rule, kind: _kind, first_at: _first, ...changed } = columnsOf(record);
            await trx("rule_decisions").where({ id: record.id }).update(changed);
            ids.push(record.id);
          } else if (stored.has(record.rule_id)) {
            const [row] = (await trx("rule_decisions").insert(columnsOf(record)).returning("id")) as Row[];
            ids.push(toInteger(row?.id, "rule_decisions.id"));
            grown.add(record.rule_id);
          } else {
            ids.push(undefined);
          }
        }
        for (const ruleId of grown) await prune(trx, ruleId, keep);
        return ids;
      });
    },

    async list(ruleId, { beforeId, limit }) {
      if (!isIdInRange(ruleId, "rule")) return [];
      const query = db()("rule_decisions").where({ rule_id: ruleId }).orderBy([{ column: "last_at", order: "desc" }, { column: "id", order: "desc" }]).limit(limit);
      if (beforeId !== undefined) {
        const cursor = (await db()("rule_decisions").where({ id: beforeId, rule_id: ruleId }).select("last_at").first()) as Row | undefined;
        if (cursor === undefined) {
          // Pruned or never this rule's: a rule's ids grow with its last_at, so the id alone still bounds the page.
          query.where("id", "<", beforeId);
        } else {
          const lastAt = toInteger(cursor.last_at, "rule_decisions.last_at");
          query.where((w) => w.where("last_at", "<", lastAt).orWhere((same) => same.where("last_at", "=", lastAt).andWhere("id", "<", beforeId)));
        }
      }
      return ((await query) as Row[]).map(toRecord);
    },
  };
}

/** Deletes the rule's records older than its newest `keep` (by id: a rule's records start in id order). */
async function prune(trx: Knex, ruleId: number, keep: number): Promise<void> {
  const boundary = (await trx("rule_decisions").where({ rule_id: ruleId }).orderBy("id", "desc").offset(keep - 1).limit(1).select("id").first()) as Row | undefined;
  if (boundary === undefined) return;
  await trx("rule_decisions").where({ rule_id: ruleId }).andWhere("id", "<", toInteger(boundary.id, "rule_decisions.id")).delete();
}

function columnsOf(record: DecisionWrite): Row {
  const { point } = record;
  return {
    rule_id: record.rule_id,
    kind: record.kind,
    count: record.count,
    first_at: record.first_at,
    last_at: record.last_at,
    point_instance: point?.instance ?? null,
    point_type: point?.point_type ?? null,
    point: point?.point ?? null,
    point_name: record.point_name,
    value: record.value !== null && Number.isFinite(record.value) ? record.value : null,
    context: toNullableJsonText(record.context, "rule_decisions.context"),
  };
}

function toRecord(row: Row): DecisionRecord {
  const id = toInteger(row.id, "rule_decisions.id");
  const column = (name: string) => `rule_decisions.${name} (id ${id})`;
  const instance = row.point_instance === null ? null : toInteger(row.point_instance, column("point_instance"));
  return {
    id,
    rule_id: toInteger(row.rule_id, column("rule_id")),
    kind: toText(row.kind, column("kind")) as DecisionKind,
    count: toInteger(row.count, column("count")),
    first_at: new Date(toInteger(row.first_at, column("first_at"))).toISOString(),
    last_at: new Date(toInteger(row.last_at, column("last_at"))).toISOString(),
    point:
      instance === null
        ? null
        : { instance, point_type: toText(row.point_type, column("point_type")) as PointType, point: toInteger(row.point, column("point")) },
    point_name: row.point_name === null ? null : toText(row.point_name, column("point_name")),
    value: row.value === null ? null : toNumber(row.value, column("value")),
    context: parseNullableJsonText(row.context, column("context")) as DecisionContext | null,
  };
}

