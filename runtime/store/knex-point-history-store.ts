// Point history in the `point_history` table (migrations/003-point-history.ts).
import type { Knex } from "knex";
import { toInteger, toNumber } from "./columns.js";
import type { PointHistoryStore, PointKey, PointSample } from "./store.js";

// Rows per INSERT: 5 bound values each stays far below SQLite's and PostgreSQL's parameter limits.
const CHUNK = 500;

export function knexPointHistoryStore(db: () => Knex): PointHistoryStore {
  const samples = (trx: Knex = db()) => trx("point_history");
  const ofPoint = ({ instance, point_type, point }: PointKey) => samples().where({ instance, point_type, point });

  return {
    async append(batch) {
      const rows = latestPerKey(batch.filter((s) => !Number.isNaN(s.value)));
      if (rows.length === 0) return;
      await db().transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          // A second sample of one point at one millisecond replaces the first.
          await samples(trx)
            .insert(rows.slice(i, i + CHUNK))
            .onConflict(["instance", "point_type", "point", "at"])
            .merge(["value"]);
        }
      });
    },

    async valueAt(ref, at) {
      const row = await ofPoint(ref).where("at", "<=", at).orderBy("at", "desc").first("value");
      return row === undefined ? NaN : toNumber(row.value, "point_history.value");
    },

    async range(ref, from, to) {
      const rows = await ofPoint(ref).whereBetween("at", [from, to]).orderBy("at").select("at", "value");
      return rows.map((row: Record<string, unknown>) => ({
        at: toInteger(row.at, "point_history.at"),
        value: toNumber(row.value, "point_history.value"),
      }));
    },

    async prune(before) {
      return samples().where("at", "<", before).delete();
    },
  };
}

/** PostgreSQL refuses an upsert that touches one row twice: keep the last sample per key. */
function latestPerKey(batch: readonly PointSample[]): PointSample[] {
  const byKey = new Map<string, PointSample>();
  for (const { instance, point_type, point, at, value } of batch) {
    byKey.set(`${instance}/${point_type}/${point}/${at}`, { instance, point_type, point, at, value });
  }
  return [...byKey.values()];
}
