// A deep copy of a JSON value with object keys in code-point order (as RFC 8785 orders them),
// so that equal documents are stored and compared as equal text.
export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => sortKeysDeep(item)) as T;
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key])])) as T;
}
