// Lexical and syntax errors of rule files as diagnostics, with a hint where the likely fix is
// known: `==` for a stray `=`, a unit for a bare number where a duration belongs, the brace
// left open when the file ends too early.
import type { ILexingError, IRecognitionException, IToken } from "chevrotain";
import type { Diagnostic } from "../../generated/types.js";
import { LineIndex } from "../source/line-index.js";
import { spanAt, tokenSpan, type SourceSpan } from "../source/span.js";

const HINTS: Record<string, string> = {
  "&": "use '&&' (or 'and') for logical and",
  "|": "use '||' (or 'or') for logical or",
  "'": "strings are written in double quotes",
  "#": "comments start with '//'",
  ";": "statements need no separator: put each on its own line",
};

// One line index per text: positions by binary search, so that a file of many bad characters
// costs linear time, not a scan from the start for each one.
function spanIn(lines: LineIndex, offset: number, length: number): SourceSpan {
  return { start: lines.position(offset), end: lines.position(offset + Math.max(length, 1)) };
}

function lexingDiagnostic(text: string, lines: LineIndex, error: ILexingError): Diagnostic {
  const char = text[error.offset] ?? "";
  const hint = text[error.offset + 1] === char && char !== "'" ? undefined : HINTS[char];
  return {
    code: "dsl/unexpected-character",
    severity: "error",
    message: `unexpected character '${char}'`,
    span: spanIn(lines, error.offset, 1),
    ...(hint ? { suggestion: hint } : {}),
  };
}

export function unclosedDiagnostic(token: IToken): Diagnostic {
  const comment = token.image.startsWith("/*");
  return {
    code: comment ? "dsl/unclosed-comment" : "dsl/unclosed-string",
    severity: "error",
    message: comment ? "this comment is never closed: '*/' is missing" : "this string is never closed: '\"' is missing before the end of the line",
    span: tokenSpan({ ...token, endLine: token.startLine, endColumn: token.startColumn! + (comment ? 1 : 0), endOffset: token.startOffset + (comment ? 1 : 0) }),
  };
}

/** Lexing errors; a string in single quotes is one mistake, reported at its first quote. */
export function lexingDiagnostics(text: string, errors: ILexingError[]): Diagnostic[] {
  let openQuoteLine: number | undefined;
  const lines = new LineIndex(text);
  return errors.flatMap((error) => {
    if (text[error.offset] !== "'") return [lexingDiagnostic(text, lines, error)];
    const line = error.line ?? lines.position(error.offset).line;
    const closing = openQuoteLine === line;
    openQuoteLine = closing ? undefined : line;
    return closing ? [] : [lexingDiagnostic(text, lines, error)];
  });
}

/** Syntax errors, each with whether it was found at the top level of the file (between rules). */
export function syntaxDiagnostics(text: string, tokens: IToken[], errors: IRecognitionException[]): Array<{ diagnostic: Diagnostic; topLevel: boolean }> {
  return errors.map((error) => ({ diagnostic: syntaxDiagnostic(text, tokens, error), topLevel: error.context.ruleStack.length <= 1 }));
}

function syntaxDiagnostic(text: string, tokens: IToken[], error: IRecognitionException): Diagnostic {
  const atEnd = Number.isNaN(error.token.startOffset);
  const span = atEnd ? spanAt(text, text.trimEnd().length, 0) : tokenSpan(error.token);
  const diagnostic: Diagnostic = { code: "dsl/unexpected-token", severity: "error", message: error.message, span };
  const suggestion = hintFor(error);
  if (suggestion !== undefined) diagnostic.suggestion = suggestion;
  const open = atEnd && error.message.startsWith("expected '}'") ? unclosedBrace(tokens) : undefined;
  if (open !== undefined) diagnostic.notes = [{ message: `the '{' at line ${open.startLine}, column ${open.startColumn} is never closed`, span: tokenSpan(open) }];
  return diagnostic;
}

function hintFor(error: IRecognitionException): string | undefined {
  const found = error.token;
  const stack = error.context.ruleStack;
  // A stray `=`: settings take none, and elsewhere the DSL uses `=` only to assign.
  if (found.image === "=" && stack.some((r) => r === "setting" || r === "trigger")) return "a setting takes its value without '=': priority 10";
  if (found.image === "=" && !error.message.startsWith("expected a name")) return "use '==' to compare ('=' only follows the name in let, input, param, delta and write)";
  // `deadband 10 s`, `cooldown 30`: a number where a duration belongs.
  if (error.message.startsWith("expected a duration") && found.tokenType.name === "NumberLiteral") {
    return "a duration is a whole number and its unit, with no space: 500ms, 10s, 5m, 1h30m";
  }
  return undefined;
}

// The last '{' without its '}', for "the file ends too early".
function unclosedBrace(tokens: IToken[]): IToken | undefined {
  const open: IToken[] = [];
  for (const token of tokens) {
    if (token.image === "{") open.push(token);
    else if (token.image === "}") open.pop();
  }
  return open.at(-1);
}

