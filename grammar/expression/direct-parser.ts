// The fast path of parseExpression (issue 19.5): a hand-written scanner and recursive-descent
// parser that builds, straight from the text, the same AST (same shapes, key order and spans) as
// the chevrotain lexer, parser and CST-to-AST step, in a fraction of the time. It gives up
// (undefined) on anything it does not read exactly as they do: any lexical or syntax error, a
// carriage return (chevrotain's own line counting), a number too large, or input near a limit.
// parseExpression then runs chevrotain, which stays the one authority on what is wrong and where.
// test/grammar/expression/direct-parser.property.test.ts proves that both agree.
import type { SourcePosition, SourceSpan } from "../source/span.js";
import type { BinaryOperator, Expr } from "./ast.js";
import { MAX_AST_DEPTH, MAX_EXPRESSION_BYTES, MAX_NESTING } from "./limits.js";
import { BINARY_PRECEDENCE } from "./precedence.js";

/** The AST of a well-formed expression, or undefined: then only the full parser can say. */
export function parseWellFormed(text: string): Expr | undefined {
  if (text.length * 3 > MAX_EXPRESSION_BYTES) return undefined; // the full parser measures the bytes
  try {
    const parser = new DirectParser(text);
    const ast = parser.expression();
    return parser.kind === Kind.End ? ast : undefined;
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

const GIVE_UP = Symbol("give up");

const Kind = {
  End: 0,
  Number: 1,
  True: 2,
  False: 3,
  Name: 4,
  Binary: 5, // an operator that is only binary
  Minus: 6, // binary or unary
  Unary: 7, // `!` or `not`
  Question: 8,
  Colon: 9,
  Open: 10,
  Close: 11,
  Comma: 12,
} as const;
type Kind = (typeof Kind)[keyof typeof Kind];


class DirectParser {
  /** The current token: its kind, text and where it starts and ends. */
  kind: Kind = Kind.End;
  /** The text of a number or a name (only those: other tokens need only their kind). */
  private image = "";
  /** The operator of a Binary or Minus token ("and" is "&&"), a constant string. */
  private operator: BinaryOperator = "+";
  private start = 0;
  private end = 0;
  private line = 1;
  private lineStart = 0;
  /** Tokens read, and tokens that make the full parser nest (see nesting.ts); both bound the work. */
  private tokens = 0;
  private nesting = 0;

  constructor(private readonly text: string) {
    this.advance();
  }

  expression(): Expr {
    const test = this.binary(0);
    if (this.kind !== Kind.Question) return test;
    this.advance();
    const consequent = this.expression();
    this.expect(Kind.Colon);
    const alternate = this.expression();
    return { kind: "conditional", test, consequent, alternate, span: { start: test.span.start, end: alternate.span.end } };
  }

  // Precedence climbing; every binary operator is left-associative, as in cst-to-ast.ts.
  private binary(minimum: number): Expr {
    let left = this.unary();
    while (this.kind === Kind.Binary || this.kind === Kind.Minus) {
      const operator = this.operator;
      const precedence = BINARY_PRECEDENCE[operator];
      if (precedence < minimum) break;
      this.advance();
      const right = this.binary(precedence + 1);
      left = { kind: "binary", operator, left, right, span: { start: left.span.start, end: right.span.end } };
    }
    return left;
  }

  private unary(): Expr {
    if (this.kind !== Kind.Minus && this.kind !== Kind.Unary) return this.primary();
    const operator = this.kind === Kind.Minus ? "-" : "!";
    const start = this.startPosition();
    this.advance();
    const operand = this.unary();
    return { kind: "unary", operator, operand, span: { start, end: operand.span.end } };
  }

  private primary(): Expr {
    const kind = this.kind;
    if (kind === Kind.Open) {
      this.advance();
      const inner = this.expression();
      this.expect(Kind.Close);
      return inner;
    }
    const span = this.span();
    const image = this.image;
    if (kind === Kind.Number) {
      const value = Number(image);
      if (!Number.isFinite(value)) throw GIVE_UP;
      this.advance();
      return { kind: "number", value, span };
    }
    if (kind === Kind.True || kind === Kind.False) {
      this.advance();
      return { kind: "boolean", value: kind === Kind.True, span };
    }
    if (kind !== Kind.Name) throw GIVE_UP;
    this.advance();
    if (!this.is(Kind.Open)) return { kind: "variable", name: image, span };
    this.advance();
    const args: Expr[] = [];
    if (!this.is(Kind.Close)) {
      args.push(this.expression());
      while (this.is(Kind.Comma)) {
        this.advance();
        args.push(this.expression());
      }
    }
    const close = this.span();
    this.expect(Kind.Close);
    return { kind: "call", callee: image, calleeSpan: this.spanCopy(span), args, span: { start: span.start, end: close.end } };
  }

  // A method, not a field read, so that the compiler does not narrow the kind across advance().
  private is(kind: Kind): boolean {
    return this.kind === kind;
  }

  private expect(kind: Kind): void {
    if (this.kind !== kind) throw GIVE_UP;
    this.advance();
  }

  private startPosition(): SourcePosition {
    return { line: this.line, column: this.start - this.lineStart + 1, offset: this.start };
  }

  // Tokens never span lines: whitespace, where the newlines are, is between them.
  private span(): SourceSpan {
    const column = this.start - this.lineStart + 1;
    return {
      start: { line: this.line, column, offset: this.start },
      end: { line: this.line, column: column + this.end - this.start, offset: this.end },
    };
  }

  // cst-to-ast.ts builds the callee's span apart from the call's: equal, not the same object.
  private spanCopy(span: SourceSpan): SourceSpan {
    return { start: { ...span.start }, end: { ...span.end } };
  }

  /** Reads the next token into kind/image/start/end. */
  private advance(): void {
    const text = this.text;
    let at = this.skipWhitespace(this.end);
    this.start = at;
    if (at >= text.length) {
      this.kind = Kind.End;
      this.end = at;
      return;
    }
    if (++this.tokens > MAX_AST_DEPTH) throw GIVE_UP;
    const c = text.charCodeAt(at);
    if (isDigit(c) || (c === DOT && isDigit(text.charCodeAt(at + 1)))) {
      at = this.numberEnd(at);
      this.kind = Kind.Number;
      this.image = text.slice(this.start, at);
    } else if (isNameStart(c)) {
      do at++;
      while (at < text.length && isNamePart(text.charCodeAt(at)));
      this.image = text.slice(this.start, at);
      this.word(this.image);
    } else {
      at = this.operatorEnd(c, at);
    }
    this.end = at;
  }

  // A keyword's kind (and operator), else a name.
  private word(image: string): void {
    switch (image) {
      case "true":
        this.kind = Kind.True;
        return;
      case "false":
        this.kind = Kind.False;
        return;
      case "and":
        this.binaryOperator("&&");
        return;
      case "or":
        this.binaryOperator("||");
        return;
      case "not":
        this.kind = Kind.Unary;
        this.nested();
        return;
      default:
        this.kind = Kind.Name;
    }
  }

  private binaryOperator(operator: BinaryOperator): void {
    this.kind = Kind.Binary;
    this.operator = operator;
  }

  private skipWhitespace(at: number): number {
    const text = this.text;
    for (; at < text.length; at++) {
      const c = text.charCodeAt(at);
      if (c === NEWLINE) {
        this.line++;
        this.lineStart = at + 1;
      } else if (c !== SPACE && c !== TAB) {
        if (c === RETURN) throw GIVE_UP;
        break;
      }
    }
    return at;
  }

  // (?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)? as in tokens.ts
  private numberEnd(at: number): number {
    const text = this.text;
    while (isDigit(text.charCodeAt(at))) at++;
    if (text.charCodeAt(at) === DOT) {
      at++;
      while (isDigit(text.charCodeAt(at))) at++;
    }
    const e = text.charCodeAt(at);
    if (e === 0x65 || e === 0x45) {
      const sign = text.charCodeAt(at + 1);
      const digits = sign === 0x2b || sign === 0x2d ? at + 2 : at + 1;
      if (isDigit(text.charCodeAt(digits))) {
        at = digits;
        while (isDigit(text.charCodeAt(at))) at++;
      }
    }
    return at;
  }

  // Operators, longest first as in tokens.ts; a character that starts none gives up. Operators
  // are set from constant strings, never sliced from the text (the precedence table reads them).
  private operatorEnd(c: number, at: number): number {
    const equals = this.text.charCodeAt(at + 1) === EQUALS;
    switch (c) {
      case 0x7c: // |
        return this.pair(c, "||", at);
      case 0x26: // &
        return this.pair(c, "&&", at);
      case EQUALS:
        return this.pair(c, "==", at);
      case 0x21: // !
        if (equals) return this.binaryToken("!=", at + 2);
        return this.single(Kind.Unary, at, true);
      case 0x3c: // <
        return equals ? this.binaryToken("<=", at + 2) : this.binaryToken("<", at + 1);
      case 0x3e: // >
        return equals ? this.binaryToken(">=", at + 2) : this.binaryToken(">", at + 1);
      case 0x2b: // +
        return this.binaryToken("+", at + 1);
      case 0x2a: // *
        return this.binaryToken("*", at + 1);
      case 0x2f: // /
        return this.binaryToken("/", at + 1);
      case 0x25: // %
        return this.binaryToken("%", at + 1);
      case 0x2d: // -
        this.operator = "-";
        return this.single(Kind.Minus, at, true);
      case 0x3f: // ?
        return this.single(Kind.Question, at, true);
      case 0x3a: // :
        return this.single(Kind.Colon, at, false);
      case 0x28: // (
        return this.single(Kind.Open, at, true);
      case 0x29: // )
        return this.single(Kind.Close, at, false);
      case 0x2c: // ,
        return this.single(Kind.Comma, at, false);
      default:
        throw GIVE_UP;
    }
  }

  // `||`, `&&`, `==`: the character alone is no operator.
  private pair(c: number, operator: BinaryOperator, at: number): number {
    if (this.text.charCodeAt(at + 1) !== c) throw GIVE_UP;
    return this.binaryToken(operator, at + 2);
  }

  private binaryToken(operator: BinaryOperator, end: number): number {
    this.binaryOperator(operator);
    return end;
  }

  private single(kind: Kind, at: number, nests: boolean): number {
    this.kind = kind;
    if (nests) this.nested();
    return at + 1;
  }

  // Each of these tokens can add one level to the full parser's nesting count; while their
  // number stays within MAX_NESTING, that count cannot pass it, and neither can our recursion.
  private nested(): void {
    if (++this.nesting > MAX_NESTING) throw GIVE_UP;
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const DOT = 0x2e;
const EQUALS = 0x3d;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

function isNamePart(c: number): boolean {
  return isNameStart(c) || isDigit(c);
}
