// Collects the pack checks' diagnostics, each in the file it is about, with notes that point into
// other files (the binding, the site point, the first declaration). One problem found through
// several bindings (a task unit that disagrees with the site) is one diagnostic with their notes.
import type { Diagnostic, DiagnosticNote } from "../../../generated/types.js";
import type { Located, PackDiagnostic } from "./pack-input.js";

export interface Place {
  at: Located;
  /** JSON Pointer below the document's root. */
  path: string;
}

export interface PackNote {
  /** A phrase that reads well followed by " at <file:line:col>". */
  message: string;
  place?: Place;
}

export class PackReport {
  readonly found: PackDiagnostic[] = [];

  error(place: Place, code: string, message: string, options: { suggestion?: string | undefined; notes?: PackNote[] } = {}): void {
    this.add("error", place, code, message, options);
  }

  warning(place: Place, code: string, message: string): void {
    this.add("warning", place, code, message, {});
  }

  private add(severity: Diagnostic["severity"], place: Place, code: string, message: string, options: { suggestion?: string | undefined; notes?: PackNote[] }): void {
    const path = place.at.root + place.path;
    const notes = (options.notes ?? []).map(toNote);
    const same = this.found.find((f) => f.file === place.at.file && f.diagnostic.code === code && f.diagnostic.path === path);
    if (same !== undefined) {
      same.diagnostic.notes = [...(same.diagnostic.notes ?? []), ...notes.filter((n) => !same.diagnostic.notes?.some((m) => m.message === n.message))];
      return;
    }
    const diagnostic: Diagnostic = { code, severity, message, path };
    const span = place.at.locate?.(path);
    if (span !== undefined) diagnostic.span = span;
    if (notes.length > 0) diagnostic.notes = notes;
    if (options.suggestion !== undefined) diagnostic.suggestion = options.suggestion;
    this.found.push({ file: place.at.file, diagnostic });
  }
}

/** `file:line:col` of a place, or `file` and its JSON Pointer when it cannot be located. */
export function describePlace({ at, path }: Place): string {
  const pointer = at.root + path;
  const span = at.locate?.(pointer);
  return span === undefined ? `${at.file} ${pointer}` : `${at.file}:${span.start.line}:${span.start.column}`;
}

function toNote({ message, place }: PackNote): DiagnosticNote {
  if (place === undefined) return { message };
  const span = place.at.locate?.(place.at.root + place.path);
  return { message: `${message} at ${describePlace(place)}`, ...(span === undefined ? {} : { span: { ...span, source: place.at.file } }) };
}
