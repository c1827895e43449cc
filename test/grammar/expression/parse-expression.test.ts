import { expect } from "chai";
import { MAX_AST_DEPTH, MAX_EXPRESSION_BYTES, MAX_NESTING, parseExpression, type Expr } from "../../../grammar/expression/index.js";

// The AST without spans, as a compact string: enough to assert structure and precedence.
function shape(expr: Expr): string {
  switch (expr.kind) {
    case "number":
    case "boolean":
      return String(expr.value);
    case "variable":
      return expr.name;
    case "unary":
      return `(${expr.operator}${shape(expr.operand)})`;
    case "binary":
      return `(${shape(expr.left)} ${expr.operator} ${shape(expr.right)})`;
    case "conditional":
      return `(${shape(expr.test)} ? ${shape(expr.consequent)} : ${shape(expr.alternate)})`;
    case "call":
      return `${expr.callee}(${expr.args.map(shape).join(", ")})`;
  }
}

function parsed(text: string): string {
  const result = parseExpression(text);
  expect(result.diagnostics, text).to.deep.equal([]);
  return shape(result.ast!);
}

function codes(text: string): Array<[string, number, number]> {
  return parseExpression(text).diagnostics.map((d) => [d.code, d.span!.start.line, d.span!.start.column]);
}

describe("expression grammar (the expression language of docs/flow-json.md)", () => {
  it("parses literals, names, calls and parentheses", () => {
    expect(parsed("1.5")).to.equal("1.5");
    expect(parsed(".5e1")).to.equal("5");
    expect(parsed("true")).to.equal("true");
    expect(parsed("zone_temp")).to.equal("zone_temp");
    expect(parsed("max(a, 1, b)")).to.equal("max(a, 1, b)");
    expect(parsed("f()")).to.equal("f()");
    expect(parsed("((a))")).to.equal("a");
  });

  it("binds by precedence: unary, * / %, + -, comparisons, equality, &&, ||, ? :", () => {
    expect(parsed("a > b + 1.5 && c")).to.equal("((a > (b + 1.5)) && c)");
    expect(parsed("a || b && c")).to.equal("(a || (b && c))");
    expect(parsed("a == b < c")).to.equal("(a == (b < c))");
    expect(parsed("-a * b % c - d / e")).to.equal("((((-a) * b) % c) - (d / e))");
    expect(parsed("!a && -b < 0")).to.equal("((!a) && ((-b) < 0))");
    expect(parsed("a ? b : c ? d : e")).to.equal("(a ? b : (c ? d : e))");
    expect(parsed("a || b ? 1 : 2")).to.equal("((a || b) ? 1 : 2)");
  });

  it("is left-associative for binary operators", () => {
    expect(parsed("a - b - c")).to.equal("((a - b) - c)");
    expect(parsed("a / b * c")).to.equal("((a / b) * c)");
  });

  it("accepts the word forms and, or, not", () => {
    expect(parsed("a and not b or c")).to.equal("((a && (!b)) || c)");
    expect(parsed("andy + order + nothing")).to.equal("((andy + order) + nothing)");
  });

  it("reports syntax errors with line and column", () => {
    expect(codes("a >")).to.deep.equal([["expr/unexpected-token", 1, 4]]);
    expect(codes("(a + b")).to.deep.equal([["expr/unexpected-token", 1, 7]]);
    expect(codes("a b")).to.deep.equal([["expr/unexpected-token", 1, 3]]);
    expect(codes("a +\n  * b")).to.deep.equal([["expr/unexpected-token", 2, 3]]);
    expect(codes("a @ b")).to.deep.equal([["expr/unexpected-character", 1, 3]]);
    expect(codes("   ")).to.deep.equal([["expr/empty", 1, 1]]);
  });

  it("hints at the operator meant for '=', '&' and '|'", () => {
    expect(parseExpression("a = b").diagnostics[0]!.suggestion).to.equal("use '==' to compare");
    expect(parseExpression("a & b").diagnostics[0]!.suggestion).to.contain("&&");
    expect(parseExpression("a | b").diagnostics[0]!.suggestion).to.contain("||");
  });

  it("refuses a number literal too large for a double", () => {
    expect(codes("1e309")).to.deep.equal([["expr/number-out-of-range", 1, 1]]);
  });

  it("refuses deep nesting before it can exhaust the stack", () => {
    const deep = `${"(".repeat(MAX_NESTING + 1)}a${")".repeat(MAX_NESTING + 1)}`;
    expect(codes(deep)[0]![0]).to.equal("expr/too-deep");
    expect(codes(`${"-".repeat(5000)}a`)[0]![0]).to.equal("expr/too-deep");
    expect(codes(Array(MAX_AST_DEPTH + 2).fill("a").join("+"))[0]![0]).to.equal("expr/too-deep");
    expect(parsed(`${"(".repeat(MAX_NESTING - 1)}a${")".repeat(MAX_NESTING - 1)}`)).to.equal("a");
    expect(parseExpression(Array(20).fill("(a ? b : c)").join(" + ")).diagnostics).to.deep.equal([]);
  });

  it("limits an expression to 64 KiB", () => {
    expect(codes("1".padEnd(MAX_EXPRESSION_BYTES + 1, "1"))[0]![0]).to.equal("expr/too-long");
  });

  it("carries spans that cover each node, end exclusive", () => {
    const ast = parseExpression("  max(a, 2) > 1").ast!;
    expect(ast.span.start).to.deep.equal({ line: 1, column: 3, offset: 2 });
    expect(ast.span.end).to.deep.equal({ line: 1, column: 16, offset: 15 });
  });
});
