// The one definition of the ids the service accepts, by kind, from the columns that hold them
// (docs/api.md "Limits"). Rule ids live in `integer` columns (32-bit on PostgreSQL: rules.id,
// rule_history.rule_id); the store assigns them from 1 upwards, so no rule ever has a larger id.
// History ids, audit sequences and derived-data cursors are 64-bit columns kept below 2^53 (JSON
// numbers are exact up to there). The HTTP layer refuses an id outside its range with a 400 on
// every path and query parameter; the store answers "no such row" for one instead of passing it to
// a database that would fail on it.
export const ID_RANGES = {
  rule: { max: 2 ** 31 - 1 },
  history: { max: Number.MAX_SAFE_INTEGER },
  auditSequence: { max: Number.MAX_SAFE_INTEGER },
  derived: { max: Number.MAX_SAFE_INTEGER },
} as const;

export type IdKind = keyof typeof ID_RANGES;

/** Whether `id` is an id of `kind` some row could have. */
export function isIdInRange(id: number, kind: IdKind): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= ID_RANGES[kind].max;
}
