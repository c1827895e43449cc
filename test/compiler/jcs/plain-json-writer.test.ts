// Issue 19.5: the fast path of our RFC 8785 serialiser (plain JSON written straight to UTF-8
// bytes, numbers spelled from integer arithmetic) against the published vectors, against the
// straightforward reference (keys sorted, JSON.stringify writes the rest) over generated JSON,
// and against the general path on what it gives up on. The vectors are the copies in
// test/fixtures/jcs-vectors (cyberphone/json-canonicalization testdata, Apache-2.0; RFC 8785
// appendix B; the first 10,000 lines of the es6 number file): see its README for provenance.
import { expect } from "chai";
import fc from "fast-check";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { computeInputDigest, type DigestSource } from "../../../compiler/contracts/input-digest.js";
import { generalCanonicalJson, toCanonicalJson } from "../../../compiler/jcs/canonical-json.js";
import { ByteSink, withPlainJson, type PlainJsonOptions } from "../../../compiler/jcs/plain-json-writer.js";
import { writeNumber } from "../../../compiler/jcs/canonical-number.js";
import { fromRoot } from "../../helpers/paths.js";

const VECTORS = fromRoot("test/fixtures/jcs-vectors");
const read = (path: string): string => readFileSync(`${VECTORS}/${path}`, "utf8");
const LOOSE = { maxDepth: 500, safeNumbersOnly: false };

/** The fast path's bytes and text (copied: the sink is reused), or undefined when it gives up. */
function writePlainJson(value: unknown, options: PlainJsonOptions): { bytes: Buffer; text(): string } | undefined {
  return withPlainJson(value, options, (sink) => {
    const text = sink.text();
    return { bytes: Buffer.from(sink.bytes()), text: () => text };
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The straightforward reference: a copy with every object's keys sorted, then JSON.stringify. */
function reference(value: Json): string {
  const sorted = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(Object.keys(v).sort().map((key) => [key, sorted(v[key]!)])); // fromEntries: "__proto__" stays a key
  };
  return JSON.stringify(sorted(value));
}

/** The fast path's text, failing the test when it gives up. */
function fast(value: unknown): string {
  const sink = writePlainJson(value, LOOSE);
  if (sink === undefined) throw new Error(`the fast path gave up on ${String(value)}`);
  return sink.text();
}

const numberSink = new ByteSink();
function numberText(x: number): string | undefined {
  numberSink.length = 0;
  return writeNumber(x, numberSink) ? numberSink.text() : undefined;
}

/** The value as JSON.parse gives it back: -0 reads as 0. */
function withoutNegativeZero(value: Json): Json {
  if (typeof value === "number") return value === 0 ? 0 : value;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNegativeZero(v)]));
}

// Numbers of every kind: any double, decimals with few digits (the fast path's), integers near 2^53.
const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
const fewDigits = fc.tuple(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), fc.integer({ min: 0, max: 12 })).map(([n, k]) => n / 10 ** k);
const nearLimits = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map((n) => Number.MAX_SAFE_INTEGER - Math.abs(n)),
  fc.integer({ min: 0, max: 60 }).map((e) => 2 ** e + 0.5),
  fc.integer({ min: -30, max: 30 }).chain((e) => fc.integer({ min: 1, max: 9999 }).map((m) => m * 10 ** e)),
  fc.constantFrom(1e-6, 9.999999e-7, 1e-7, 1e21, 1e20, 999999999999999900000, 5e-324, Number.MAX_VALUE, 0.1 + 0.2, 2 ** 49, 2 ** 49 + 0.25, -0),
);
const number = fc.oneof(anyDouble, fewDigits, nearLimits);
// Strings of any UTF-16 units but lone surrogates (controls, quotes, backslashes, astral pairs).
const text = fc.string({ unit: fc.oneof(fc.constantFrom("\u0000", "\u001f", '"', "\\", "\u007f", "\u2028", "\u00e9", "\ud83d\ude00", "\ufb33"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 10 });
const { json } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant(null), fc.boolean(), number, text, fc.array(tie("json"), { maxLength: 5 }), fc.dictionary(text, tie("json"), { maxKeys: 6 })),
}));

