// Issue 6, part 4: the processor request's input_digest (spec: Processor request, input_digest;
// Common encoding rules, Digests and Numbers). Our RFC 8785 serialiser (toCanonicalJson, which
// replaced canonicalize@5 in issue 16.24) is checked against the published RFC 8785 vectors
// (copied to test/fixtures/jcs-vectors); the digest's own rules on top of it.
import { expect } from "chai";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import {
  checkCanonicalizable,
  computeInputDigest,
  DIGEST_PATTERN,
  digestMembers,
  MAX_DIGEST_DEPTH,
  sha256Digest,
  type DigestSource,
} from "../../compiler/contracts/input-digest.js";
import { toCanonicalJson } from "../../compiler/jcs/canonical-json.js";
import { hasDuplicateKey } from "../../compiler/diagnostics/strict-json.js";
import { fromRoot } from "../helpers/paths.js";
import { KNOWN_CANONICAL, KNOWN_DIGEST, knownRequest, largeRequest } from "./digest-fixtures.js";

const VECTORS = fromRoot("test/fixtures/jcs-vectors");
const read = (path: string): string => readFileSync(`${VECTORS}/${path}`, "utf8");
const sha256Hex = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

function digestOf(request: unknown): string {
  const result = computeInputDigest(request as DigestSource);
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.digest;
}

function codesAndPaths(value: unknown): string[] {
  return checkCanonicalizable(value).map((d) => `${d.code} ${d.path}`);
}

/** The canonical text of the IEEE-754 double written as 1-16 hex digits. */
function doubleOf(hex: string): number {
  return Buffer.from(hex.padStart(16, "0"), "hex").readDoubleBE(0);
}

