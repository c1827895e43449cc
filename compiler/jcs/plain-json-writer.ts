// The fast path of RFC 8785: plain JSON data (plain objects and arrays, finite numbers,
// well-formed strings, booleans, null) written straight into UTF-8 bytes in one walk, with no
// copy of the value, no sort of copied keys and no JSON.stringify per value. Anything else (a
// toJSON, a boxed primitive, a Date, a member holding undefined, a hole, a cycle, nesting past
// the limit, a lone surrogate, a number outside the options) makes it give up and return
// undefined: the caller then takes its general path, which also says what is wrong. So this
// file decides no refusal of its own and needs no error texts. A frame's columns take shortcuts
// (issue 19.5): cells (short decimals and nulls) in one tight loop, runs of an equal primitive
// copied, arrays of distinct strings through native JSON.stringify. Pure.
import { SHORT_DECIMAL_BYTES, writeNumber, writeShortDecimal, writeShortDecimalAt } from "./canonical-number.js";
import { sortKeys } from "./sort-keys.js";

export interface PlainJsonOptions {
  /** Containers nested deeper than this give up (a cycle gives up here too). */
  maxDepth: number;
  /** Give up on numbers beyond ±(2^53 - 1) (the input_digest refuses them). */
  safeNumbersOnly: boolean;
}

/**
 * Writes the canonical UTF-8 bytes of `value` and hands them to `use` (the sink is reused by the
 * next call: `use` copies what it keeps). Undefined, without calling `use`, when `value` is not
 * plain JSON data within the options.
 */
export function withPlainJson<T>(value: unknown, options: PlainJsonOptions, use: (sink: ByteSink) => T): T | undefined {
  // One sink grows to the largest value written and is reused (no regrowing, no garbage per
  // call); a getter that canonicalises while it is in use gets a fresh one.
  const sink = scratchInUse ? new ByteSink() : scratch;
  const reused = sink === scratch;
  if (reused) scratchInUse = true;
  try {
    sink.reset();
    return writeValue(value, sink, options, 0) ? use(sink) : undefined;
  } finally {
    if (reused) {
      scratchInUse = false;
      if (sink.buffer.length > MAX_KEPT_BYTES) sink.buffer = new Uint8Array(4096); // do not hold on to a huge value's bytes
    }
  }
}

/** A growing byte buffer; `bytes()` is a view of what was written. */
export class ByteSink {
  buffer: Uint8Array = new Uint8Array(4096);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  byte(b: number): void {
    if (this.length === this.buffer.length) this.reserve(1);
    this.buffer[this.length++] = b;
  }

  /** An ASCII text (number spellings, literals). */
  ascii(text: string): void {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  /** The text written (UTF-8 decoded). */
  text(): string {
    return Buffer.from(this.buffer.buffer, this.buffer.byteOffset, this.length).toString("utf8");
  }
}

const scratch = new ByteSink();
const MAX_KEPT_BYTES = 4 * 1024 * 1024;
let scratchInUse = false;

const OBJECT_PROTO = Object.prototype;
const ARRAY_PROTO = Array.prototype;

function writeValue(value: unknown, sink: ByteSink, options: PlainJsonOptions, depth: number): boolean {
  switch (typeof value) {
    case "string":
      return writeString(value, sink);
    case "number":
      if (writeShortDecimal(value, sink)) return true; // the usual cell, always a safe number
      if (options.safeNumbersOnly && !(value <= Number.MAX_SAFE_INTEGER && value >= -Number.MAX_SAFE_INTEGER)) return false;
      return writeNumber(value, sink);
    case "boolean":
      sink.ascii(value ? "true" : "false");
      return true;
    case "object":
      if (value === null) {
        sink.ascii("null");
        return true;
      }
      if (depth >= options.maxDepth) return false;
      return Array.isArray(value) ? writeArray(value, sink, options, depth + 1) : writeObject(value, sink, options, depth + 1);
    default:
      return false; // undefined, a function, a symbol, a bigint
  }
}

function writeArray(items: unknown[], sink: ByteSink, options: PlainJsonOptions, depth: number): boolean {
  if (Object.getPrototypeOf(items) !== ARRAY_PROTO) return false; // a subclass may bring a toJSON
  const n = items.length;
  if (n > 1 && typeof items[0] === "string" && items[1] !== items[0] && writeDistinctStrings(items, sink)) return true;
  sink.byte(0x5b); // [
  let i = 0;
  while (i < n) {
    if (isCell(items[i])) {
      i = writeCells(items, i, sink);
      if (i === n) break;
    }
    if (i > 0) sink.byte(0x2c); // ,
    const item = items[i];
    const start = sink.length;
    if (!writeValue(item, sink, options, depth)) return false; // a hole reads as undefined and gives up
    i++;
    if (i < n && items[i] === item && (item === null || typeof item !== "object")) i += repeatRun(items, i, item, sink, start);
  }
  sink.byte(0x5d); // ]
  return true;
}

function isCell(item: unknown): boolean {
  return item === null || typeof item === "number";
}

// The frames' columns of cells: short decimals and nulls written in one tight loop. Returns the
// index of the first item it did not write (any other value): the item-by-item loop goes on there.
function writeCells(items: unknown[], from: number, sink: ByteSink): number {
  const n = items.length;
  sink.reserve((n - from) * (SHORT_DECIMAL_BYTES + 1));
  const buffer = sink.buffer;
  let at = sink.length;
  let i = from;
  for (; i < n; i++) {
    const item = items[i];
    const before = at;
    if (i > 0) buffer[at++] = 0x2c; // ,
    if (item === null) {
      buffer[at++] = 0x6e; // null
      buffer[at++] = 0x75;
      buffer[at++] = 0x6c;
      buffer[at++] = 0x6c;
      continue;
    }
    const end = typeof item === "number" ? writeShortDecimalAt(item, buffer, at) : -1;
    if (end < 0) {
      at = before;
      break;
    }
    at = end;
  }
  sink.length = at;
  return i;
}

// An array of distinct strings (a frame's timestamps): JSON.stringify writes the text natively,
// and it is RFC 8785's for well-formed strings (the minimal escapes); it escapes a lone surrogate
// instead of refusing it, so those are looked for first. False, writing nothing, when an item
// is not a well-formed string: the item-by-item loop then decides.
function writeDistinctStrings(items: unknown[], sink: ByteSink): boolean {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== "string" || !isWellFormed(item)) return false;
  }
  const text = JSON.stringify(items);
  sink.reserve(text.length * 3); // UTF-8 needs at most 3 bytes per UTF-16 unit
  sink.length += UTF8.encodeInto(text, sink.buffer.subarray(sink.length)).written;
  return true;
}

