// Helpers for the YAML front end tests: rule files from a few lines, diagnostics as
// "line:col code", and ASTs without their spans (to compare with the DSL parser's).
import type { Diagnostic } from "../../../generated/types.js";

/** A YAML rule file with one rule named `r`: `settings` and `steps` are lines at rule level. */
export function yamlFile(steps: string, settings = ""): string {
  const block = (text: string, indent: number): string =>
    text.replace(/^\n/, "").trimEnd().split("\n").map((line) => " ".repeat(indent) + line).join("\n");
  return `rules:\n  - name: r\n${settings ? `${block(settings, 4)}\n` : ""}    steps:\n${block(steps, 6)}\n`;
}

/** The DSL twin of yamlFile. */
export function dslFile(body: string, settings = ""): string {
  return `rule "r" {\n${settings}\n${body}\n}\n`;
}

/** Where and what: `3:17 expr/unexpected-token`. */
export function at(d: Diagnostic): string {
  return `${d.span?.start.line}:${d.span?.start.column} ${d.code}`;
}

/** `3:17-3:22`: a span as text. */
export function range(span: { start: { line: number; column: number }; end: { line: number; column: number } } | undefined): string {
  return span === undefined ? "none" : `${span.start.line}:${span.start.column}-${span.end.line}:${span.end.column}`;
}

const SPAN_KEYS = new Set(["span", "nameSpan", "valueSpan", "outputSpan", "periodSpan", "blockSpan", "calleeSpan"]);

export function withoutSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpans);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).filter(([key, v]) => !SPAN_KEYS.has(key) && v !== undefined);
  return Object.fromEntries(entries.map(([key, v]) => [key, withoutSpans(v)]));
}
