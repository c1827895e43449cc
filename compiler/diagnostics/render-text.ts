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

function codeFrame(text: string, span: SourceSpan): string[] {
  const offset = Math.min(span.start.offset, text.length);
  const end = text.indexOf("\n", offset);
  const line = text.slice(text.lastIndexOf("\n", offset - 1) + 1, end === -1 ? text.length : end);
  const gutter = String(span.start.line);
  const width = span.end.line === span.start.line ? Math.max(1, span.end.column - span.start.column) : Math.max(1, line.length - span.start.column + 1);
  const shown = line.replace(/\t/g, " ").replace(/\r$/, "");
  return [
    `${gutter} | ${shown}`,
    `${" ".repeat(gutter.length)} | ${" ".repeat(span.start.column - 1)}${"^".repeat(Math.min(width, Math.max(1, shown.length - span.start.column + 1)))}`,
  ];
}
