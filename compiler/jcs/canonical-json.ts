// RFC 8785 (JSON Canonicalization Scheme): the one canonical JSON text of a value, for the audit
// chain's evidence digests and the contracts' input_digest. Plain JSON data (the usual case) is
// written by plain-json-writer.ts in one walk; what it gives up on comes here, to the general
// path: JSON.stringify already writes numbers and strings the way RFC 8785 asks (ECMAScript
// Number::toString, its minimal escapes); what it adds is the member order (keys sorted by UTF-16
// code units: the default sort) and the refusals: NaN and infinities, strings and keys with lone
// surrogates, cycles, and a value with no JSON text at all. Values are read as JSON.stringify
// reads them (toJSON, boxed primitives, properties holding undefined, functions or symbols left
// out; such array items become null), so the output is byte for byte what canonicalize@5, used
// before, wrote. Pure.
import { withPlainJson } from "./plain-json-writer.js";

/** Containers nested deeper than this are refused (a frame needs about 7 levels). */
export const MAX_CANONICAL_DEPTH = 100_000;

// One container being written: its sorted keys (undefined for an array), the next child, the texts
// of the children written so far, and the objects to release from `open` when it is done.
interface Frame {
  value: object;
  keys: string[] | undefined;
  index: number;
  parts: string[];
  key: string;
  held: object[];
}

/**
 * The RFC 8785 canonical JSON of `value`. Throws a TypeError for what has none (NaN, Infinity,
 * a lone surrogate, a cycle, a bigint, nesting past MAX_CANONICAL_DEPTH, or a top-level value
 * such as undefined that JSON.stringify would drop). Iterative: depth costs heap, not stack.
 */
export function toCanonicalJson(value: unknown): string {
  return withPlainJson(value, PLAIN_OPTIONS, (sink) => sink.text()) ?? generalCanonicalJson(value);
}

/** The fast path's limits: deeper nesting (or a cycle) goes the general, iterative way. */
const PLAIN_OPTIONS = { maxDepth: 500, safeNumbersOnly: false };

/** The general path: any value JSON.stringify reads, iteratively; also the reference the fast path is tested against. */
export function generalCanonicalJson(value: unknown): string {
  const open = new Set<object>(); // the containers and toJSON objects on the current path
  const stack: Frame[] = [];
  let result: string | undefined;

  // A child's text (undefined: it has none) goes into its container, or is the result.
  const deliver = (text: string | undefined): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) result = text;
    else if (top.keys === undefined) top.parts.push(text ?? "null");
    else if (text !== undefined) top.parts.push(`${quote(top.key)}:${text}`);
  };
  // A primitive is written at once; a container is opened as a frame.
  const visit = (input: unknown): void => {
    if (input === null || typeof input !== "object") return deliver(primitive(input));
    const held: object[] = [];
    const v = unwrap(input, open, held);
    if (v === null || typeof v !== "object") {
      for (const object of held) open.delete(object);
      return deliver(primitive(v));
    }
    if (open.has(v)) throw cycle();
    const flat = Array.isArray(v) ? primitiveArrayText(v) : undefined;
    if (flat !== undefined) {
      for (const object of held) open.delete(object);
      return deliver(flat);
    }
    if (stack.length >= MAX_CANONICAL_DEPTH) throw new TypeError(`canonical JSON: nested deeper than ${MAX_CANONICAL_DEPTH} levels`);
    open.add(v);
    held.push(v);
    stack.push({ value: v, keys: Array.isArray(v) ? undefined : Object.keys(v).sort(), index: 0, parts: [], key: "", held });
  };

  visit(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.keys === undefined) {
      const items = frame.value as unknown[];
      if (frame.index < items.length) {
        visit(items[frame.index++]);
        continue;
      }
    } else if (frame.index < frame.keys.length) {
      frame.key = frame.keys[frame.index++]!;
      visit((frame.value as Record<string, unknown>)[frame.key]);
      continue;
    }
    stack.pop();
    for (const object of frame.held) open.delete(object);
    deliver(frame.keys === undefined ? `[${frame.parts.join(",")}]` : `{${frame.parts.join(",")}}`);
  }
  if (result === undefined) throw new TypeError("canonical JSON: the value has no JSON representation");
  return result;
}

// undefined: the value has no JSON text (a member holding it is left out; an array item is null).
function primitive(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return quote(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`canonical JSON: ${value} is not a finite number`);
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      throw new TypeError("canonical JSON: a bigint has no JSON representation");
    case "object":
      return "null";
    default:
      return undefined; // undefined, a function or a symbol
  }
}

// The frames' long arrays of numbers and timestamps: when every item is a finite number, a
// well-formed string, a boolean or null, JSON.stringify writes the array's canonical text itself.
// Anything else (holes, objects, NaN, ...) takes the general path, which refuses what it must.
function primitiveArrayText(items: unknown[]): string | undefined {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === "number" ? !Number.isFinite(item) : typeof item === "string" ? !isWellFormed(item) : typeof item !== "boolean" && item !== null) return undefined;
  }
  return JSON.stringify(items);
}

// What JSON.stringify reads instead of the value: the result of toJSON, a boxed primitive's value.
// Each object whose toJSON is followed stays open (in `held`) while its result is written, so a
// toJSON that returns an object being written is a cycle too.
function unwrap(input: unknown, open: Set<object>, held: object[]): unknown {
  let value = input;
  while (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    if (open.has(value)) throw cycle();
    open.add(value);
    held.push(value);
    value = (value as { toJSON(): unknown }).toJSON();
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  return value;
}

function cycle(): TypeError {
  return new TypeError("canonical JSON: the value contains itself (a cycle)");
}

function quote(text: string): string {
  if (!isWellFormed(text)) throw new TypeError("canonical JSON: a string with a lone surrogate is not well-formed UTF-16");
  return JSON.stringify(text);
}

/** No lone surrogates. String.prototype.isWellFormed is in Node 20 but only in TypeScript's ES2024 lib. */
function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}
