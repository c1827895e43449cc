// What the two readers of covariate files (CSV and JSON) hand to the row checks: records of named
// cells, each with its span, and one collector of diagnostics placed in the file. Pure.
import type { Diagnostic, DiagnosticNote, SourcePosition, SourceSpan } from "../../../generated/types.js";

/** The columns of a covariate file, in the order of the header the demo file uses. */
export const COVARIATE_COLUMNS = ["target_time", "field", "value", "issued_at"] as const;
export type CovariateColumn = (typeof COVARIATE_COLUMNS)[number];

/** Errors past this many are counted, not listed. */
export const MAX_LISTED_ERRORS = 100;

/** Spans are made only for diagnostics: a file may have a million cells. */
export type SpanOf = () => SourceSpan;

export interface RawCell {
  /** CSV: the cell's text; JSON: the member's value. */
  value: unknown;
  span: SpanOf;
}

export interface RawRecord {
  span: SpanOf;
  cells: Map<string, RawCell>;
}

export class FileProblems {
  readonly diagnostics: Diagnostic[] = [];
  private errors = 0;
  private lineStarts: number[] | undefined;

  constructor(
    private readonly text: string,
    readonly file: string,
  ) {}

  get failed(): boolean {
    return this.errors > 0;
  }

  /** The span of [start, end) (at least one column wide, for a caret). */
  span(start: number, end: number): SourceSpan {
    return { source: this.file, start: this.position(start), end: this.position(Math.max(end, start + 1)) };
  }

  private position(offset: number): SourcePosition {
    const starts = (this.lineStarts ??= lineStarts(this.text));
    let [low, high] = [0, starts.length - 1];
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1, offset };
  }

  error(span: SourceSpan, code: string, message: string, notes?: DiagnosticNote[]): void {
    this.errors++;
    if (this.errors > MAX_LISTED_ERRORS) return;
    this.diagnostics.push({ code, severity: "error", message, span, ...(notes === undefined ? {} : { notes }) });
  }

  /** Closes the list: in file order, then a count of the errors not listed. */
  finish(): Diagnostic[] {
    this.diagnostics.sort((a, b) => (a.span?.start.offset ?? 0) - (b.span?.start.offset ?? 0));
    if (this.errors > MAX_LISTED_ERRORS) {
      const more = this.errors - MAX_LISTED_ERRORS;
      this.diagnostics.push({ code: "covariate/too-many-errors", severity: "error", message: `${more} more error(s) not listed`, span: this.span(0, 0) });
    }
    return this.diagnostics;
  }

  /** The header (CSV) or a row's members (JSON): each column once, no other. False when one is missing. */
  checkColumns(names: ReadonlyArray<{ name: string; span: SpanOf }>, whole: SpanOf): boolean {
    const seen = new Set<string>();
    for (const { name, span } of names) {
      if (!(COVARIATE_COLUMNS as readonly string[]).includes(name)) this.error(span(), "covariate/unknown-column", `unknown column '${name}'; the columns are ${COVARIATE_COLUMNS.join(", ")}`);
      else if (seen.has(name)) this.error(span(), "covariate/duplicate-column", `the column '${name}' appears twice`);
      seen.add(name);
    }
    const missing = COVARIATE_COLUMNS.filter((c) => !seen.has(c));
    for (const column of missing) this.error(whole(), "covariate/missing-column", `the column '${column}' is missing`);
    return missing.length === 0;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
