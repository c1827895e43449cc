// The cells of one covariate feature (a forecast dataset whose rows carry an issue time): for
// each label, the row for exactly that label with the newest issue time at or before as_of. A row
// issued after as_of is never used (that would leak the future into the frame); no row is a
// missing cell. Rows off the grid, or with a non-finite value, are not read.
import type { SampleQuality } from "../../../generated/types.js";
import type { CovariateRow } from "./frame-input.js";

/** Two rows for one label with the same (newest) issue time but different values. */
export interface ConflictingRows {
  cell: number;
  issuedAt: number;
  values: number[];
}

export interface CovariateCells {
  values: Array<number | null>;
  quality: SampleQuality[];
  /** Newest and oldest issue time of the rows used; undefined when none was. */
  newestIssue: number | undefined;
  oldestIssue: number | undefined;
  conflicts: ConflictingRows[];
}

/** `labels` start at `first` and advance by `cadenceMs`. */
export function covariateCells(rows: readonly CovariateRow[], first: number, steps: number, cadenceMs: number, asOf: number): CovariateCells {
  const values = new Array<number | null>(steps).fill(null);
  const issued = new Float64Array(steps).fill(Number.NaN);
  const conflict: Array<number[] | undefined> = new Array(steps);
  for (const row of rows) {
    if (!Number.isFinite(row.v) || !(row.issuedAt <= asOf)) continue;
    const cell = (row.t - first) / cadenceMs;
    if (!Number.isInteger(cell) || cell < 0 || cell >= steps) continue;
    const best = issued[cell]!;
    if (Number.isNaN(best) || row.issuedAt > best) {
      issued[cell] = row.issuedAt;
      values[cell] = row.v;
      conflict[cell] = undefined;
    } else if (row.issuedAt === best && row.v !== values[cell]) {
      (conflict[cell] ??= [values[cell]!]).push(row.v);
    }
  }
  const quality = values.map((v): SampleQuality => (v === null ? "missing" : "good"));
  let newestIssue: number | undefined;
  let oldestIssue: number | undefined;
  const conflicts: ConflictingRows[] = [];
  for (let cell = 0; cell < steps; cell++) {
    const at = issued[cell]!;
    if (Number.isNaN(at)) continue;
    if (newestIssue === undefined || at > newestIssue) newestIssue = at;
    if (oldestIssue === undefined || at < oldestIssue) oldestIssue = at;
    const clash = conflict[cell];
    if (clash !== undefined) conflicts.push({ cell, issuedAt: at, values: clash });
  }
  return { values, quality, newestIssue, oldestIssue, conflicts };
}
