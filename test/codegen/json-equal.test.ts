// The deep equality the generated validators use for uniqueItems, const and enum (issue 17:
// ajv's helper called a value's own valueOf and threw on {"valueOf": 0}).
import { expect } from "chai";
import { jsonEqual } from "../../generated/support/json-equal.js";

describe("generated support: jsonEqual", () => {
  it("issue 17: compares JSON values by content: own keys in any order, arrays in order, NaN equal to NaN", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).to.equal(true);
    expect(jsonEqual([1, 2], [2, 1])).to.equal(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).to.equal(false);
    expect(jsonEqual([], {})).to.equal(false);
    expect(jsonEqual(NaN, NaN)).to.equal(true);
    expect(jsonEqual(0, "0")).to.equal(false);
    expect(jsonEqual(null, {})).to.equal(false);
  });

  it("issue 17: objects with their own valueOf or toString are compared as data, never called", () => {
    expect(jsonEqual({ valueOf: 0 }, {})).to.equal(false);
    expect(jsonEqual({ valueOf: 0 }, { valueOf: 0 })).to.equal(true);
    expect(jsonEqual({ toString: "x" }, { toString: "y" })).to.equal(false);
  });
});
