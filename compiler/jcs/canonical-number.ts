// Numbers as RFC 8785 writes them (ECMAScript Number::toString: the shortest decimal that reads
// back as the same double), fast for the numbers data mostly holds: safe integers, and decimals
// with few fraction digits (21.375, 0.25). Those are written from integer arithmetic; the rest
// (17-digit doubles, exponent forms, magnitudes past 2^49) take String(x), which is the
// definition. Why the decimal path is exact:
//   For d = 3, 4, 5, ... while |x| * 10^d <= 2^49, let y = round(|x| * 10^d). If y / 10^d === |x|
//   (a correctly rounded division of exact values, i.e. what parsing the decimal y * 10^-d
//   gives), that decimal reads back as x. Below 2^49 a step of 10^-d is at least 8 ulps of x, so
//   at most one d-digit decimal reads back as x and the product |x| * 10^d is within 1/8 of it:
//   Math.round finds it when it exists. A decimal with fewer fraction digits that reads back as x
//   is also a d-digit one (padded with zeros), hence the same: so the first d that succeeds,
//   with its trailing zeros dropped, has the fewest fraction digits, hence the fewest significant
//   digits, and is the only candidate: Number::toString's digits. Number::toString writes it
//   without an exponent exactly when 1e-6 <= |x| < 1e21.
import type { ByteSink } from "./plain-json-writer.js";

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
const LIMIT = 2 ** 49;
const FIRST_TRY = 3;

/**
 * The frames' cells (|x| < 2,000,000 with at most 3 fraction digits, e.g. 21.375, -0.5, 42):
 * written in one step from the int32 round(|x| * 1000), the d = 3 case of the argument above.
 * False, writing nothing, for any other x (NaN too): writeNumber then decides.
 */
export function writeShortDecimal(x: number, sink: ByteSink): boolean {
  if (sink.length + SHORT_DECIMAL_BYTES > sink.buffer.length) sink.reserve(SHORT_DECIMAL_BYTES);
  const end = writeShortDecimalAt(x, sink.buffer, sink.length);
  if (end < 0) return false;
  sink.length = end;
  return true;
}

/** The most bytes writeShortDecimalAt writes: "-1999999.999". */
export const SHORT_DECIMAL_BYTES = 12;

/**
 * writeShortDecimal into `buffer` at `at`, which has room for SHORT_DECIMAL_BYTES: the end, or -1
 * (nothing written). Bytes past the end, up to SHORT_DECIMAL_BYTES, may be overwritten.
 */
export function writeShortDecimalAt(x: number, buffer: Uint8Array, at: number): number {
  const negative = x < 0;
  const a = negative ? -x : x;
  if (!(a < SHORT_LIMIT)) return -1;
  const y = Math.round(a * 1000);
  if (y / 1000 !== a) return -1;
  if (negative && y !== 0) buffer[at++] = 0x2d; // -0 is written as 0
  const whole = a | 0; // = floor(y / 1000): a is y / 1000 correctly rounded, which cannot reach the next integer
  const fraction = y - whole * 1000;
  if (whole < 10) {
    buffer[at++] = 0x30 + whole;
  } else if (whole < 100) {
    const tens = (whole / 10) | 0;
    buffer[at++] = 0x30 + tens;
    buffer[at++] = 0x30 + (whole - tens * 10);
  } else {
    at = writeInt32(whole, buffer, at);
  }
  // The fraction's text (".25", nothing for 0) from a table: four bytes copied without a branch,
  // the end moved by its length; "-1999999" plus four bytes still fits SHORT_DECIMAL_BYTES.
  const from = fraction * 4;
  buffer[at] = FRACTION_TEXT[from]!;
  buffer[at + 1] = FRACTION_TEXT[from + 1]!;
  buffer[at + 2] = FRACTION_TEXT[from + 2]!;
  buffer[at + 3] = FRACTION_TEXT[from + 3]!;
  return at + FRACTION_LENGTH[fraction]!;
}

