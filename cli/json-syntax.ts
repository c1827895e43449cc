// A JSON syntax error as a diagnostic at the right place. V8's JSON.parse names no position for
// some errors, so the position and the wording come from jsonc-parser (VS Code's JSON parser).
import { parse, ParseErrorCode, type ParseError } from "jsonc-parser";
import { jsonDepthProblem } from "../compiler/diagnostics/json-depth.js";
import type { Diagnostic } from "../generated/types.js";
import { positionAt } from "../grammar/source/span.js";

const WORDS: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: "unexpected character",
  [ParseErrorCode.InvalidNumberFormat]: "malformed number",
  [ParseErrorCode.PropertyNameExpected]: "expected a property name in double quotes",
  [ParseErrorCode.ValueExpected]: "expected a value",
  [ParseErrorCode.ColonExpected]: "expected ':'",
  [ParseErrorCode.CommaExpected]: "expected ','",
  [ParseErrorCode.CloseBraceExpected]: "expected '}'",
  [ParseErrorCode.CloseBracketExpected]: "expected ']'",
  [ParseErrorCode.EndOfFileExpected]: "unexpected content after the end of the document",
  [ParseErrorCode.InvalidCommentToken]: "comments are not allowed in JSON",
  [ParseErrorCode.UnexpectedEndOfComment]: "comments are not allowed in JSON",
  [ParseErrorCode.UnexpectedEndOfString]: "unterminated string",
  [ParseErrorCode.UnexpectedEndOfNumber]: "malformed number",
  [ParseErrorCode.InvalidUnicode]: "invalid \\u escape",
  [ParseErrorCode.InvalidEscapeCharacter]: "invalid escape in a string",
  [ParseErrorCode.InvalidCharacter]: "invalid character in a string (control characters must be escaped)",
};

// Errors about something missing after a value are shown right after that value, not at the
// start of the next line.
const MISSING_AFTER = new Set([ParseErrorCode.CommaExpected, ParseErrorCode.ColonExpected, ParseErrorCode.CloseBraceExpected, ParseErrorCode.CloseBracketExpected]);

/** The first syntax error of `text`, which JSON.parse refused with `error`. */
export function jsonSyntaxError(text: string, error: unknown): Diagnostic {
  // jsonc-parser recurses per level of nesting: a deeper text is reported as that, never parsed.
  const tooDeep = jsonDepthProblem(text);
  if (tooDeep !== undefined) return tooDeep;
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  let offset = first?.offset ?? 0;
  let length = first?.length ?? 1;
  if (first !== undefined && MISSING_AFTER.has(first.error)) {
    while (offset > 0 && /\s/.test(text[offset - 1]!)) offset--;
    length = 1;
  }
  const fallback = error instanceof Error ? error.message.split("\n")[0]! : String(error);
  const words = text.trim() === "" ? "the file is empty" : first !== undefined ? (WORDS[first.error] ?? fallback) : fallback;
  return {
    code: "json/syntax",
    severity: "error",
    message: `not valid JSON: ${words}`,
    span: { start: positionAt(text, offset), end: positionAt(text, offset + Math.max(length, 1)) },
  };
}