const UTF8 = new TextEncoder();

/** No lone surrogates. String.prototype.isWellFormed is in Node 20 but only in TypeScript's ES2024 lib. */
function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

// A run of the same primitive (a frame's quality codes, its missing cells): the text just written
// at `start` is copied, with its comma, for each repeat instead of being written again. Equal
// primitives have equal texts (0 and -0 are both "0"). Returns how many items it wrote.
function repeatRun(items: unknown[], from: number, item: unknown, sink: ByteSink, start: number): number {
  let run = 1;
  while (from + run < items.length && items[from + run] === item) run++;
  const end = sink.length;
  const unit = end - start + 1; // the comma and the text
  const total = run * unit;
  sink.reserve(total);
  const buffer = sink.buffer;
  buffer[end] = 0x2c;
  if (total <= 64) {
    for (let k = 1; k < total; k++) buffer[end + k] = k % unit === 0 ? 0x2c : buffer[start + (k % unit) - 1]!;
  } else {
    buffer.copyWithin(end + 1, start, end);
    for (let copied = unit; copied < total; copied *= 2) buffer.copyWithin(end + copied, end, end + Math.min(copied, total - copied));
  }
  sink.length = end + total;
  return run;
}

function writeObject(record: object, sink: ByteSink, options: PlainJsonOptions, depth: number): boolean {
  const proto: unknown = Object.getPrototypeOf(record);
  if (proto !== OBJECT_PROTO && proto !== null) return false; // a Date, a boxed primitive, a class instance
  const keys = Object.keys(record);
  if (keys.length > 1) sortKeys(keys);
  sink.byte(0x7b); // {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0) sink.byte(0x2c);
    if (!writeString(key, sink)) return false;
    sink.byte(0x3a); // :
    if (!writeValue((record as Record<string, unknown>)[key], sink, options, depth)) return false; // undefined members give up too
  }
  sink.byte(0x7d); // }
  return true;
}

const HEX = "0123456789abcdef";

/**
 * A string as JSON.stringify quotes it (RFC 8785 3.2.2.2: `\b \t \n \f \r \" \\`, other controls
 * as `\u00xx` in lower case, everything else as is), in UTF-8. False on a lone surrogate.
 */
function writeString(text: string, sink: ByteSink): boolean {
  const n = text.length;
  sink.reserve(n * 3 + 2); // UTF-8 needs at most 3 bytes per UTF-16 unit (4 per surrogate pair)
  let buffer = sink.buffer;
  let at = sink.length;
  buffer[at++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x80) {
      if (c !== 0x22 && c !== 0x5c) {
        buffer[at++] = c; // DEL (0x7f) is not escaped either
        continue;
      }
      // An escape is longer than what was reserved: reserve for the worst case of the rest (\u00xx each).
      sink.length = at;
      sink.reserve((n - i) * 6 + 2);
      buffer = sink.buffer;
      buffer[at++] = 0x5c;
      buffer[at++] = c;
    } else if (c < 0x20) {
      sink.length = at;
      sink.reserve((n - i) * 6 + 2);
      sink.ascii(controlEscape(c));
      buffer = sink.buffer;
      at = sink.length;
    } else if (c < 0x800) {
      buffer[at++] = 0xc0 | (c >> 6);
      buffer[at++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const low = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || low < 0xdc00 || low > 0xdfff) return false; // a lone surrogate has no UTF-8
      i++;
      const cp = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
      buffer[at++] = 0xf0 | (cp >> 18);
      buffer[at++] = 0x80 | ((cp >> 12) & 0x3f);
      buffer[at++] = 0x80 | ((cp >> 6) & 0x3f);
      buffer[at++] = 0x80 | (cp & 0x3f);
    } else {
      buffer[at++] = 0xe0 | (c >> 12);
      buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
      buffer[at++] = 0x80 | (c & 0x3f);
    }
  }
  buffer[at++] = 0x22; // reserved: escapes reserve for the rest, the closing quote included
  sink.length = at;
  return true;
}

function controlEscape(c: number): string {
  switch (c) {
    case 0x08:
      return "\\b";
    case 0x09:
      return "\\t";
    case 0x0a:
      return "\\n";
    case 0x0c:
      return "\\f";
    case 0x0d:
      return "\\r";
    default:
      return `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
  }
}
