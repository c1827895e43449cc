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

// Operator categories: the parser consumes a category, the CST-to-AST step reads the image.
export const OrOperator = createToken({ name: "OrOperator", pattern: Lexer.NA, label: "'||'" });
export const AndOperator = createToken({ name: "AndOperator", pattern: Lexer.NA, label: "'&&'" });
export const EqualityOperator = createToken({ name: "EqualityOperator", pattern: Lexer.NA, label: "'==' or '!='" });
export const RelationalOperator = createToken({ name: "RelationalOperator", pattern: Lexer.NA, label: "a comparison" });
export const AdditiveOperator = createToken({ name: "AdditiveOperator", pattern: Lexer.NA, label: "'+' or '-'" });
export const MultiplicativeOperator = createToken({ name: "MultiplicativeOperator", pattern: Lexer.NA, label: "'*', '/' or '%'" });
export const UnaryOperator = createToken({ name: "UnaryOperator", pattern: Lexer.NA, label: "'-' or '!'" });

const keyword = (name: string, word: string, categories: TokenType[] = []): TokenType =>
  createToken({ name, label: `'${word}'`, pattern: new RegExp(`${word}(?![A-Za-z0-9_])`), longer_alt: Identifier, categories });

export const True = keyword("True", "true");
export const False = keyword("False", "false");
// `and`, `or`, `not` are the word forms of `&&`, `||`, `!`.
export const And = keyword("And", "and", [AndOperator]);
export const Or = keyword("Or", "or", [OrOperator]);
export const Not = keyword("Not", "not", [UnaryOperator]);

const op = (name: string, pattern: string, categories: TokenType[]): TokenType =>
  createToken({ name, pattern, label: `'${pattern}'`, categories });

export const PipePipe = op("PipePipe", "||", [OrOperator]);
export const AmpAmp = op("AmpAmp", "&&", [AndOperator]);
export const EqualEqual = op("EqualEqual", "==", [EqualityOperator]);
export const BangEqual = op("BangEqual", "!=", [EqualityOperator]);
export const LessEqual = op("LessEqual", "<=", [RelationalOperator]);
export const GreaterEqual = op("GreaterEqual", ">=", [RelationalOperator]);
export const Less = op("Less", "<", [RelationalOperator]);
export const Greater = op("Greater", ">", [RelationalOperator]);
export const Plus = op("Plus", "+", [AdditiveOperator]);
export const Minus = op("Minus", "-", [AdditiveOperator, UnaryOperator]);
export const Star = op("Star", "*", [MultiplicativeOperator]);
export const Slash = op("Slash", "/", [MultiplicativeOperator]);
export const Percent = op("Percent", "%", [MultiplicativeOperator]);
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
  OrOperator,
  AndOperator,
  EqualityOperator,
  RelationalOperator,
  AdditiveOperator,
  MultiplicativeOperator,
  UnaryOperator,
];
