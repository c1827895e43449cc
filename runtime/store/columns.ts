// Conversions between column values and JS values that behave the same on both databases:
// PostgreSQL returns int8 as a decimal string and timestamptz as a Date; SQLite returns
// booleans as 0/1 and timestamps as the text we wrote.

/** A value read back that the store could not have written: a bug or a hand-edited database. */
export class StoreCorruptionError extends Error {
  override name = "StoreCorruptionError";
}

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Ids, counts and epoch milliseconds; the store keeps them below 2^53. */
export function toInteger(value: unknown, column: string): number {
  const n = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n)) throw new StoreCorruptionError(`${column}: ${String(value)} is not a safe integer`);
  return n;
}

export function toText(value: unknown, column: string): string {
  if (typeof value !== "string") throw new StoreCorruptionError(`${column}: ${String(value)} is not text`);
  return value;
}

export function toNumber(value: unknown, column: string): number {
  if (typeof value !== "number") throw new StoreCorruptionError(`${column}: ${String(value)} is not a number`);
  return value;
}

export function toBoolean(value: unknown, column: string): boolean {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  throw new StoreCorruptionError(`${column}: ${String(value)} is not a boolean`);
}

/** Written as `YYYY-MM-DDTHH:MM:SS.sssZ`; read back in the same form from either database. */
export function toTimestamp(value: unknown, column: string): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  if (typeof value === "string" && RFC3339_MS.test(value)) return value;
  throw new StoreCorruptionError(`${column}: ${String(value)} is not an RFC 3339 UTC timestamp`);
}

export function timestampOf(date: Date): string {
  return date.toISOString();
}

export function toJsonText(value: unknown, column: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${column}: ${typeof value} cannot be stored as JSON`);
  return text;
}

export function parseJsonText(value: unknown, column: string): unknown {
  if (typeof value !== "string") throw new StoreCorruptionError(`${column}: expected JSON text, found ${value === null ? "null" : typeof value}`);
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new StoreCorruptionError(`${column}: malformed JSON (${(error as Error).message})`);
  }
}

/** A JSON column that may be SQL NULL: null is stored as NULL, not as the text "null". */
export function toNullableJsonText(value: unknown, column: string): string | null {
  return value === null ? null : toJsonText(value, column);
}

export function parseNullableJsonText(value: unknown, column: string): unknown {
  return value === null ? null : parseJsonText(value, column);
}
