// Our RFC 8785 serialiser (issue 16.24 replaced canonicalize@5, which requires Node 22). The
// published vectors run in test/contracts/input-digest.test.ts; here: it reads values the way
// JSON.stringify does and refuses what canonicalize@5 refused, and the audit chain sealed by the
// old code still verifies.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { MAX_CANONICAL_DEPTH, toCanonicalJson } from "../../../compiler/jcs/canonical-json.js";
import type { AuditEvent } from "../../../runtime/audit/audit-event.js";
import { computeEvidenceDigest, sealAuditEvent, toCanonicalAuditJson } from "../../../runtime/audit/evidence-digest.js";
import { fromRoot } from "../../helpers/paths.js";

interface SealedFixture {
  events: Array<{ event: AuditEvent; canonicalJson: string }>;
}

describe("toCanonicalJson (RFC 8785)", () => {
  it("issue 16.24: an audit chain sealed by canonicalize@5 (recorded fixture) re-seals to the same canonical JSON and digests", () => {
    const { events } = JSON.parse(readFileSync(fromRoot("test/fixtures/audit/chain-sealed-by-canonicalize5.json"), "utf8")) as SealedFixture;
    expect(events).to.have.length(5);
    let previous = "";
    for (const { event, canonicalJson } of events) {
      const { evidenceDigest, ...unsealed } = event;
      expect(toCanonicalAuditJson(unsealed)).to.equal(canonicalJson);
      expect(computeEvidenceDigest(previous, canonicalJson)).to.equal(evidenceDigest);
      expect(sealAuditEvent(unsealed, previous).event).to.deep.equal(event);
      previous = evidenceDigest;
    }
  });

  it("sorts keys by UTF-16 code units at every level and writes no whitespace", () => {
    expect(toCanonicalJson({ b: [3, { z: 1, a: "x" }], a: null, "\ud83d\ude02": 1, "\ufb33": 2, A: true })).to.equal('{"A":true,"a":null,"b":[3,{"a":"x","z":1}],"\ud83d\ude02":1,"\ufb33":2}');
  });

  it("reads values as JSON.stringify does: undefined, functions and symbols left out of objects, null in arrays; toJSON and boxed primitives", () => {
    expect(toCanonicalJson({ a: undefined, b: () => 1, c: Symbol("s"), d: 1 })).to.equal('{"d":1}');
    expect(toCanonicalJson([undefined, () => 1, Symbol("s")])).to.equal("[null,null,null]");
    expect(toCanonicalJson({ at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)) })).to.equal('{"at":"2026-01-02T03:04:05.006Z"}');
    expect(toCanonicalJson([Object(1.5), Object("s"), Object(false)])).to.equal('[1.5,"s",false]');
    expect(toCanonicalJson({ a: { toJSON: () => undefined }, b: [{ toJSON: () => undefined }] })).to.equal('{"b":[null]}');
    expect(toCanonicalJson(-0)).to.equal("0");
    expect(toCanonicalJson("a\u2028\u0000")).to.equal('"a\u2028\\u0000"');
  });

  it("refuses what canonicalize@5 refused: NaN, infinities, lone surrogates in strings and keys, cycles, bigints; and a top-level value with no JSON", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    const looping = { toJSON: (): unknown => looping };
    for (const value of [NaN, Infinity, [-Infinity], { s: "\ud800" }, { "\udc00": 1 }, "\ude02\ud83d", cyclic, looping, { n: 1n }, undefined, () => 1]) {
      expect(() => toCanonicalJson(value), String(typeof value)).to.throw(TypeError);
    }
  });

  it("a value used twice that is not a cycle is written twice", () => {
    const shared = { x: 1 };
    expect(toCanonicalJson({ a: shared, b: [shared, shared] })).to.equal('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
  });

  it(`nesting up to ${MAX_CANONICAL_DEPTH.toLocaleString("en-US")} containers is written without a stack overflow; deeper is refused with a TypeError`, () => {
    // Objects and arrays alternate; the expected text is built the same way, as a string.
    const nest = (depth: number): [unknown, string] => {
      let value: unknown = { a: 0 };
      let text = '{"a":0}';
      for (let i = 1; i < depth; i++) [value, text] = i % 2 === 0 ? [{ a: value }, `{"a":${text}}`] : [[value], `[${text}]`];
      return [value, text];
    };
    const [deepest, expected] = nest(MAX_CANONICAL_DEPTH);
    expect(toCanonicalJson(deepest)).to.equal(expected);
    expect(() => toCanonicalJson(nest(MAX_CANONICAL_DEPTH + 1)[0])).to.throw(TypeError, /deeper/);
  });
});
