// Source positions and spans. Chevrotain reports inclusive end offsets; we convert once, here,
// to the exclusive ends of our Span (1-based line/column, 0-based offset).
import type { IToken } from "chevrotain";
import type { SourcePosition, SourceSpan } from "../../generated/types.js";

export type { SourcePosition, SourceSpan };

/** Span of a single token. */
export function tokenSpan(token: IToken): SourceSpan {
  return {
    start: { line: token.startLine ?? 1, column: token.startColumn ?? 1, offset: token.startOffset },
    end: { line: token.endLine ?? 1, column: (token.endColumn ?? 0) + 1, offset: (token.endOffset ?? token.startOffset) + 1 },
  };
}

/** The span from the start of `first` to the end of `last`. */
export function joinSpans(first: SourceSpan, last: SourceSpan): SourceSpan {
  return { start: first.start, end: last.end };
}

/** The position of `offset` in `text`, counting lines by "\n". */
export function positionAt(text: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1, offset };
}

/** A span covering `length` characters from `offset` of `text` (at least one column wide for carets). */
export function spanAt(text: string, offset: number, length: number): SourceSpan {
  return { start: positionAt(text, offset), end: positionAt(text, offset + Math.max(length, 1)) };
}
