// Covariate datasets in the `covariate_rows` table (migrations/005-covariates.ts).
import type { Knex } from "knex";
import { toInteger, toNumber } from "./columns.js";
import { checkCovariateRow, CovariateConflictError, type CovariateRow, type CovariateStore } from "./covariates.js";
import type { Transact } from "./knex-audit-store.js";

// Rows per INSERT: 6 bound values each stays far below SQLite's and PostgreSQL's parameter limits.
const CHUNK = 400;
const MAX_REPORTED_CONFLICTS = 10;

type Row = Record<string, unknown>;
type Conflict = CovariateConflictError["conflicts"][number];

export function knexCovariateStore(db: () => Knex, transact: Transact): CovariateStore {
  return {
    async append(rows, loadedAt) {
      rows.forEach(checkCovariateRow);
      if (!(Number.isSafeInteger(loadedAt) && loadedAt >= 0)) throw new RangeError(`loadedAt ${String(loadedAt)} is not epoch milliseconds`);
      const conflicts: Conflict[] = [];
      const batch = uniqueRows(rows, conflicts);
      if (batch.size === 0) return { inserted: 0, unchanged: 0 };
      return transact(async (trx) => {
        const fresh: CovariateRow[] = [];
        for (const group of groups(batch.values())) {
          const stored = await storedValues(trx, group);
          for (const row of group) {
            const value = stored.get(timeKey(row));
            if (value === undefined) fresh.push(row);
            else if (value !== row.value) conflicts.push({ ...keyOf(row), stored: value, given: row.value });
          }
        }
        if (conflicts.length > 0) throw conflictError(conflicts);
        for (let i = 0; i < fresh.length; i += CHUNK) {
          const chunk = fresh.slice(i, i + CHUNK).map((row) => ({ ...row, loaded_at: loadedAt }));
          // A concurrent load of the same issue may have stored a key since the read: it is that issue.
          await trx("covariate_rows").insert(chunk).onConflict(["dataset", "field", "target_time", "issued_at"]).ignore();
        }
        return { inserted: fresh.length, unchanged: batch.size - fresh.length };
      });
    },

    async range(dataset, field, from, to, issuedNotAfter) {
      const rows: Row[] = await db()("covariate_rows")
        .where({ dataset, field })
        .whereBetween("target_time", [from, to])
        .where("issued_at", "<=", issuedNotAfter)
        .orderBy([{ column: "target_time" }, { column: "issued_at" }])
        .select("target_time", "value", "issued_at");
      return rows.map((row) => ({
        target_time: toInteger(row.target_time, "covariate_rows.target_time"),
        value: toNumber(row.value, "covariate_rows.value"),
        issued_at: toInteger(row.issued_at, "covariate_rows.issued_at"),
      }));
    },
  };
}

/** One row per key; a key twice with different values is a conflict. */
function uniqueRows(rows: readonly CovariateRow[], conflicts: Conflict[]): Map<string, CovariateRow> {
  const byKey = new Map<string, CovariateRow>();
  for (const { dataset, field, target_time, issued_at, value } of rows) {
    const row = { dataset, field, target_time, issued_at, value };
    const key = JSON.stringify([dataset, field, target_time, issued_at]);
    const first = byKey.get(key);
    if (first === undefined) byKey.set(key, row);
    else if (first.value !== value) conflicts.push({ ...keyOf(row), stored: first.value, given: value });
  }
  return byKey;
}

/** The batch by (dataset, field). */
function groups(rows: Iterable<CovariateRow>): CovariateRow[][] {
  const byField = new Map<string, CovariateRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.dataset, row.field]);
    const group = byField.get(key);
    if (group === undefined) byField.set(key, [row]);
    else group.push(row);
  }
  return [...byField.values()];
}

/** The stored values of one (dataset, field) within the group's span of target and issue times, by timeKey. */
async function storedValues(trx: Knex, group: CovariateRow[]): Promise<Map<string, number>> {
  const { dataset, field } = group[0]!;
  let [minT, maxT, minI, maxI] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const row of group) {
    minT = Math.min(minT, row.target_time);
    maxT = Math.max(maxT, row.target_time);
    minI = Math.min(minI, row.issued_at);
    maxI = Math.max(maxI, row.issued_at);
  }
  const rows: Row[] = await trx("covariate_rows")
    .where({ dataset, field })
    .whereBetween("target_time", [minT, maxT])
    .whereBetween("issued_at", [minI, maxI])
    .select("target_time", "issued_at", "value");
  const stored = new Map<string, number>();
  for (const row of rows) {
    const key = timeKey({ target_time: toInteger(row.target_time, "covariate_rows.target_time"), issued_at: toInteger(row.issued_at, "covariate_rows.issued_at") });
    stored.set(key, toNumber(row.value, "covariate_rows.value"));
  }
  return stored;
}

function timeKey(row: { target_time: number; issued_at: number }): string {
  return `${row.target_time}/${row.issued_at}`;
}

function keyOf({ dataset, field, target_time, issued_at }: CovariateRow) {
  return { dataset, field, target_time, issued_at };
}

function conflictError(conflicts: Conflict[]): CovariateConflictError {
  const [first] = conflicts;
  const at = first === undefined ? "" : `; first: ${first.dataset}.${first.field} for ${new Date(first.target_time).toISOString()} issued ${new Date(first.issued_at).toISOString()} is ${first.stored}, not ${first.given}`;
  return new CovariateConflictError(`${conflicts.length} covariate row(s) would change an issue (stored already, or given twice in the batch); an issue never changes: load a correction as a new issue${at}`, conflicts.slice(0, MAX_REPORTED_CONFLICTS));
}
