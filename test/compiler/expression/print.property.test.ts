import { expect } from "chai";
import fc from "fast-check";
import { printExpression } from "../../../compiler/expression/print.js";
import { parseExpression, type Expr } from "../../../grammar/expression/index.js";
import { drawExpression, type VariableInScope } from "../../helpers/expression-arbitraries.js";

const scope: VariableInScope[] = [
  { name: "a", type: "number" },
  { name: "b", type: "number" },
  { name: "flag", type: "boolean" },
];

function withoutSpans(expr: Expr): unknown {
  return JSON.parse(JSON.stringify(expr, (key, value: unknown) => (key === "span" || key === "calleeSpan" ? undefined : value)));
}

describe("expression normalisation (nodes_json stores normalised source text)", () => {
  it("prints text that parses back to the same AST, and printing is a fixed point", () => {
    fc.assert(
      fc.property(fc.gen(), fc.constantFrom("number", "boolean") as fc.Arbitrary<"number" | "boolean">, (g, type) => {
        const ast = parseExpression(drawExpression(g, scope, type, 4)).ast!;
        const printed = printExpression(ast);
        const reparsed = parseExpression(printed);
        expect(reparsed.diagnostics, printed).to.deep.equal([]);
        expect(withoutSpans(reparsed.ast!)).to.deep.equal(withoutSpans(ast));
        expect(printExpression(reparsed.ast!)).to.equal(printed);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps only the parentheses precedence needs, with symbolic operators", () => {
    const normal = (text: string): string => printExpression(parseExpression(text).ast!);
    expect(normal("((a))  >  b+1.50 and not (c == 0)")).to.equal("a > b + 1.5 && !(c == 0)");
    expect(normal("a - (b - c)")).to.equal("a - (b - c)");
    expect(normal("(a - b) - c")).to.equal("a - b - c");
    expect(normal("(a ? b : c) ? d : (e ? f : g)")).to.equal("(a ? b : c) ? d : e ? f : g");
    expect(normal("-(-a)")).to.equal("--a");
    expect(normal("1e21 + 0.000001 + 1e-7")).to.equal("1e+21 + 0.000001 + 1e-7");
  });
});
