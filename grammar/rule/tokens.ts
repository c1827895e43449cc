// Tokens of the rule DSL: the expression language's tokens plus strings, durations, braces, `=`,
// comments and keywords. Keywords are soft: each is also an Identifier (token category), so a
// variable may be called `value` or `end`; the parser asks for a keyword only where one belongs.
import { createToken, Lexer, type TokenType } from "chevrotain";
import * as E from "../expression/tokens.js";

export const LineComment = createToken({ name: "LineComment", pattern: /\/\/[^\n\r]*/, group: "comments" });
export const BlockComment = createToken({ name: "BlockComment", pattern: /\/\*[\s\S]*?\*\//, line_breaks: true, group: "comments" });
// An unclosed `/*` or `"`: lexed as tokens of their own, so the error says what is unclosed.
export const UnclosedComment = createToken({ name: "UnclosedComment", pattern: /\/\*[\s\S]*/, line_breaks: true, group: "unclosed" });
export const StringLiteral = createToken({
  name: "StringLiteral",
  label: "a string in double quotes",
  pattern: /"(?:[^"\\\n\r]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/,
});
export const UnclosedString = createToken({ name: "UnclosedString", pattern: /"(?:[^"\\\n\r]|\\.)*/, group: "unclosed" });
export const Duration = createToken({
  name: "Duration",
  label: "a duration such as 500ms, 30s, 5m or 1h30m",
  pattern: /(?:\d+(?:ms|s|m|h))+(?![A-Za-z0-9_.])/,
});
export const LCurly = createToken({ name: "LCurly", pattern: "{", label: "'{'" });
export const RCurly = createToken({ name: "RCurly", pattern: "}", label: "'}'" });
export const Equals = createToken({ name: "Equals", pattern: "=", label: "'='" });
// `.cooling_stage` in `ahu1.cooling_stage`: one token, so that the name must follow the dot
// directly and a keyword on the next line is never taken for it. A `.` with no name after it is a
// token of its own, for the error message (a number's `.` is part of the number).
export const PointName = createToken({ name: "PointName", pattern: /\.[A-Za-z_][A-Za-z0-9_]*/, label: "a point name right after '.' (as in zone1.room_temp)" });
export const Dot = createToken({ name: "Dot", pattern: ".", label: "'.'" });

const keyword = (word: string): TokenType =>
  createToken({
    name: `Kw_${word}`,
    label: `'${word}'`,
    pattern: new RegExp(`${word}(?![A-Za-z0-9_])`),
    longer_alt: E.Identifier,
    categories: [E.Identifier],
  });

export const Rule = keyword("rule");
export const Description = keyword("description");
export const Priority = keyword("priority");
export const Cooldown = keyword("cooldown");
export const Trigger = keyword("trigger");
export const Every = keyword("every");
export const OnChange = keyword("on_change");
export const Deadband = keyword("deadband");
export const Value = keyword("value");
export const Input = keyword("input");
export const Param = keyword("param");
export const Let = keyword("let");
export const Write = keyword("write");
export const Delta = keyword("delta");
export const Over = keyword("over");
export const Node = keyword("node");
export const When = keyword("when");
export const Else = keyword("else");
export const Match = keyword("match");
export const First = keyword("first");
export const All = keyword("all");
export const Fork = keyword("fork");
export const Goto = keyword("goto");
export const End = keyword("end");
export const Block = keyword("block");
export const Measurement = keyword("measurement");
export const Action = keyword("action");

const keywords = [
  Rule, Description, Priority, Cooldown, Trigger, Every, OnChange, Deadband, Value, Input, Param, Let, Write, Delta, Over,
  Node, When, Else, Match, First, All, Fork, Goto, End, Block, Measurement, Action,
];

// Lexing order: comments before `/`, strings, durations before numbers, `==` before `=`,
// keywords before names (the expression tokens already order operators longest first).
const [whiteSpace, numberLiteral, ...expressionRest] = E.expressionTokens;
const identifierAt = expressionRest.indexOf(E.Identifier);

export const ruleTokens: TokenType[] = [
  whiteSpace!,
  LineComment,
  BlockComment,
  UnclosedComment,
  StringLiteral,
  UnclosedString,
  Duration,
  numberLiteral!,
  ...expressionRest.slice(0, identifierAt),
  ...keywords,
  ...expressionRest.slice(identifierAt),
  LCurly,
  RCurly,
  Equals,
  PointName,
  Dot,
];

export const ruleLexer = new Lexer(ruleTokens, { positionTracking: "full", ensureOptimizations: false });
