// A covariate file (CSV or JSON) to the rows of one dataset: text in, rows and diagnostics out,
// each diagnostic placed at its line and column. Columns: target_time (the interval-end label the
// value is for) and issued_at (when it was known), RFC 3339 UTC as on the wire; field (a feature
// name); value (a finite number). A key (field, target_time, issued_at) may appear once. Fails
// closed: with any error, no rows (a file is loaded whole or not at all). Pure.
//
//   target_time,field,value,issued_at
//   2026-03-01T00:15:00Z,air_temperature,5.2,2026-02-28T12:00:00Z
import { formatUtcTime, parseUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { Diagnostic } from "../../../generated/types.js";
import { readCovariateCsv } from "./covariate-csv.js";
import { readCovariateJson } from "./covariate-json.js";
import { FileProblems, type RawCell, type RawRecord } from "./covariate-records.js";

export { COVARIATE_COLUMNS } from "./covariate-records.js";

export type CovariateFileFormat = "csv" | "json";

/** A row of the file; the dataset is the loader's (the file names it). Times in epoch ms. */
export interface CovariateFileRow {
  field: string;
  target_time: number;
  value: number;
  issued_at: number;
}

export interface ParsedCovariateFile {
  /** Every row in file order, or none when there is any error. */
  rows: CovariateFileRow[];
  diagnostics: Diagnostic[];
}

const FEATURE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The format of a file by its name: `.csv` or `.json`. */
export function covariateFileFormat(file: string): CovariateFileFormat | undefined {
  const lower = file.toLowerCase();
  return lower.endsWith(".csv") ? "csv" : lower.endsWith(".json") ? "json" : undefined;
}

export function parseCovariateFile(text: string, options: { file: string; format?: CovariateFileFormat }): ParsedCovariateFile {
  const problems = new FileProblems(text, options.file);
  const format = options.format ?? covariateFileFormat(options.file);
  if (format === undefined) {
    problems.error(problems.span(0, 0), "covariate/unknown-format", `${options.file}: a covariate file is .csv or .json`);
    return { rows: [], diagnostics: problems.finish() };
  }
  const records = format === "csv" ? readCovariateCsv(text, problems) : readCovariateJson(text, problems);
  const rows = records === undefined ? [] : checkRows(records, format === "csv", problems);
  if (records !== undefined && records.length === 0 && !problems.failed) {
    problems.error(problems.span(0, 0), "covariate/empty", "the file has no rows");
  }
  return { rows: problems.failed ? [] : rows, diagnostics: problems.finish() };
}

/** `text`: values are CSV text (a JSON value must be a number already). */
function checkRows(records: RawRecord[], text: boolean, problems: FileProblems): CovariateFileRow[] {
  const rows: CovariateFileRow[] = [];
  const first = new Map<string, RawRecord>();
  for (const record of records) {
    const cell = (name: string) => record.cells.get(name)!;
    const target_time = time(cell("target_time"), "target_time", problems);
    const issued_at = time(cell("issued_at"), "issued_at", problems);
    const field = fieldName(cell("field"), problems);
    const value = number(cell("value"), text, problems);
    if (target_time === undefined || issued_at === undefined || field === undefined || value === undefined) continue;
    const key = `${field}\u0000${target_time}\u0000${issued_at}`;
    const earlier = first.get(key);
    if (earlier !== undefined) {
      const span = earlier.span();
      problems.error(record.span(), "covariate/duplicate-row", `a second row for ${field} at ${String(cell("target_time").value)} issued ${String(cell("issued_at").value)}; each (field, target_time, issued_at) appears once`, [
        { message: `the first is on line ${span.start.line}`, span },
      ]);
      continue;
    }
    first.set(key, record);
    rows.push({ field, target_time, value, issued_at });
  }
  return rows;
}

function time(cell: RawCell, column: string, problems: FileProblems): number | undefined {
  const at = typeof cell.value === "string" ? parseUtcTime(cell.value) : undefined;
  if (at === undefined) problems.error(cell.span(), "covariate/bad-time", `${column} ${show(cell.value)} is not an RFC 3339 UTC time (YYYY-MM-DDThh:mm:ss[.sss]Z, at or after 1970)`);
  return at;
}

function fieldName(cell: RawCell, problems: FileProblems): string | undefined {
  if (typeof cell.value === "string" && FEATURE_NAME.test(cell.value)) return cell.value;
  problems.error(cell.span(), "covariate/bad-field", `field ${show(cell.value)} is not a field name (a letter or _, then letters, digits or _, at most 64)`);
  return undefined;
}

function number(cell: RawCell, text: boolean, problems: FileProblems): number | undefined {
  const raw = cell.value;
  const value = text ? (typeof raw === "string" && DECIMAL.test(raw) ? Number(raw) : Number.NaN) : typeof raw === "number" ? raw : Number.NaN;
  if (Number.isFinite(value)) return value;
  problems.error(cell.span(), "covariate/bad-value", `value ${show(raw)} is not a finite number`);
  return undefined;
}

function show(value: unknown): string {
  return value === "" ? "(empty)" : typeof value === "string" ? `'${value}'` : JSON.stringify(value) ?? String(value);
}

/** The CSV form of rows (header, then one line per row, LF, a final newline): what parseCovariateFile reads back. */
export function formatCovariateCsv(rows: readonly CovariateFileRow[]): string {
  const lines = ["target_time,field,value,issued_at"];
  for (const row of rows) lines.push(`${formatUtcTime(row.target_time)},${row.field},${String(row.value)},${formatUtcTime(row.issued_at)}`);
  return `${lines.join("\n")}\n`;
}
