// Notes that point somewhere else in the checked document ("first declared here"). A Diagnostic
// note carries a message and, in a file, a span; a contract check knows only JSON Pointers. The
// note's pointer is kept beside it (never in it: the Diagnostic shape is a schema), so a front
// end that knows the file can give the note its span. Pure.
import type { DiagnosticNote } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";

const notePaths = new WeakMap<DiagnosticNote, PathNote>();

export interface PathNote {
  /** JSON Pointer, in the checked document, of what the note is about. */
  path: string;
  /** A phrase that reads well followed by " at <where>": "'x' is first declared". */
  message: string;
}

/** An error with a note at another path of the same document. */
export function errorWithNote(report: ContractReport, code: string, path: string, message: string, note: PathNote, suggestion?: string): void {
  report.error(code, path, message, suggestion);
  const diagnostic = report.diagnostics[report.diagnostics.length - 1]!;
  const entry: DiagnosticNote = { message: `${note.message} (at ${note.path})` };
  notePaths.set(entry, note);
  diagnostic.notes = [...(diagnostic.notes ?? []), entry];
}

/** What a note of errorWithNote is about: its path and its message without the place. */
export function pathNoteOf(note: DiagnosticNote): PathNote | undefined {
  return notePaths.get(note);
}

/** "did you mean 'x'?" or undefined. */
export function meant(name: string | undefined): string | undefined {
  return name === undefined ? undefined : `did you mean '${name}'?`;
}
