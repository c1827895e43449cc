// Tokens of the expression language. The rule DSL lexes expressions with these same token
// objects, so its parser can reuse the expression rules.
import { createToken, Lexer, type TokenType } from "chevrotain";

export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED });
export const NumberLiteral = createToken({
  name: "NumberLiteral",
  label: "a number",
  pattern: /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/,
});
export const Identifier = createToken({ name: "Identifier", label: "a name", pattern: /[A-Za-z_][A-Za-z0-9_]*/ });

// Operator categories: the parser consumes a category, the CST-to-AST step reads the image and
// applies precedence (one flat rule for all binary operators parses much faster than a rule
// per precedence level).
export const BinaryOperator = createToken({ name: "BinaryOperator", pattern: Lexer.NA, label: "an operator" });
export const UnaryOperator = createToken({ name: "UnaryOperator", pattern: Lexer.NA, label: "'-' or '!'" });

const keyword = (name: string, word: string, categories: TokenType[] = []): TokenType =>
  createToken({ name, label: `'${word}'`, pattern: new RegExp(`${word}(?![A-Za-z0-9_])`), longer_alt: Identifier, categories });

export const True = keyword("True", "true");
export const False = keyword("False", "false");
// `and`, `or`, `not` are the word forms of `&&`, `||`, `!`.
export const And = keyword("And", "and", [BinaryOperator]);
export const Or = keyword("Or", "or", [BinaryOperator]);
export const Not = keyword("Not", "not", [UnaryOperator]);

const op = (name: string, pattern: string, categories: TokenType[]): TokenType =>
  createToken({ name, pattern, label: `'${pattern}'`, categories });

export const PipePipe = op("PipePipe", "||", [BinaryOperator]);
export const AmpAmp = op("AmpAmp", "&&", [BinaryOperator]);
export const EqualEqual = op("EqualEqual", "==", [BinaryOperator]);
export const BangEqual = op("BangEqual", "!=", [BinaryOperator]);
export const LessEqual = op("LessEqual", "<=", [BinaryOperator]);
export const GreaterEqual = op("GreaterEqual", ">=", [BinaryOperator]);
export const Less = op("Less", "<", [BinaryOperator]);
export const Greater = op("Greater", ">", [BinaryOperator]);
export const Plus = op("Plus", "+", [BinaryOperator]);
export const Minus = op("Minus", "-", [BinaryOperator, UnaryOperator]);
export const Star = op("Star", "*", [BinaryOperator]);
export const Slash = op("Slash", "/", [BinaryOperator]);
export const Percent = op("Percent", "%", [BinaryOperator]);
export const Bang = op("Bang", "!", [UnaryOperator]);
export const Question = op("Question", "?", []);
export const Colon = op("Colon", ":", []);
export const LParen = op("LParen", "(", []);
export const RParen = op("RParen", ")", []);
export const Comma = op("Comma", ",", []);

/** Every token of the expression language, in lexing order (longer operators first, keywords before names). */
export const expressionTokens: TokenType[] = [
  WhiteSpace,
  NumberLiteral,
  True,
  False,
  And,
  Or,
  Not,
  Identifier,
  PipePipe,
  AmpAmp,
  EqualEqual,
  BangEqual,
  LessEqual,
  GreaterEqual,
  Less,
  Greater,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Bang,
  Question,
  Colon,
  LParen,
  RParen,
  Comma,
  BinaryOperator,
  UnaryOperator,
];
