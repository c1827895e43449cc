// Renders diagnostics for people: `file:line:col: error code: message`, then the source line
// with a caret under the span, then notes and the suggestion. Pure: values in, text out.
import type { Diagnostic, SourceSpan } from "../../generated/types.js";

export interface RenderSource {
  /** The file name to print. */
  file: string;
  /** The file's text, for the code frame. */
  text: string;
  /** Where a diagnostic sits in the file, if known. */
  locate(diagnostic: Diagnostic): SourceSpan | undefined;
}

export function renderDiagnostic(diagnostic: Diagnostic, source: RenderSource): string {
  const span = source.locate(diagnostic);
  const where = span === undefined ? source.file : `${source.file}:${span.start.line}:${span.start.column}`;
  const context = [diagnostic.nodeId !== undefined ? `node '${diagnostic.nodeId}'` : "", diagnostic.path ? `at ${diagnostic.path}` : ""]
    .filter(Boolean)
    .join(", ");
  const lines = [`${where}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}${context ? ` (${context})` : ""}`];
  if (span !== undefined) lines.push(...codeFrame(source.text, span));
  for (const note of diagnostic.notes ?? []) lines.push(`  = note: ${note.message}`);
  if (diagnostic.suggestion !== undefined) lines.push(`  = help: ${diagnostic.suggestion}`);
  return lines.join("\n");
}

// A long line (minified JSON is one line) is shown as a window around the caret, so a file
// with many problems does not print itself once per problem.
const MAX_FRAME_WIDTH = 120;
const CONTEXT_BEFORE = 40;

function codeFrame(text: string, span: SourceSpan): string[] {
  const offset = Math.min(span.start.offset, text.length);
  const end = text.indexOf("\n", offset);
  const line = text.slice(text.lastIndexOf("\n", offset - 1) + 1, end === -1 ? text.length : end);
  const gutter = String(span.start.line);
  const width = span.end.line === span.start.line ? Math.max(1, span.end.column - span.start.column) : Math.max(1, line.length - span.start.column + 1);
  let shown = line.replace(/\t/g, " ").replace(/\r$/, "");
  let column = span.start.column;
  if (shown.length > MAX_FRAME_WIDTH) {
    const from = Math.max(0, column - 1 - CONTEXT_BEFORE);
    const to = Math.min(shown.length, from + MAX_FRAME_WIDTH);
    shown = `${from > 0 ? "…" : ""}${shown.slice(from, to)}${to < shown.length ? "…" : ""}`;
    column = column - from + (from > 0 ? 1 : 0);
  }
  return [
    `${gutter} | ${shown}`,
    `${" ".repeat(gutter.length)} | ${" ".repeat(column - 1)}${"^".repeat(Math.min(width, Math.max(1, shown.length - column + 1)))}`,
  ];
}
