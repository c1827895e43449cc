// Properties of the input_digest over generated JSON (spec: Processor request, input_digest is
// content identity): neither the order of keys nor the spelling of numbers in the JSON text
// changes it, and the canonical JSON it hashes reads back as the same value.
import { expect } from "chai";
import fc from "fast-check";
import { computeInputDigest, type DigestSource } from "../../compiler/contracts/input-digest.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// Numbers JSON carries exactly: finite, and integers within ±(2^53 - 1) (larger ones are refused).
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }));
const text = fc.string({ unit: "grapheme", maxLength: 8 });
const { json } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    number,
    text,
    fc.array(tie("json"), { maxLength: 4 }),
    fc.dictionary(text, tie("json"), { maxKeys: 4 }),
  ),
}));

function request(frame: Json, options: Json): DigestSource {
  return { task: { id: "t", revision: 1, kind: "forecast" }, binding: { id: "b", revision: 1 }, processor_contract: "svc.data-processing.forecast.v1", frame, options };
}

function digestOf(source: DigestSource): string {
  const result = computeInputDigest(source);
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.digest;
}

/** The same value with every object's keys in reverse order. */
function reversedKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.keys(value).reverse().map((k) => [k, reversedKeys(value[k]!)]));
}

/** JSON text of the value with every number spelled in exponent form (1 -> 1e+0, 0.5 -> 5e-1). */
function exponentText(value: Json): string {
  if (typeof value === "number") return value.toExponential();
  if (Array.isArray(value)) return `[${value.map(exponentText).join(",")}]`;
  if (value !== null && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${exponentText(v)}`).join(",")}}`;
  return JSON.stringify(value);
}

describe("input_digest properties (fast-check)", () => {
  it("key order at every level does not change it (spec: Processor request, input_digest)", () => {
    fc.assert(fc.property(json, json, (frame, options) => digestOf(request(frame, options)) === digestOf(request(reversedKeys(frame), reversedKeys(options)))));
  });

  it("the spelling of numbers in the JSON text (exponent form) does not change it", () => {
    fc.assert(
      fc.property(json, (frame) => {
        const respelled = JSON.parse(exponentText(frame)) as Json;
        return digestOf(request(frame, null)) === digestOf(request(respelled, null));
      }),
    );
  });

  it("the canonical JSON reads back as the same value, so the digest covers exactly the content", () => {
    fc.assert(
      fc.property(json, (frame) => {
        const result = computeInputDigest(request(frame, null));
        expect(result.ok).to.equal(true);
        const members = JSON.parse((result as { canonicalJson: string }).canonicalJson) as { frame: Json };
        // JSON has one zero: -0 is written 0, which is the same JSON number.
        expect(members.frame).to.deep.equal(JSON.parse(JSON.stringify(frame)));
      }),
    );
  });
});
