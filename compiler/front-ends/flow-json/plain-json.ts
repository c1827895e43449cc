// The fast way to read a flow document (issue 19.5). A value that is plain JSON data already
// (what JSON.parse and object literals build) is its own JSON document, so compileFlow can read
// it without serialising and parsing it again; one walk proves that, bounds its JSON size, and
// builds the key-sorted copy flow_json is made of (sortKeysDeep's result, without a second walk).
// Anything else gives up (undefined) and takes the exact way: JSON.stringify, the size in bytes,
// JSON.parse. Giving up is always safe; it only costs time.
import { sortKeys } from "../../jcs/sort-keys.js";

/** How deep plain data may nest here; deeper (or cyclic) input takes the exact way. */
const MAX_DEPTH = 64;
/** At most this many bytes of JSON per number ("-2.2250738585072014e-308" is 24). */
const NUMBER_BYTES = 25;

/**
 * A key-sorted deep copy of `value` when it is plain JSON data whose JSON text is certainly at
 * most `maxBytes` long; undefined when it is anything else or may be longer.
 */
export function sortedPlainCopy(value: unknown, maxBytes: number): { copy: unknown } | undefined {
  // JSON.stringify would call an inherited toJSON on every object.
  if ("toJSON" in Object.prototype || "toJSON" in Array.prototype) return undefined;
  const copier = new PlainCopier(maxBytes);
  try {
    return { copy: copier.copy(value, 0) };
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

const GIVE_UP = Symbol("not plain JSON data");

class PlainCopier {
  /** An upper bound of the JSON text's UTF-8 length so far. */
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  copy(value: unknown, depth: number): unknown {
    switch (typeof value) {
      case "string":
        // at most 6 bytes per UTF-16 unit: \uXXXX, or 3 bytes of UTF-8
        return this.count(2 + 6 * value.length, value);
      case "number":
        // JSON has no NaN or Infinity (null), nor -0 (0): only the exact way writes those as JSON would
        if (!Number.isFinite(value) || Object.is(value, -0)) throw GIVE_UP;
        return this.count(NUMBER_BYTES, value);
      case "boolean":
        return this.count(5, value);
      case "object":
        if (value === null) return this.count(4, value);
        if (depth >= MAX_DEPTH) throw GIVE_UP;
        return Array.isArray(value) ? this.array(value, depth + 1) : this.object(value as Record<string, unknown>, depth + 1);
      default:
        throw GIVE_UP; // undefined, functions, symbols and BigInt are not JSON values
    }
  }

  private array(value: unknown[], depth: number): unknown[] {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw GIVE_UP;
    const length = value.length;
    this.count(2 + length, undefined);
    const copy = new Array<unknown>(length);
    for (let i = 0; i < length; i++) copy[i] = this.copy(value[i], depth); // a hole is undefined: gives up
    return copy;
  }

  // Only ordinary objects whose own properties are all enumerable string keys, as JSON.parse
  // makes them: a class instance, a Date, a null prototype or a hidden property gives up.
  private object(value: Record<string, unknown>, depth: number): Record<string, unknown> {
    if (Object.getPrototypeOf(value) !== Object.prototype) throw GIVE_UP;
    const keys = Object.keys(value);
    if (Object.getOwnPropertyNames(value).length !== keys.length) throw GIVE_UP;
    sortKeys(keys);
    this.count(2, undefined);
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      if (key === "__proto__") throw GIVE_UP; // sortKeysDeep defines it as an own property
      this.count(4 + 6 * key.length, undefined);
      copy[key] = this.copy(value[key], depth);
    }
    return copy;
  }

  private count<T>(bytes: number, value: T): T {
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) throw GIVE_UP;
    return value;
  }
}
