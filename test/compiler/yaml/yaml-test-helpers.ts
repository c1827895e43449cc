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

export { withoutSpans } from "../../helpers/without-spans.js";
