// Deep equality of JSON values, for the generated validators' `uniqueItems`, `const` and `enum`
// checks in place of ajv's runtime helper (fast-deep-equal). That helper calls a value's own
// `valueOf` and `toString` when they are not Object.prototype's: a document holding
// `{"valueOf": 0}` in an array whose items must be unique made every validator throw (a 500 from
// PUT). JSON objects are compared by their own keys only. Copied into generated/support by codegen.

/** True when `a` and `b` are the same JSON value (NaN equals NaN; key order does not count). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a !== a && b !== b;
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  if (arrays) {
    const left = a as unknown[];
    const right = b as unknown[];
    if (left.length !== right.length) return false;
    for (let i = 0; i < left.length; i++) if (!jsonEqual(left[i], right[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!Object.hasOwn(right, key) || !jsonEqual(left[key], right[key])) return false;
  return true;
}
