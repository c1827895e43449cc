// Issue 19.5: the wire-time parser reads RFC 3339 UTC times character by character instead of a
// regex and a Date round trip. It accepts and rejects exactly what the previous parser did (kept
// here as the reference), over generated strings, valid and invalid, with one exception: years
// 0000-0099, which Date.UTC read as 1900-1999 (so `0070-01-01T00:00:00Z` was the epoch); they are
// before the epoch and now rejected, as the schema pattern always rejected them.
import { expect } from "chai";
import fc from "fast-check";
import { formatUtcTime, parseUtcTime } from "../../compiler/contracts/utc-time.js";

/** The parser before issue 19.5, verbatim. */
function previousParseUtcTime(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, "0"));
  const at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const back = new Date(at);
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  return at >= 0 ? at : undefined;
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

// Field values around every boundary the calendar has; a fraction of 0-4 digits.
const year = fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1969, 1970, 1900, 2000, 2023, 2024, 2100, 2400, 9999));
const wireTime = fc
  .record({
    year,
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 61 }),
    second: fc.integer({ min: 0, max: 61 }),
    fraction: fc.oneof(fc.constant(""), fc.stringMatching(/^\.\d{0,4}$/)),
  })
  .map(({ year, month, day, hour, minute, second, fraction }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}Z`);
// The same strings with one character replaced, inserted or removed (separators, digits, Z, spaces, non-ASCII digits).
const mutated = fc
  .tuple(wireTime, fc.nat(), fc.constantFrom("replace", "insert", "remove"), fc.constantFrom("-", ":", "T", "t", "Z", "z", ".", " ", "0", "9", "+", "\u0660", "\uff11", "\n"))
  .map(([text, at, how, c]) => {
    const i = at % (text.length + 1);
    if (how === "insert") return text.slice(0, i) + c + text.slice(i);
    if (how === "remove") return text.slice(0, i) + text.slice(i + 1);
    return text.slice(0, i) + c + text.slice(i + 1);
  });

function agrees(text: string): boolean {
  const expected = previousParseUtcTime(text);
  const yearField = Number(text.slice(0, 4));
  // The one intended difference: Date.UTC reads years 0-99 as 1900-1999.
  if (expected !== undefined && /^\d{4}-/.test(text) && yearField < 100) return parseUtcTime(text) === undefined;
  return parseUtcTime(text) === expected;
}

describe("issue 19.5: parseUtcTime without regex or Date", () => {
  it("issue 19.5: agrees with the previous parser on generated wire times, valid and invalid (calendar, leap years, hours, leap seconds, fractions)", () => {
    fc.assert(fc.property(wireTime, agrees), { numRuns: 50_000 });
  });

  it("issue 19.5: agrees with the previous parser on wire times with a character replaced, inserted or removed, and on arbitrary strings", () => {
    fc.assert(fc.property(mutated, agrees), { numRuns: 30_000 });
    fc.assert(fc.property(fc.string({ maxLength: 30 }), agrees), { numRuns: 10_000 });
  });

  it("issue 19.5: every millisecond written by formatUtcTime reads back as itself", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }), (ms) => parseUtcTime(formatUtcTime(ms)) === ms), { numRuns: 20_000 });
  });

  it("issue 19.5: the calendar: February 29 only in leap years, no day 31 in 30-day months, no 24:00, no leap second, nothing before the epoch", () => {
    expect(parseUtcTime("2024-02-29T00:00:00Z")).to.equal(Date.UTC(2024, 1, 29));
    expect(parseUtcTime("2000-02-29T12:00:00.5Z")).to.equal(Date.UTC(2000, 1, 29, 12, 0, 0, 500));
    for (const text of ["2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-01-01T24:00:00Z", "2016-12-31T23:59:60Z", "1969-12-31T23:59:59.999Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z"]) {
      expect(parseUtcTime(text), text).to.equal(undefined);
    }
    expect(parseUtcTime("1970-01-01T00:00:00Z")).to.equal(0);
    expect(parseUtcTime("9999-12-31T23:59:59.999Z")).to.equal(Date.UTC(9999, 11, 31, 23, 59, 59, 999));
  });

  it("issue 19.5: the shape: Z only, at most milliseconds, ASCII digits only", () => {
    for (const text of ["2026-03-01T12:00:00", "2026-03-01T12:00:00z", "2026-03-01t12:00:00Z", "2026-03-01T12:00:00+00:00", "2026-03-01T12:00:00.Z", "2026-03-01T12:00:00.1234Z", "2026-03-01 12:00:00Z", "2026-3-01T12:00:00Z", "２026-03-01T12:00:00Z", "2026-03-01T12:00:00Z\n"]) {
      expect(parseUtcTime(text), JSON.stringify(text)).to.equal(undefined);
    }
  });

  it("issue 19.5: years 0000-0099 are before the epoch (the previous parser read 0070 as 1970)", () => {
    expect(previousParseUtcTime("0070-01-01T00:00:00Z")).to.equal(0);
    expect(parseUtcTime("0070-01-01T00:00:00Z")).to.equal(undefined);
  });
});