describe("issue 19.5: RFC 8785 fast path (plain JSON straight to UTF-8 bytes)", () => {
  for (const name of readdirSync(`${VECTORS}/testdata/input`).filter((f) => f.endsWith(".json"))) {
    it(`issue 19.5: upstream vector ${name}: the fast path writes the expected bytes without giving up`, () => {
      const sink = writePlainJson(JSON.parse(read(`testdata/input/${name}`)), LOOSE);
      expect(sink, "the fast path gave up").to.not.equal(undefined);
      expect(sink!.bytes.equals(readFileSync(`${VECTORS}/testdata/output/${name}`))).to.equal(true, sink!.text());
    });
  }

  it("issue 19.5: es6 numbers: all 10,000 lines of the reference file spell as listed", () => {
    const wrong: string[] = [];
    for (const line of read("es6numbers/es6testfile-first10000.txt").split("\n")) {
      if (line === "") continue;
      const [hex, expected] = line.split(",") as [string, string];
      const actual = numberText(Buffer.from(hex.padStart(16, "0"), "hex").readDoubleBE(0));
      if (actual !== expected) wrong.push(`${line} gave ${actual}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it("issue 19.5: RFC 8785 appendix B samples spell as listed; NaN and infinities have no spelling", () => {
    const rows = read("es6numbers/rfc8785-appendix-b-samples.tsv").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    for (const row of rows) {
      const [hex, expected, note] = row.split("\t") as [string, string, string?];
      const value = Buffer.from(hex.padStart(16, "0"), "hex").readDoubleBE(0);
      expect(numberText(value), `${hex} ${note ?? ""}`).to.equal(expected === "(error)" ? undefined : expected);
    }
  });

  it("issue 19.5: a number's spelling is JSON.stringify's (ECMAScript Number::toString) for any finite double, -0 as 0", () => {
    fc.assert(fc.property(number, (x) => numberText(x) === JSON.stringify(x)), { numRuns: 20_000 });
  });

  it("issue 19.5: every decimal n / 10^k with |n| <= 100,000 and k <= 4 spells as JSON.stringify does (the fast path's home ground)", () => {
    const wrong: string[] = [];
    for (let k = 0; k <= 4; k++) {
      for (let n = -100_000; n <= 100_000; n++) {
        const x = n / 10 ** k;
        if (numberText(x) !== JSON.stringify(x)) wrong.push(`${n}/10^${k}`);
      }
    }
    expect(wrong.slice(0, 10)).to.deep.equal([]);
  });

  it("issue 19.5: a string's quoting is JSON.stringify's for any well-formed string; a lone surrogate makes the fast path give up and the general path refuse", () => {
    fc.assert(fc.property(text, (s) => fast(s) === JSON.stringify(s) && fast({ [s]: s }) === `{${JSON.stringify(s)}:${JSON.stringify(s)}}`), { numRuns: 5_000 });
    const units = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 6 });
    fc.assert(
      fc.property(units, (s) => {
        const wellFormed = !/\p{Cs}/u.test(s);
        if (wellFormed) return fast(s) === JSON.stringify(s);
        return writePlainJson(s, LOOSE) === undefined && writePlainJson({ [s]: 1 }, LOOSE) === undefined && throwsTypeError(() => toCanonicalJson(s));
      }),
      { numRuns: 5_000 },
    );
  });

  it("issue 19.5: for any JSON value the output equals the reference (sorted keys + JSON.stringify), the general path's, and parses back to the value", () => {
    fc.assert(
      fc.property(json, (value) => {
        const canonical = toCanonicalJson(value);
        expect(canonical).to.equal(reference(value));
        expect(fast(value)).to.equal(canonical);
        expect(generalCanonicalJson(value)).to.equal(canonical);
        expect(JSON.parse(canonical)).to.deep.equal(withoutNegativeZero(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it("issue 19.5: the input_digest over any JSON frame is the sha256 of the general path's text", () => {
    const safe = json.filter((v) => JSON.stringify(v).match(/\d{16,}|e\+/) === null); // the digest refuses numbers past 2^53
    fc.assert(
      fc.property(safe, (frame) => {
        const request: DigestSource = { task: { id: "t" }, binding: { id: "b" }, processor_contract: "p", frame, options: {} };
        const result = computeInputDigest(request);
        if (!result.ok) return true; // refused for a number past 2^53 the filter let through; refusals have their own tests
        const text = generalCanonicalJson({ task: { id: "t" }, binding: { id: "b" }, processor_contract: "p", artifact: null, frame, options: {} });
        return result.canonicalJson === text && result.digest === `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}` && result.canonicalBytes === Buffer.byteLength(text);
      }),
      { numRuns: 1_000 },
    );
  });

  // The frames' columns take three shortcuts (cells of short decimals and nulls in one loop, runs
  // of an equal primitive copied, arrays of distinct strings through JSON.stringify): long arrays
  // drawn from small pools make runs, mixed columns switch between them at every position.
  it("columns: long arrays of cells, runs and distinct strings equal the reference and the general path, wherever the kinds switch", () => {
    const cell = fc.oneof(fc.constant(null), fewDigits, fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 1000), nearLimits);
    const pooled = <T>(pool: fc.Arbitrary<T[]>): fc.Arbitrary<T[]> => pool.chain((items) => fc.array(fc.constantFrom(...items), { maxLength: 80 }));
    const column: fc.Arbitrary<Json[]> = fc.oneof(
      fc.array(cell, { maxLength: 80 }),
      pooled(fc.array(fc.oneof(cell, text, fc.boolean()), { minLength: 1, maxLength: 3 })),
      fc.uniqueArray(text, { minLength: 2, maxLength: 40 }),
      fc.array(fc.oneof(cell, text, fc.boolean(), fc.constant<Json>([]), fc.constant<Json>({ a: 1 })), { maxLength: 40 }),
    );
    fc.assert(
      fc.property(column, (items) => {
        const canonical = reference(items);
        expect(fast(items)).to.equal(canonical);
        expect(generalCanonicalJson(items)).to.equal(canonical);
        expect(fast({ column: items, after: [items, 1] })).to.equal(reference({ column: items, after: [items, 1] }));
      }),
      { numRuns: 3_000 },
    );
  });

  it("columns: a value without a spelling anywhere in a column (NaN, Infinity, a lone surrogate, past 2^53 under safeNumbersOnly, a hole) makes the fast path give up", () => {
    const strict = { maxDepth: 64, safeNumbersOnly: true };
    const bad: unknown[] = [Number.NaN, Infinity, -Infinity, "\udc00", "a\ud800", 2 ** 53 + 2, undefined];
    const fill: unknown[][] = [Array(30).fill(1.5), Array(30).fill("good"), Array.from({ length: 30 }, (_, i) => `2026-03-01T00:${String(i).padStart(2, "0")}:00Z`), Array(30).fill(null)];
    for (const item of bad) {
      for (const column of fill) {
        for (const at of [0, 1, 15, 29]) {
          const items = [...column];
          items[at] = item;
          expect(writePlainJson(items, strict), `${String(item)} at ${at} of ${String(column[0])}`).to.equal(undefined);
        }
      }
    }
    const holey = Array(30).fill("good") as unknown[];
    delete holey[7];
    expect(writePlainJson(holey, strict)).to.equal(undefined);
  });

  it("columns: every n / 1000 below 2,000,000 in magnitude (sampled densely at the ends) spells as JSON.stringify does, -0 as 0", () => {
    const wrong: string[] = [];
    const check = (n: number): void => {
      for (const x of [n / 1000, -n / 1000]) if (fast([x, null, x]) !== JSON.stringify([x, null, x])) wrong.push(String(x));
    };
    for (let n = 0; n <= 200_000; n++) check(n);
    for (let n = 1_999_980_000; n <= 2_000_001_000; n++) check(n);
    for (let n = 200_000; n < 2_000_000_000; n += 19_997) check(n);
    expect(wrong.slice(0, 10)).to.deep.equal([]);
    expect(fast([-0, 0.0005, 1e-7, 2e6, 1999999.9995])).to.equal("[0,0.0005,1e-7,2000000,1999999.9995]");
  });

  it("issue 19.5: gives up on what only the general path reads (toJSON, boxed primitives, undefined members, holes, subclassed arrays, cycles, deep nesting), which still writes what it wrote before", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    class Items extends Array<number> {}
    const holey: number[] = [1];
    holey[2] = 2;
    const deep = Array.from({ length: 600 }).reduce<unknown>((inner) => [inner], 1);
    const values: unknown[] = [new Date(0), { a: Object(1) }, { a: undefined }, holey, Items.from([1]), { toJSON: () => 1 }, cyclic, deep, { n: 1n }, NaN, "\ud800"];
    for (const value of values) expect(writePlainJson(value, LOOSE), String(value)).to.equal(undefined);
    expect(toCanonicalJson({ at: new Date(0), a: Object(1), u: undefined, h: holey })).to.equal('{"a":1,"at":"1970-01-01T00:00:00.000Z","h":[1,null,2]}');
    expect(toCanonicalJson(deep)).to.equal(`${"[".repeat(600)}1${"]".repeat(600)}`);
  });

  it("issue 19.5: the reused byte buffer: a getter that canonicalises meanwhile, and a digest's text read after later digests, are each their own", () => {
    const nested = { get a(): string {
      return toCanonicalJson({ x: [1.5, "y"] });
    }, b: "after" };
    expect(toCanonicalJson(nested)).to.equal('{"a":"{\\"x\\":[1.5,\\"y\\"]}","b":"after"}');
    const digestOf = (frame: Json): ReturnType<typeof computeInputDigest> => computeInputDigest({ task: { id: "t" }, binding: { id: "b" }, processor_contract: "p", frame, options: {} });
    const first = digestOf({ v: [1, 2, 3] });
    const second = digestOf({ w: "a much longer frame than the first one, written over the same bytes" });
    expect(first.ok && first.canonicalJson).to.equal('{"artifact":null,"binding":{"id":"b"},"frame":{"v":[1,2,3]},"options":{},"processor_contract":"p","task":{"id":"t"}}');
    expect(second.ok && second.canonicalJson).to.contain("much longer");
  });

  it("issue 19.5: with safeNumbersOnly (the input_digest) numbers past ±(2^53 - 1) make it give up; the depth limit counts containers", () => {
    const strict = { maxDepth: 3, safeNumbersOnly: true };
    expect(writePlainJson([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER], strict)?.text()).to.equal("[9007199254740991,-9007199254740991]");
    expect(writePlainJson([2 ** 53], strict)).to.equal(undefined);
    expect(writePlainJson([1e300], strict)).to.equal(undefined);
    expect(writePlainJson([[{}]], strict)?.text()).to.equal("[[{}]]");
    expect(writePlainJson([[[{}]]], strict)).to.equal(undefined);
  });
});

function throwsTypeError(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch (error) {
    return error instanceof TypeError;
  }
}
