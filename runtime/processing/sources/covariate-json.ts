// The JSON reader of covariate files: an array of row objects, or {"rows": [...]}; each row has
// exactly the members target_time, field, value and issued_at; a key twice in an object is an
// error (JSON.parse would keep the last silently). Spans are looked up only for
// diagnostics (through the YAML parser, which keeps source ranges). Pure.
import { createJsonLocator, type JsonLocator } from "../../../compiler/diagnostics/json-locations.js";
import { firstJsonProblem, hasDuplicateKey } from "../../../compiler/diagnostics/strict-json.js";
import { COVARIATE_COLUMNS, type FileProblems, type RawRecord, type SpanOf } from "./covariate-records.js";

export function readCovariateJson(text: string, problems: FileProblems): RawRecord[] | undefined {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    value = undefined;
  }
  // JSON.parse keeps the last of two equal keys silently, and names no position for some errors.
  if (value === undefined || hasDuplicateKey(body)) {
    const problem = firstJsonProblem(body);
    const code = problem?.code === "json/duplicate-key" ? "covariate/json-duplicate-key" : "covariate/json-syntax";
    const span = problem?.span === undefined ? problems.span(0, 0) : { ...problem.span, source: problems.file };
    problems.error(span, code, `the JSON could not be read: ${problem?.message ?? "not a JSON document"}`);
    return undefined;
  }
  let locator: JsonLocator | undefined;
  const spanAt = (pointer: string): SpanOf => () => {
    const span = (locator ??= createJsonLocator(text)).locate(pointer);
    return span === undefined ? problems.span(0, 0) : { ...span, source: problems.file };
  };
  let rows: unknown[];
  let prefix = "";
  if (Array.isArray(value)) rows = value;
  else if (isObject(value) && Array.isArray(value.rows) && Object.keys(value).length === 1) {
    rows = value.rows;
    prefix = "/rows";
  } else {
    problems.error(spanAt("")(), "covariate/json-shape", 'a JSON covariate file is an array of rows, or an object {"rows": [...]}');
    return undefined;
  }
  const records: RawRecord[] = [];
  rows.forEach((row, i) => {
    const at = `${prefix}/${i}`;
    if (!isObject(row)) return problems.error(spanAt(at)(), "covariate/json-shape", `row ${i} is not an object with the members ${COVARIATE_COLUMNS.join(", ")}`);
    const names = Object.keys(row).map((name) => ({ name, span: spanAt(`${at}/${escapePointer(name)}`) }));
    if (!problems.checkColumns(names, spanAt(at))) return;
    records.push({ span: spanAt(at), cells: new Map(COVARIATE_COLUMNS.map((c) => [c, { value: row[c], span: spanAt(`${at}/${c}`) }])) });
  });
  return records;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
