import { expect } from "chai";
import { checkExpression, scopeOf } from "../../../compiler/expression/check.js";
import type { ValueType } from "../../../compiler/expression/value-type.js";
import { parseExpression } from "../../../grammar/expression/index.js";

const scope = new Map<string, ValueType>([
  ["temp", "number"],
  ["occupied", "number"],
  ["summer", "boolean"],
]);

function check(text: string): { type?: ValueType; codes: string[]; suggestions: Array<string | undefined> } {
  const result = checkExpression(parseExpression(text).ast!, scopeOf(scope));
  return { type: result.type, codes: result.diagnostics.map((d) => d.code), suggestions: result.diagnostics.map((d) => d.suggestion) };
}

describe("expression type checking", () => {
  it("types arithmetic as number and comparisons and logic as boolean", () => {
    expect(check("temp * 2 + 1").type).to.equal("number");
    expect(check("temp > 1").type).to.equal("boolean");
    expect(check("summer && temp > 1").type).to.equal("boolean");
    expect(check("summer ? 1 : 2").type).to.equal("number");
    expect(check("clamp(temp, 0, max(1, 2, 3))").type).to.equal("number");
  });

  it("accepts numbers as truth values in logic (digital points are 0/1 measurements)", () => {
    expect(check("occupied && temp > 22").type).to.equal("boolean");
    expect(check("!occupied").type).to.equal("boolean");
    expect(check("occupied ? temp : 0").type).to.equal("number");
  });

  it("rejects operands of the wrong type", () => {
    expect(check("summer + 1").codes).to.deep.equal(["expr/type-mismatch"]);
    expect(check("summer > 0").codes).to.deep.equal(["expr/type-mismatch"]);
    expect(check("temp == summer").codes).to.deep.equal(["expr/type-mismatch"]);
    expect(check("-summer").codes).to.deep.equal(["expr/type-mismatch"]);
    expect(check("summer ? 1 : true").codes).to.deep.equal(["expr/type-mismatch"]);
    expect(check("abs(summer)").codes).to.deep.equal(["expr/type-mismatch"]);
    expect(check("not temp > 1").codes, "not binds tighter than >").to.deep.equal(["expr/type-mismatch"]);
  });

  it("reports unknown names with the nearest known one", () => {
    expect(check("tmep > 1")).to.deep.include({ codes: ["expr/unknown-variable"], suggestions: ["did you mean 'temp'?"] });
    expect(check("maxi(1, 2)")).to.deep.include({ codes: ["expr/unknown-function"], suggestions: ["did you mean 'max'?"] });
    expect(check("zzz > 1").suggestions).to.deep.equal([undefined]);
  });

  it("checks the number of arguments of each function", () => {
    expect(check("abs(1, 2)").codes).to.deep.equal(["expr/arity"]);
    expect(check("min(1)").codes).to.deep.equal(["expr/arity"]);
    expect(check("clamp(1, 2)").codes).to.deep.equal(["expr/arity"]);
    expect(check("pow(2, 3)").codes).to.deep.equal([]);
  });

  it("reports one mistake once, not again for every enclosing operator", () => {
    expect(check("(nope + 1) * 2 > temp && summer").codes).to.deep.equal(["expr/unknown-variable"]);
  });
});

describe("expression type checking: hints and silence", () => {
  it("explains `not a > b` as `(not a) > b`", () => {
    expect(check("not temp > 1").suggestions[0]).to.contain("not (a > b)");
  });

  it("stays silent about a name whose definition already failed (typeOf null)", () => {
    const result = checkExpression(parseExpression("broken + 1").ast!, { typeOf: (n) => (n === "broken" ? null : undefined), names: () => [] });
    expect(result.diagnostics).to.deep.equal([]);
    expect(result.type).to.equal(undefined);
  });
});
