// A deep copy of a JSON value with object keys in code-point order (as RFC 8785 orders them),
// so that equal documents are stored and compared as equal text.
export function sortKeysDeep<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = sortKeysDeep(value[i]);
    return copy as T;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  if (!isSorted(keys)) keys.sort(); // by UTF-16 code units, as RFC 8785 orders keys
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    // "__proto__" must become an own property, never the copy's prototype.
    if (key === "__proto__") Object.defineProperty(copy, key, { value: sortKeysDeep(source[key]), enumerable: true, writable: true, configurable: true });
    else copy[key] = sortKeysDeep(source[key]);
  }
  return copy as T;
}

function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}
