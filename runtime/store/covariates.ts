// Covariate datasets (spec: What the service does, 1; task inputs of source kind `covariate`): a
// forecast or observation dataset whose rows carry the time they were issued, so a frame for
// as_of reads only what was known at as_of. One row per (dataset, field, target time, issue); an
// issue is immutable once stored: a correction is a new issue with a later issued_at.

/** One row of a dataset: the value of `field` for the interval labelled `target_time`, as issued at `issued_at`. */
export interface CovariateRow {
  /** The dataset's id in the service (a binding's `datasets[].dataset`). */
  dataset: string;
  field: string;
  /** Epoch milliseconds: the interval-end label the value is for. */
  target_time: number;
  /** A finite number, in the unit the binding commissions for the field. */
  value: number;
  /** Epoch milliseconds: when the value was issued (known). */
  issued_at: number;
}

/** A row as read back: the dataset and field are the query's. */
export interface StoredCovariateRow {
  target_time: number;
  value: number;
  issued_at: number;
}

export interface CovariateAppendResult {
  /** Rows newly stored. */
  inserted: number;
  /** Rows stored already with the same value (a repeated load or seed). */
  unchanged: number;
}

export interface CovariateStore {
  /**
   * Stores the rows in one transaction, all or none. A row whose key (dataset, field,
   * target_time, issued_at) is stored already with the same value is left as it is; with another
   * value the whole batch is refused with CovariateConflictError (an issue never changes). A key
   * twice in the batch counts once when the values agree and is a conflict when they do not.
   * Throws RangeError for a row that is not storable (empty names, a non-finite value, a time
   * that is not a non-negative integer).
   */
  append(rows: readonly CovariateRow[], loadedAt: number): Promise<CovariateAppendResult>;
  /**
   * Every row of (dataset, field) with from <= target_time <= to and issued_at <= issuedNotAfter,
   * all issues of each target time (frame assembly picks the newest issue at or before as_of
   * itself, and judges conflicts), ascending by target_time, then issued_at.
   */
  range(dataset: string, field: string, from: number, to: number, issuedNotAfter: number): Promise<StoredCovariateRow[]>;
}

/** A batch that would change a stored issue, or that holds one key twice with different values. */
export class CovariateConflictError extends Error {
  override name = "CovariateConflictError";
  constructor(
    message: string,
    /** The first conflicting keys (at most 10). */
    readonly conflicts: ReadonlyArray<{ dataset: string; field: string; target_time: number; issued_at: number; stored: number; given: number }>,
  ) {
    super(message);
  }
}

/** Throws RangeError when a row cannot be stored. */
export function checkCovariateRow(row: CovariateRow, index: number): void {
  const at = `covariate row ${index}`;
  if (typeof row.dataset !== "string" || row.dataset === "") throw new RangeError(`${at}: the dataset is empty`);
  if (typeof row.field !== "string" || row.field === "") throw new RangeError(`${at}: the field is empty`);
  if (!isEpochMs(row.target_time)) throw new RangeError(`${at}: target_time ${String(row.target_time)} is not a non-negative integer of epoch milliseconds`);
  if (!isEpochMs(row.issued_at)) throw new RangeError(`${at}: issued_at ${String(row.issued_at)} is not a non-negative integer of epoch milliseconds`);
  if (typeof row.value !== "number" || !Number.isFinite(row.value)) throw new RangeError(`${at}: the value ${String(row.value)} is not a finite number`);
}

export function isEpochMs(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
