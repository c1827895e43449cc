// Positions in a YAML rule file: spans of yaml nodes (1-based line/column, 0-based offset), and
// the diagnostics sink every phase of the YAML front end reports to.
import { isMap, isPair, isSeq, type LineCounter, type Node, type Pair } from "yaml";
import type { Diagnostic, SourcePosition, SourceSpan } from "../../../generated/types.js";

export interface YamlText {
  text: string;
  lines: LineCounter;
  diagnostics: Diagnostic[];
}

function positionOf(src: YamlText, offset: number): SourcePosition {
  const { line, col } = src.lines.linePos(offset);
  return { line, column: col, offset };
}

export function spanBetween(src: YamlText, start: number, end: number): SourceSpan {
  return { start: positionOf(src, start), end: positionOf(src, Math.max(start, end)) };
}

/** The span of a node: from its first character to the end of its last value (no trailing comment or line break). */
export function nodeSpan(src: YamlText, node: Node | Pair | null | undefined): SourceSpan {
  const start = startOf(node);
  let end = endOf(node) ?? start;
  while (end > start && /\s/.test(src.text[end - 1] ?? "")) end--;
  return spanBetween(src, start, end);
}

function startOf(node: Node | Pair | null | undefined): number {
  if (isPair(node)) return startOf(node.key as Node | null);
  return node?.range?.[0] ?? 0;
}

// Block collections' ranges run on over trailing comments and line breaks: end at the last value.
function endOf(node: Node | Pair | null | undefined): number | undefined {
  if (node === null || node === undefined) return undefined;
  if (isPair(node)) return endOf(node.value as Node | null) ?? endOf(node.key as Node | null);
  if ((isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0) {
    return endOf(node.items[node.items.length - 1] as Node | Pair);
  }
  return node.range?.[1];
}

export interface ReportOptions {
  path?: string | undefined;
  suggestion?: string | undefined;
}

export function report(src: YamlText, code: string, message: string, span: SourceSpan, options: ReportOptions = {}): void {
  const diagnostic: Diagnostic = { code, severity: "error", message, span };
  if (options.path !== undefined) diagnostic.path = options.path;
  if (options.suggestion !== undefined) diagnostic.suggestion = options.suggestion;
  src.diagnostics.push(diagnostic);
}
