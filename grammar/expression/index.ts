// The expression language front end: text in, `{ast, diagnostics}` out, as data.
// May import generated/ types only.
import type { Diagnostic } from "../../generated/types.js";
import { spanAt, tokenSpan } from "../source/span.js";
import { utf8BytesOver } from "../source/utf8.js";
import type { Expr } from "./ast.js";
import { toExpressionAst } from "./cst-to-ast.js";
import { parseWellFormed } from "./direct-parser.js";
import { expressionLexer } from "./lexer.js";
import { MAX_AST_DEPTH, MAX_EXPRESSION_BYTES, MAX_NESTING } from "./limits.js";
import { hasTooManyNestedOperations, nestingLimitExceeded } from "./nesting.js";
import { ExpressionParser } from "./parser.js";

export type * from "./ast.js";
export { childrenOf } from "./ast.js";
export { MAX_AST_DEPTH, MAX_EXPRESSION_BYTES, MAX_NESTING } from "./limits.js";
export { depthOf, nestingLimitExceeded } from "./nesting.js";
export * from "./precedence.js";

export interface ParseResult {
  /** The AST, present exactly when there are no diagnostics. */
  ast?: Expr;
  diagnostics: Diagnostic[];
}

const parser = new ExpressionParser();
let parses = 0;

/** How many expressions parseExpression has parsed in this process (tests count parses with it). */
export function expressionsParsed(): number {
  return parses;
}

/**
 * Parses an expression. A well-formed one takes the direct parser (direct-parser.ts); anything
 * else takes chevrotain, which says what is wrong and where. Both give the same AST.
 */
export function parseExpression(text: string): ParseResult {
  parses++;
  const ast = parseWellFormed(text);
  return ast !== undefined ? { ast, diagnostics: [] } : parseWithChevrotain(text);
}

/** The chevrotain lexer and parser alone (the fast path's reference in tests). */
export function parseWithChevrotain(text: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const bytes = utf8BytesOver(text, MAX_EXPRESSION_BYTES);
  if (bytes !== undefined) {
    return fail(diagnostics, "expr/too-long", `the expression is ${bytes} bytes long; the limit is ${MAX_EXPRESSION_BYTES}`, spanAt(text, 0, 0));
  }
  const lexed = expressionLexer.tokenize(text);
  for (const error of lexed.errors) {
    const char = text[error.offset] ?? "";
    diagnostics.push({
      code: "expr/unexpected-character",
      severity: "error",
      message: `unexpected character '${char}'`,
      span: spanAt(text, error.offset, 1),
      ...characterHint(text, error.offset),
    });
  }
  if (diagnostics.length > 0) return { diagnostics };
  if (lexed.tokens.length === 0) return fail(diagnostics, "expr/empty", "the expression is empty", spanAt(text, 0, 0));
  const deepAt = nestingLimitExceeded(lexed.tokens);
  if (deepAt !== undefined) {
    return fail(diagnostics, "expr/too-deep", `the expression nests more than ${MAX_NESTING} levels deep`, tokenSpan(deepAt));
  }
  parser.input = lexed.tokens;
  const cst = parser.expression();
  for (const error of parser.errors) {
    const at = error.token.tokenType.name === "EOF" ? spanAt(text, text.trimEnd().length, 0) : tokenSpan(error.token);
    diagnostics.push({ code: "expr/unexpected-token", severity: "error", message: error.message, span: at });
  }
  if (diagnostics.length > 0) return { diagnostics };
  const ast = toExpressionAst(cst, diagnostics);
  if (hasTooManyNestedOperations(ast, lexed.tokens.length)) {
    return fail(diagnostics, "expr/too-deep", `the expression has more than ${MAX_AST_DEPTH} nested operations`, ast.span);
  }
  return diagnostics.length > 0 ? { diagnostics } : { ast, diagnostics };
}

function fail(diagnostics: Diagnostic[], code: string, message: string, span: Diagnostic["span"]): ParseResult {
  diagnostics.push({ code, severity: "error", message, ...(span ? { span } : {}) });
  return { diagnostics };
}

const HINTS: Record<string, string> = {
  "=": "use '==' to compare",
  "&": "use '&&' (or 'and') for logical and",
  "|": "use '||' (or 'or') for logical or",
};

function characterHint(text: string, offset: number): { suggestion?: string } {
  const hint = HINTS[text[offset] ?? ""];
  return hint === undefined || text[offset + 1] === text[offset] ? {} : { suggestion: hint };
}
