import { expect } from "chai";
import fc from "fast-check";
import { checkExpression, scopeOf } from "../../../compiler/expression/check.js";
import { compileExpression, emitJs } from "../../../compiler/expression/emit-js.js";
import type { Value, ValueType } from "../../../compiler/expression/value-type.js";
import { parseExpression, type Expr } from "../../../grammar/expression/index.js";
import { drawExpression, type VariableInScope } from "../../helpers/expression-arbitraries.js";

const VARIABLES: VariableInScope[] = [
  { name: "a", type: "number" },
  { name: "b", type: "number" },
  { name: "c", type: "number" },
  { name: "flag", type: "boolean" },
];
const SLOTS = new Map(VARIABLES.map((v, i) => [v.name, i]));

function compile(text: string): (values: Value[]) => Value {
  const ast = parseExpression(text).ast!;
  const checked = checkExpression(ast, scopeOf(new Map(VARIABLES.map((v) => [v.name, v.type]))));
  expect(checked.diagnostics, text).to.deep.equal([]);
  return compileExpression(ast, { types: checked.types, slotOf: (name) => SLOTS.get(name)! });
}

// A plain tree-walking interpreter: the meaning the compiled code must match.
function evaluate(expr: Expr, env: Map<string, Value>): Value {
  const num = (e: Expr): number => evaluate(e, env) as number;
  const truth = (e: Expr): boolean => {
    const v = evaluate(e, env);
    return typeof v === "boolean" ? v : v !== 0 && !Number.isNaN(v);
  };
  switch (expr.kind) {
    case "number":
    case "boolean":
      return expr.value;
    case "variable":
      return env.get(expr.name)!;
    case "unary":
      return expr.operator === "-" ? -num(expr.operand) : !truth(expr.operand);
    case "conditional":
      return truth(expr.test) ? evaluate(expr.consequent, env) : evaluate(expr.alternate, env);
    case "call": {
      const args = expr.args.map(num);
      if (expr.callee === "clamp") return Math.min(Math.max(args[0]!, args[1]!), args[2]!);
      return (Math[expr.callee as "abs"] as (...n: number[]) => number)(...args);
    }
    case "binary": {
      const { operator: op, left, right } = expr;
      if (op === "&&") return truth(left) && truth(right);
      if (op === "||") return truth(left) || truth(right);
      if (op === "==") return evaluate(left, env) === evaluate(right, env);
      if (op === "!=") return evaluate(left, env) !== evaluate(right, env);
      const [l, r] = [num(left), num(right)];
      const table: Record<string, () => Value> = {
        "+": () => l + r, "-": () => l - r, "*": () => l * r, "/": () => l / r, "%": () => l % r,
        "<": () => l < r, "<=": () => l <= r, ">": () => l > r, ">=": () => l >= r,
      };
      return table[op]!();
    }
  }
}

const number = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, 1, -1, 0.5, NaN, Infinity, -Infinity),
  fc.integer({ min: -5, max: 5 }),
);

describe("expression compiler to JavaScript", () => {
  it("agrees with a reference interpreter on random expressions and values, NaN and infinities included", () => {
    fc.assert(
      fc.property(fc.gen(), fc.constantFrom<ValueType>("number", "boolean"), number, number, number, fc.boolean(), (g, type, a, b, c, flag) => {
        const text = drawExpression(g, VARIABLES, type, 4);
        const values: Value[] = [a, b, c, flag];
        const expected = evaluate(parseExpression(text).ast!, new Map(VARIABLES.map((v, i) => [v.name, values[i]!])));
        const actual = compile(text)(values);
        expect(typeof actual, text).to.equal(typeof expected);
        expect(Object.is(actual, expected) || (Number.isNaN(actual) && Number.isNaN(expected)), `${text} -> ${String(actual)} vs ${String(expected)}`).to.equal(true);
      }),
      { numRuns: 500 },
    );
  });

  it("follows IEEE arithmetic: division by zero, NaN and infinities are values, not errors", () => {
    expect(compile("a / b")([1, 0, 0, false])).to.equal(Infinity);
    expect(compile("a / b")([-1, 0, 0, false])).to.equal(-Infinity);
    expect(compile("a / b")([0, 0, 0, false])).to.be.NaN;
    expect(compile("a % b")([5, 0, 0, false])).to.be.NaN;
    expect(compile("a == a")([NaN, 0, 0, false])).to.equal(false);
    expect(compile("a > 1 || a <= 1")([NaN, 0, 0, false])).to.equal(false);
    expect(compile("sqrt(a)")([-1, 0, 0, false])).to.be.NaN;
  });

  it("yields booleans from logic on numbers (0 and NaN are false)", () => {
    expect(compile("a && b")([2, 3, 0, false])).to.equal(true);
    expect(compile("a || b")([0, NaN, 0, false])).to.equal(false);
    expect(compile("a > b + 1.5 && flag")([5, 1, 0, true])).to.equal(true);
  });

  it("emits slot reads and fixed operators only; no user text reaches the generated source", () => {
    const ast = parseExpression("constructor + __proto__ > toString").ast!;
    const slots = new Map([["constructor", 0], ["__proto__", 1], ["toString", 2]]);
    const types = checkExpression(ast, scopeOf(new Map([...slots.keys()].map((n) => [n, "number" as const])))).types;
    const js = emitJs(ast, { types, slotOf: (n) => slots.get(n)! });
    expect(js).to.equal("((s[0] + s[1]) > s[2])");
    expect(compileExpression(ast, { types, slotOf: (n) => slots.get(n)! })([1, 2, 2.5])).to.equal(true);
  });

  it("treats a missing slot as a bug of the caller and throws", () => {
    const ast = parseExpression("x + 1").ast!;
    expect(() => emitJs(ast, { types: new Map(), slotOf: () => -1 })).to.throw(/no slot/);
  });
});
