import { expect } from "chai";
import fc from "fast-check";
import { MAX_NESTING, parseExpression, parseWithChevrotain } from "../../../grammar/expression/index.js";
import { parseWellFormed } from "../../../grammar/expression/direct-parser.js";

// Expressions by the grammar, operands unparenthesised so precedence and associativity matter,
// as token lists: the gaps get random whitespace (newlines and tabs included) or none at all.
const NUMBERS = ["0", "7", "1.5", ".5", "1.", "2e3", "2E-3", "1.5e+2", "007", "1e309", "0.000001"];
const NAMES = ["a", "zone_temp", "_x9", "andy", "order", "nothing", "trueish", "min", "clamp"];
const BINARY = ["||", "&&", "and", "or", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"];
const UNARY = ["-", "!", "not"];

const { expr } = fc.letrec<{ expr: string[] }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...NUMBERS, ...NAMES, "true", "false").map((t) => [t]),
    fc.tuple(tie("expr"), fc.constantFrom(...BINARY), tie("expr")).map(([l, op, r]) => [...l, op, ...r]),
    fc.tuple(fc.constantFrom(...UNARY), tie("expr")).map(([op, e]) => [op, ...e]),
    fc.tuple(tie("expr"), tie("expr"), tie("expr")).map(([t, c, a]) => [...t, "?", ...c, ":", ...a]),
    fc.tuple(fc.constantFrom(...NAMES), fc.array(tie("expr"), { maxLength: 3 })).map(([f, args]) => [f, "(", ...args.flatMap((a, i) => (i === 0 ? a : [",", ...a])), ")"]),
    tie("expr").map((e) => ["(", ...e, ")"]),
  ),
}));

// Anything at all: the language's tokens, near misses and foreign characters, in any order.
const SOUP = [...NUMBERS, ...NAMES, ...BINARY, "!", "true", "false", "?", ":", "(", ")", ",", "=", "&", "|", "@", ".", "e", "1e", "1e+", "é", "#", "\r", "\r\n"];
const soup = fc.array(fc.constantFrom(...SOUP), { maxLength: 12 });

const GAPS = ["", " ", " ", "  ", "\n", "\t", " \n  ", "\n\n\t"];
const text = (tokens: fc.Arbitrary<string[]>): fc.Arbitrary<string> =>
  tokens.chain((ts) => fc.array(fc.constantFrom(...GAPS), { minLength: ts.length + 1, maxLength: ts.length + 1 }).map((gaps) => gaps[0] + ts.map((t, i) => t + gaps[i + 1]).join("")));

// The direct parser may give up on text chevrotain reads (a carriage return, many nesting tokens),
// never the other way round; where both read the text they give the same AST, spans included.
function agrees(source: string): void {
  const reference = parseWithChevrotain(source);
  const direct = parseWellFormed(source);
  if (reference.ast === undefined) expect(direct, JSON.stringify(source)).to.equal(undefined);
  else if (!source.includes("\r")) expect(direct, JSON.stringify(source)).to.deep.equal(reference.ast);
  else if (direct !== undefined) expect(direct, JSON.stringify(source)).to.deep.equal(reference.ast);
}

describe("issue 19.5: the direct expression parser builds what chevrotain builds", () => {
  it("gives the same AST, spans and key order included, for expressions of the grammar", () => {
    fc.assert(fc.property(text(expr), (source) => {
      agrees(source);
      const direct = parseWellFormed(source);
      if (direct !== undefined) expect(JSON.stringify(direct)).to.equal(JSON.stringify(parseWithChevrotain(source).ast));
    }), { numRuns: 3000 });
  });

  it("gives up on every text chevrotain refuses, and reads the rest alike", () => {
    fc.assert(fc.property(text(soup), agrees), { numRuns: 5000 });
  });

  it("reads the examples of the grammar tests alike", () => {
    for (const source of ["1.5", ".5e1", "max(a, 1, b)", "f()", "((a))", "a > b + 1.5 && c", "a ? b : c ? d : e", "a || b ? 1 : 2", "-a * b % c - d / e", "a and not b or c", "a +\n  * b", "a\n  + b\n\t* f(c,\n d)", "1e", "1e+5", "a = b", "   ", ""]) agrees(source);
  });

  it("gives up near the limits and leaves them to the full parser", () => {
    expect(parseWellFormed("-".repeat(MAX_NESTING + 1) + "a")).to.equal(undefined);
    expect(parseExpression("-".repeat(MAX_NESTING + 1) + "a").diagnostics.map((d) => d.code)).to.deep.equal(["expr/too-deep"]);
    expect(parseWellFormed("a +\r b")).to.equal(undefined);
    expect(parseExpression("a +\r b").ast).to.deep.equal(parseWithChevrotain("a +\r b").ast);
    const long = Array.from({ length: 600 }, (_, i) => `v${i}`).join(" + ");
    expect(parseWellFormed(long)).to.equal(undefined);
    expect(parseExpression(long).ast).to.deep.equal(parseWithChevrotain(long).ast);
  });
});