// f / 1000 for f = 0-999 as written after the whole part: "" for 0, ".005" for 5, ".25" for 250
// (trailing zeros dropped); four bytes per entry, zero-padded, and its length.
const FRACTION_TEXT = new Uint8Array(4000);
const FRACTION_LENGTH = new Uint8Array(1000);
for (let f = 1; f < 1000; f++) {
  const text = `.${String(f).padStart(3, "0").replace(/0+$/, "")}`;
  for (let k = 0; k < text.length; k++) FRACTION_TEXT[f * 4 + k] = text.charCodeAt(k);
  FRACTION_LENGTH[f] = text.length;
}

/** Below this, |x| * 1000 is an int32 (and far below 2^49, where the argument holds). */
const SHORT_LIMIT = 2_000_000;

/** The decimal digits of a non-negative int32 at `at`; returns the end. */
function writeInt32(n: number, buffer: Uint8Array, at: number): number {
  const end = at + digitCount(n);
  let rest = n;
  let i = end;
  do {
    const next = (rest / 10) | 0;
    buffer[--i] = 0x30 + (rest - next * 10);
    rest = next;
  } while (i > at);
  return end;
}

/** Writes the canonical spelling of `x` into `sink`; false when x is NaN or infinite (it has none). */
export function writeNumber(x: number, sink: ByteSink): boolean {
  sink.reserve(32); // the longest spelling, -1.2345678901234567e-308, has 24 characters
  const buffer = sink.buffer;
  if (x === 0) {
    buffer[sink.length++] = 0x30; // 0 and -0 alike
    return true;
  }
  const negative = x < 0;
  const a = negative ? -x : x;
  if (!(a < Infinity)) return false; // NaN fails every comparison
  if (a <= Number.MAX_SAFE_INTEGER && Math.floor(a) === a) {
    if (negative) buffer[sink.length++] = 0x2d;
    sink.length = writeScaled(a, 0, buffer, sink.length);
    return true;
  }
  if (a >= 1e-6) {
    // Data mostly has up to 3 fraction digits: try 3 first and drop trailing zeros (a decimal
    // with fewer digits that reads back as x also does with 3); if 3 fail, count upwards.
    for (let d = FIRST_TRY; d < POW10.length; d++) {
      const p = POW10[d]!;
      const scaled = a * p;
      if (scaled > LIMIT) break;
      let y = Math.round(scaled);
      if (y / p !== a) continue;
      let digits = d;
      while (y % 10 === 0) {
        y /= 10;
        digits--;
      }
      if (negative) buffer[sink.length++] = 0x2d;
      sink.length = writeScaled(y, digits, buffer, sink.length);
      return true;
    }
  }
  sink.ascii(String(x));
  return true;
}

/**
 * y * 10^-fractionDigits for a non-negative safe integer y, at `start`: its digits with the point
 * inserted, `0.` and zeros in front when y has no more digits than the fraction. Returns the end.
 */
function writeScaled(y: number, fractionDigits: number, buffer: Uint8Array, start: number): number {
  const count = digitCount(y);
  const wholeDigits = count > fractionDigits ? count - fractionDigits : 1; // a lone "0" when none
  const end = start + wholeDigits + (fractionDigits > 0 ? fractionDigits + 1 : 0);
  let at = end;
  if (y <= 0x7fffffff) {
    let rest = y | 0; // int32: the division by 10 becomes a multiplication
    for (let i = 0; i < fractionDigits; i++) {
      const next = (rest / 10) | 0;
      buffer[--at] = 0x30 + (rest - next * 10);
      rest = next;
    }
    if (fractionDigits > 0) buffer[--at] = 0x2e;
    do {
      const next = (rest / 10) | 0;
      buffer[--at] = 0x30 + (rest - next * 10);
      rest = next;
    } while (at > start);
  } else {
    let rest = y;
    for (let i = 0; i < fractionDigits; i++) {
      const next = Math.floor(rest / 10);
      buffer[--at] = 0x30 + (rest - next * 10);
      rest = next;
    }
    if (fractionDigits > 0) buffer[--at] = 0x2e;
    do {
      const next = Math.floor(rest / 10);
      buffer[--at] = 0x30 + (rest - next * 10);
      rest = next;
    } while (at > start);
  }
  return end;
}

function digitCount(n: number): number {
  let count = 1;
  for (let bound = 10; bound <= n && count < 16; bound *= 10) count++;
  return count;
}
