// Log lines for a pack's diagnostics at start-up: `file:line:col: severity code: message`, as
// `svc compile` prints them without the code frame, and at most a few per binding (the rest
// counted: `svc compile --check` shows them all). Pure.
import type { PackDiagnostic } from "../../../compiler/contracts/pack/index.js";

/** Diagnostics shown per refused binding or per failed pack before the rest are counted. */
export const SHOWN_DIAGNOSTICS = 5;

export function diagnosticLine({ file, diagnostic }: PackDiagnostic): string {
  const start = diagnostic.span?.start;
  const at = start === undefined ? file : `${file}:${start.line}:${start.column}`;
  return `${at}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
}

/** The lines of up to SHOWN_DIAGNOSTICS diagnostics, and a count of the others. */
export function diagnosticLines(diagnostics: readonly PackDiagnostic[]): string[] {
  const lines = diagnostics.slice(0, SHOWN_DIAGNOSTICS).map(diagnosticLine);
  if (diagnostics.length > SHOWN_DIAGNOSTICS) lines.push(`... and ${diagnostics.length - SHOWN_DIAGNOSTICS} more (run: svc compile --check)`);
  return lines;
}