describe("RFC 8785 vectors through toCanonicalJson (spec: Processor request, input_digest)", () => {
  const names = readdirSync(`${VECTORS}/testdata/input`).filter((f) => f.endsWith(".json"));

  it("the copy holds the 6 upstream vectors", () => {
    expect(names.sort()).to.deep.equal(["arrays.json", "french.json", "structures.json", "unicode.json", "values.json", "weird.json"]);
  });

  for (const name of names) {
    it(`issue 16.24: upstream vector ${name}: canonical output byte for byte (output/ and outhex/)`, () => {
      const canonical = toCanonicalJson(JSON.parse(read(`testdata/input/${name}`)));
      const actual = Buffer.from(canonical, "utf8");
      expect(actual.equals(readFileSync(`${VECTORS}/testdata/output/${name}`))).to.equal(true, canonical);
      const hex = read(`testdata/outhex/${name.replace(/\.json$/, ".txt")}`).trim().split(/\s+/).join("");
      expect(actual.toString("hex")).to.equal(hex);
      // The digest refuses numbers past 2^53 - 1 (where a double no longer holds every integer),
      // so of the upstream inputs it takes all but values.json's 1e+30.
      const refused = codesAndPaths(JSON.parse(read(`testdata/input/${name}`)));
      expect(refused).to.deep.equal(name === "values.json" ? ["digest/unsafe-integer /numbers/1"] : []);
      expect(sha256Digest(canonical)).to.equal(`sha256:${sha256Hex(Buffer.from(hex, "hex"))}`);
    });
  }

  it("es6 numbers: all 10,000 lines (hex-ieee,expected) of the reference file, whose SHA-256 is the published one", () => {
    const text = read("es6numbers/es6testfile-first10000.txt");
    const published = read("es6numbers/SHA256SUMS").split("\n").find((l) => l.endsWith(" es6testfile-first10000.txt"))!.split(/\s+/)[0];
    expect(sha256Hex(text)).to.equal(published);
    const lines = text.split("\n").filter((l) => l !== "");
    expect(lines).to.have.length(10_000);
    const wrong: string[] = [];
    for (const line of lines) {
      const [hex, expected] = line.split(",") as [string, string];
      const actual = toCanonicalJson(doubleOf(hex));
      if (actual !== expected) wrong.push(`${line} gave ${actual}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it("RFC 8785 appendix B samples: finite values print as listed; NaN and Infinity are refused (spec: Numbers finite)", () => {
    const rows = read("es6numbers/rfc8785-appendix-b-samples.tsv").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    expect(rows).to.have.length(26);
    for (const row of rows) {
      const [hex, expected, note] = row.split("\t") as [string, string, string?];
      const value = doubleOf(hex);
      if (expected === "(error)") {
        expect(codesAndPaths({ v: value }), note).to.deep.equal(["digest/non-finite-number /v"]);
        expect(() => toCanonicalJson(value), note).to.throw();
      } else {
        expect(toCanonicalJson(value), `${hex} ${note ?? ""}`).to.equal(expected);
      }
    }
  });
});

describe("extra edge cases (extra/edge-cases.json)", () => {
  interface EdgeCase {
    name: string;
    input_text: string;
    expected: { canonical?: string; error?: boolean };
    sha256_of_canonical_utf8: string | null;
  }
  const cases = JSON.parse(read("extra/edge-cases.json")) as EdgeCase[];

  // What the digest does with each case: the canonical text is only half of it. The digest
  // also refuses integers past 2^53 (they change when parsed) and nesting past MAX_DIGEST_DEPTH.
  // Duplicate keys never reach a canonicaliser: JSON.parse keeps the last one silently, so they
  // are refused on the text, before parsing (hasDuplicateKey; svc digest and the HTTP body reader).
  const DIGEST: Record<string, "accepted" | "json-parse-error" | "duplicate-key" | string[]> = {
    "neg-zero": "accepted",
    "exp-forms": ["digest/unsafe-integer /d", "digest/unsafe-integer /e"], // 1e21 and 1.2e20 are past 2^53
    "int-beyond-2^53": ["digest/unsafe-integer /n"],
    "key-order-utf16": "accepted",
    escapes: "accepted",
    "duplicate-key": "duplicate-key",
    "lone-high-surrogate": ["digest/lone-surrogate /s"],
    "lone-low-surrogate-key": ["digest/lone-surrogate /\udc00"],
    "reversed-pair": ["digest/lone-surrogate /s"],
    "nan-literal": "json-parse-error",
    "overflow-1e400": ["digest/non-finite-number /v"],
    "deep-nesting-2000": [`digest/too-deep /${Array.from({ length: MAX_DIGEST_DEPTH }, () => "0").join("/")}`],
  };

  it("every case has an expectation here, and no expectation is stale", () => {
    expect(cases.map((c) => c.name).sort()).to.deep.equal(Object.keys(DIGEST).sort());
  });

  for (const c of cases) {
    it(`${c.name}: ${String(DIGEST[c.name]).split(" /")[0]}`, () => {
      const outcome = DIGEST[c.name]!;
      if (outcome === "json-parse-error") return void expect(() => JSON.parse(c.input_text)).to.throw(SyntaxError);
      const parsed: unknown = JSON.parse(c.input_text);
      if (c.expected.canonical !== undefined) {
        expect(toCanonicalJson(parsed)).to.equal(c.expected.canonical);
        expect(sha256Digest(c.expected.canonical)).to.equal(`sha256:${c.sha256_of_canonical_utf8}`);
      }
      if (outcome === "duplicate-key") {
        // JSON.parse resolves it (last wins) and no canonicaliser can know: only the text shows it.
        expect(parsed).to.deep.equal({ a: 2 });
        expect(checkCanonicalizable(parsed)).to.deep.equal([]);
        expect(hasDuplicateKey(c.input_text)).to.equal(true);
        return;
      }
      expect(hasDuplicateKey(c.input_text)).to.equal(false);
      const found = codesAndPaths(parsed);
      expect(found).to.deep.equal(outcome === "accepted" ? [] : outcome);
      if (c.expected.error === true) expect(() => toCanonicalJson(parsed), "toCanonicalJson refuses it too").to.throw();
    });
  }
});

describe("input_digest (spec: Processor request, input_digest)", () => {
  it("known answer: the canonical JSON written by hand and its sha256sum (spec: Digests, sha256: and lowercase hex)", () => {
    const result = computeInputDigest(knownRequest() as unknown as DigestSource);
    expect(result).to.deep.equal({ ok: true, digest: KNOWN_DIGEST, canonicalJson: KNOWN_CANONICAL, canonicalBytes: KNOWN_CANONICAL.length });
    expect(KNOWN_DIGEST).to.match(DIGEST_PATTERN);
  });

  it("covers exactly task, binding, processor_contract, artifact (null when absent), frame and options", () => {
    const members = digestMembers(knownRequest() as unknown as DigestSource);
    expect(Object.keys(members).sort()).to.deep.equal(["artifact", "binding", "frame", "options", "processor_contract", "task"]);
    expect(members.artifact).to.equal(null);
  });

  it("request_id, submitted_at, deadline, schema and input_digest do not change it", () => {
    const changes = { request_id: "req-2", submitted_at: "2030-06-01T12:00:00Z", deadline: "2030-06-01T12:00:05.5Z", schema: "other", input_digest: "sha256:x" };
    for (const [member, value] of Object.entries(changes)) {
      expect(digestOf({ ...knownRequest(), [member]: value }), member).to.equal(KNOWN_DIGEST);
      const { [member]: _gone, ...without } = knownRequest();
      expect(digestOf(without), `without ${member}`).to.equal(KNOWN_DIGEST);
    }
  });

  it("reordering keys at every level does not change it", () => {
    const reversed = JSON.parse(JSON.stringify(knownRequest(), (_key, value: unknown) => reverseKeys(value))) as unknown;
    expect(JSON.stringify(reversed)).to.not.equal(JSON.stringify(knownRequest()));
    expect(digestOf(reversed)).to.equal(KNOWN_DIGEST);
  });

  it("spelling numbers differently in the JSON text (1.0 / 1, 1e2 / 100, 0.5 / 5E-1, 900 / 9.0e2) does not change it", () => {
    const plain = JSON.stringify({ ...knownRequest(), options: { kind: "forecast", horizon_steps: 1, extra: [100, 0.5, 0, 1] } });
    const respelt = plain
      .replace('"horizon_steps":1', '"horizon_steps":1.0')
      .replace("[100,0.5,0,1]", "[1e2,5E-1,-0,10e-1]")
      .replace('"cadence_seconds":900', '"cadence_seconds":9.0e2')
      .replace("12.5", "1250e-2");
    expect(respelt).to.not.equal(plain);
    expect(digestOf(JSON.parse(respelt))).to.equal(digestOf(JSON.parse(plain)));
  });

  it("changing any single value of the covered members changes it, each change differently", () => {
    const base = knownRequest();
    const seen = new Set([KNOWN_DIGEST]);
    const leaves = leafPaths(digestMembers(base as unknown as DigestSource));
    expect(leaves.length).to.be.greaterThan(25);
    for (const path of leaves) {
      const changed = structuredClone(base);
      mutateAt(changed, path);
      const digest = digestOf(changed);
      expect(seen.has(digest), `changing ${path.join("/")}`).to.equal(false);
      seen.add(digest);
    }
  });

  it("changing the frame or the options changes it; so do adding a member inside them and an artifact", () => {
    const frame = knownRequest().frame as Record<string, unknown>;
    expect(digestOf({ ...knownRequest(), frame: { ...frame, static_features: {} } })).to.not.equal(KNOWN_DIGEST);
    expect(digestOf({ ...knownRequest(), options: { kind: "forecast", horizon_steps: 4, quantiles: [] } })).to.not.equal(KNOWN_DIGEST);
    expect(digestOf({ ...knownRequest(), artifact: { kind: "onnx", family: "load" } })).to.not.equal(KNOWN_DIGEST);
  });

  it("an absent artifact and artifact null give the same digest", () => {
    const { artifact: _none, ...absent } = { ...knownRequest(), artifact: undefined };
    expect(digestOf({ ...knownRequest(), artifact: null })).to.equal(KNOWN_DIGEST);
    expect(digestOf(absent)).to.equal(KNOWN_DIGEST);
    expect(digestOf({ ...knownRequest(), artifact: undefined })).to.equal(KNOWN_DIGEST);
  });

  it("non-ASCII keys sort by UTF-16 code units, not code points (U+1F600 before U+FB33)", () => {
    const result = computeInputDigest({ ...knownRequest(), options: { "\ufb33": 2, "\ud83d\ude00": 1, "\u20ac": 3, z: 4 } } as unknown as DigestSource);
    if (!result.ok) throw new Error("refused");
    // By code point U+FB33 < U+1F600; by UTF-16 code unit 0xD83D < 0xFB33.
    expect(result.canonicalJson).to.contain('"options":{"z":4,"\u20ac":3,"\ud83d\ude00":1,"\ufb33":2}');
    expect(result.canonicalBytes).to.equal(Buffer.byteLength(result.canonicalJson, "utf8"));
    expect(result.digest).to.equal(`sha256:${sha256Hex(Buffer.from(result.canonicalJson, "utf8"))}`);
  });

  it("a 672 x 10 frame (the benchmark's size) digests, and the check walks every cell", () => {
    const request = largeRequest(672, 10);
    const result = computeInputDigest(request as unknown as DigestSource);
    expect(result.ok).to.equal(true);
    const features = ((request.frame as Record<string, Record<string, unknown>>).history!.features as Record<string, { values: unknown[] }>);
    features.feature_9!.values[671] = Number.NaN;
    expect(codesAndPaths(digestMembers(request as unknown as DigestSource))).to.deep.equal(["digest/non-finite-number /frame/history/features/feature_9/values/671"]);
  });
});

describe("input_digest refusals (spec: Numbers finite; RFC 8785 §3.2.2)", () => {
  const values = (cells: unknown[]): Record<string, unknown> => {
    const request = knownRequest();
    const frame = structuredClone(request.frame) as { history: { features: { load: { values: unknown[] } } } };
    frame.history.features.load.values = cells;
    return { ...request, frame };
  };
  const refusal = (request: unknown): string[] => {
    const result = computeInputDigest(request as DigestSource);
    expect(result.ok).to.equal(false);
    return result.ok ? [] : result.diagnostics.map((d) => `${d.code} ${d.path}`);
  };
  const AT = "/frame/history/features/load/values";

  it("NaN, Infinity and -Infinity: digest/non-finite-number at the cell", () => {
    expect(refusal(values([1, Number.NaN, Infinity, -Infinity]))).to.deep.equal([
      `digest/non-finite-number ${AT}/1`,
      `digest/non-finite-number ${AT}/2`,
      `digest/non-finite-number ${AT}/3`,
    ]);
  });

  it("integers past 2^53 - 1 (2**53 + 2, -(2**53), 1e21): digest/unsafe-integer; 2**53 - 1 is accepted", () => {
    expect(refusal(values([2 ** 53 - 1, 2 ** 53 + 2, -(2 ** 53), 1e21, 0.5]))).to.deep.equal([
      `digest/unsafe-integer ${AT}/1`,
      `digest/unsafe-integer ${AT}/2`,
      `digest/unsafe-integer ${AT}/3`,
    ]);
  });

  it("a lone surrogate in a value and in a key: digest/lone-surrogate at the string, escaped as a JSON Pointer", () => {
    expect(refusal({ ...knownRequest(), options: { kind: "forecast", note: "ok \ud800", "a/b~c": { "\udc00x": 1 } } })).to.deep.equal([
      "digest/lone-surrogate /options/note",
      "digest/lone-surrogate /options/a~1b~0c/\udc00x",
    ]);
    const message = checkCanonicalizable({ s: "ab\ude00\ud83d" })[0]!.message;
    expect(message).to.contain("\\ude00 at index 2");
  });

  it("undefined, functions, bigints, symbols, Dates and other class instances: digest/not-json", () => {
    expect(codesAndPaths({ a: undefined, b: [1, undefined], c: () => 1, d: 1n, e: Symbol("s"), f: new Date(0), g: new Map(), h: new Number(1) })).to.deep.equal([
      "digest/not-json /a",
      "digest/not-json /b/1",
      "digest/not-json /c",
      "digest/not-json /d",
      "digest/not-json /e",
      "digest/not-json /f",
      "digest/not-json /g",
      "digest/not-json /h",
    ]);
    // An array hole would print as null: refused too. Objects without a prototype are plain data.
    // eslint-disable-next-line no-sparse-arrays
    expect(codesAndPaths([1, , 3])).to.deep.equal(["digest/not-json /1"]);
    expect(codesAndPaths(Object.assign(Object.create(null) as object, { a: 1 }))).to.deep.equal([]);
  });

  it("a missing required member is refused at its path, not hashed as if absent", () => {
    const { frame: _gone, ...noFrame } = knownRequest();
    expect(refusal(noFrame)).to.deep.equal(["digest/not-json /frame"]);
  });

  it(`nesting past ${MAX_DIGEST_DEPTH} levels: digest/too-deep; a cycle: digest/cycle`, () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_DIGEST_DEPTH; i++) deep = { d: deep };
    expect(codesAndPaths(deep)).to.deep.equal([]);
    expect(codesAndPaths({ d: deep }).map((c) => c.split(" ")[0])).to.deep.equal(["digest/too-deep"]);
    const cyclic: Record<string, unknown> = { a: [1] };
    (cyclic.a as unknown[]).push(cyclic);
    expect(codesAndPaths(cyclic)).to.deep.equal(["digest/cycle /a/1"]);
    const shared = { x: 1 };
    expect(codesAndPaths({ a: shared, b: [shared] }), "a shared object is not a cycle").to.deep.equal([]);
  });

  it("basePath prefixes every path; at most 100 problems are listed", () => {
    expect(checkCanonicalizable({ v: Number.NaN }, "/frame")[0]!.path).to.equal("/frame/v");
    const many = checkCanonicalizable(Array.from({ length: 500 }, () => Number.NaN));
    expect(many).to.have.length(100);
    expect(many[99]!.notes?.[0]?.message).to.contain("first 100");
  });
});

/** The same value with the keys of every object in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).reverse());
}

type Path = Array<string | number>;

function leafPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value !== "object" || value === null) return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => leafPaths(v, [...path, k]));
}

/** Changes the leaf at `path` to another value of the same kind (null becomes 0). */
function mutateAt(root: Record<string, unknown>, path: Path): void {
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, root);
  const key = path[path.length - 1]!;
  const old = parent[key];
  parent[key] = typeof old === "number" ? old + 1 : typeof old === "string" ? `${old}x` : typeof old === "boolean" ? !old : 0;
}
