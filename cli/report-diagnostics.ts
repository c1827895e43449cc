// Prints diagnostics of files: as text for people (file:line:col, code frame, help) or as a JSON
// array for editors and CI annotations. In both, positions are positions in the file.
import { createJsonLocator } from "../compiler/diagnostics/json-locations.js";
import { renderDiagnostic } from "../compiler/diagnostics/render-text.js";
import type { Diagnostic, SourceSpan } from "../generated/types.js";
import type { Console } from "./console.js";
import type { FileResult } from "./source-files.js";

export type Format = "text" | "json";

export function reportDiagnostics(results: FileResult[], format: Format, console: Console): void {
  if (format === "json") {
    const all = results.flatMap((r) => {
      const locate = fileLocator(r);
      return r.diagnostics.map((d) => {
        const span = locate(d);
        const { span: _inner, ...rest } = d;
        return { file: r.file, ...(span ? { line: span.start.line, column: span.start.column } : {}), ...rest, ...(span ? { span } : {}) };
      });
    });
    console.out(`${JSON.stringify(all, null, 2)}\n`);
    return;
  }
  for (const r of results) {
    const locate = fileLocator(r);
    const repeats = new Map<string, number>();
    for (const d of r.diagnostics) {
      // One mistake repeated on every item of an array (every forecast point) is shown a few
      // times, then counted: people read the first ones; --format json keeps them all.
      const shape = `${d.severity} ${d.code} ${d.message} ${(d.path ?? "").replace(/\/\d+(?=\/|$)/g, "/*")}`;
      const seen = (repeats.get(shape) ?? 0) + 1;
      repeats.set(shape, seen);
      if (seen <= SHOWN_REPEATS) console.err(`${renderDiagnostic(d, { file: r.file, text: r.text, locate })}\n`);
    }
    for (const [shape, count] of repeats) {
      if (count > SHOWN_REPEATS) console.err(`${r.file}: … and ${count - SHOWN_REPEATS} more like the ${shape.split(" ")[1]} above (at ${shape.slice(shape.lastIndexOf(" ") + 1)})\n`);
    }
  }
}

/** How many diagnostics of one shape (code, message, path up to array indices) are printed as text. */
const SHOWN_REPEATS = 3;

// Where a diagnostic sits in its file. Rule files: the span the front end gave, in file
// coordinates. Editor documents: its own span when it has no JSON path (JSON syntax errors), the
// position inside the string at its path (expressions), or the value at its path.
function fileLocator(result: FileResult): (d: Diagnostic) => SourceSpan | undefined {
  let json: ReturnType<typeof createJsonLocator> | undefined; // parsed only when needed
  return (d) => {
    // Syntax-level problems (a duplicate key) carry their exact span; the path would name the first value.
    if (result.kind !== "flow" || d.path === undefined || (d.code.startsWith("json/") && d.span !== undefined)) return d.span;
    json ??= createJsonLocator(result.text);
    return (d.span && json.locateInString(d.path, d.span)) ?? json.locate(d.path);
  };
}
