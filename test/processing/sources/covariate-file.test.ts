// Covariate files (runtime/processing/sources/covariate-file.ts): CSV and JSON to dataset rows,
// every problem a diagnostic at its line; a file with any error loads no rows. Spec: Common
// encoding rules (RFC 3339 UTC times, finite numbers); issue 7 item 1 (a loader from CSV/JSON).
import { expect } from "chai";
import type { Diagnostic } from "../../../generated/types.js";
import { covariateFileFormat, formatCovariateCsv, parseCovariateFile } from "../../../runtime/processing/sources/covariate-file.js";

const T = (text: string) => Date.parse(text);

/** [code, line] of every diagnostic. */
function where(diagnostics: Diagnostic[]): Array<[string, number | undefined]> {
  return diagnostics.map((d) => [d.code, d.span?.start.line]);
}

function csv(...lines: string[]): string {
  return `${lines.join("\n")}\n`;
}

const HEADER = "target_time,field,value,issued_at";
const GOOD = csv(
  "# a comment, then a blank line",
  "",
  HEADER,
  "2026-03-01T00:15:00Z,air_temperature,5.2,2026-02-28T12:00:00Z",
  "2026-03-01T00:15:00Z,global_horizontal_irradiance,0,2026-02-28T12:00:00Z",
  "2026-03-01T00:30:00.250Z,air_temperature,-1e1,2026-03-01T00:00:00Z",
);

describe("covariate files (sources/covariate-file)", () => {
  it("a good CSV file: comments and blank lines skipped, times to epoch ms, numbers as written", () => {
    const parsed = parseCovariateFile(GOOD, { file: "weather.csv" });
    expect(parsed.diagnostics).to.deep.equal([]);
    expect(parsed.rows).to.deep.equal([
      { field: "air_temperature", target_time: T("2026-03-01T00:15:00Z"), value: 5.2, issued_at: T("2026-02-28T12:00:00Z") },
      { field: "global_horizontal_irradiance", target_time: T("2026-03-01T00:15:00Z"), value: 0, issued_at: T("2026-02-28T12:00:00Z") },
      { field: "air_temperature", target_time: T("2026-03-01T00:30:00.250Z"), value: -10, issued_at: T("2026-03-01T00:00:00Z") },
    ]);
  });

  it("columns in any order, quoted cells, CRLF line ends and a byte order mark are read", () => {
    const text = '\uFEFFfield,issued_at,"value",target_time\r\n"air_temperature",2026-02-28T12:00:00Z,"7.5",2026-03-01T00:15:00Z\r\n';
    const parsed = parseCovariateFile(text, { file: "w.csv" });
    expect(parsed.diagnostics).to.deep.equal([]);
    expect(parsed.rows).to.deep.equal([{ field: "air_temperature", target_time: T("2026-03-01T00:15:00Z"), value: 7.5, issued_at: T("2026-02-28T12:00:00Z") }]);
  });

  it("spec (times are RFC 3339 UTC): a local time, an offset, a numeric epoch, an impossible date and a time before 1970 are refused at their line", () => {
    const parsed = parseCovariateFile(
      csv(
        HEADER,
        "2026-03-01T00:15:00,air_temperature,1,2026-02-28T12:00:00Z",
        "2026-03-01T00:15:00+01:00,air_temperature,1,2026-02-28T12:00:00Z",
        "1772324100000,air_temperature,1,2026-02-28T12:00:00Z",
        "2026-02-30T00:15:00Z,air_temperature,1,2026-02-28T12:00:00Z",
        "2026-03-01T00:15:00Z,air_temperature,1,1969-12-31T23:59:59Z",
        "2026-03-01T00:15:00.1234Z,air_temperature,1,2026-02-28T12:00:00Z",
      ),
      { file: "w.csv" },
    );
    expect(where(parsed.diagnostics)).to.deep.equal([2, 3, 4, 5, 6, 7].map((line) => ["covariate/bad-time", line]));
    expect(parsed.rows, "a file with errors loads nothing").to.deep.equal([]);
    expect(parsed.diagnostics[4]!.span).to.deep.include({ source: "w.csv" });
    expect(parsed.diagnostics[4]!.span!.start).to.deep.equal({ line: 6, column: 40, offset: parsed.diagnostics[4]!.span!.start.offset });
  });

  it("spec (numbers are finite): NaN, infinities, an empty cell, a number too large for a double and text are refused", () => {
    const values = ["NaN", "Infinity", "-inf", "", "1e400", "12kW", "0x10"];
    const parsed = parseCovariateFile(csv(HEADER, ...values.map((v) => `2026-03-01T00:15:00Z,air_temperature,${v},2026-02-28T12:00:00Z`)), { file: "w.csv" });
    expect(where(parsed.diagnostics)).to.deep.equal(values.map((_, i) => ["covariate/bad-value", i + 2]));
  });

  it("a duplicate row (same field, target_time and issued_at) is refused, even with the same value, with a note at the first", () => {
    const row = "2026-03-01T00:15:00Z,air_temperature,5,2026-02-28T12:00:00Z";
    const parsed = parseCovariateFile(csv(HEADER, row, "2026-03-01T00:15:00Z,air_temperature,5,2026-03-01T00:00:00Z", "2026-03-01T00:15:00.000Z,air_temperature,5,2026-02-28T12:00:00Z"), { file: "w.csv" });
    expect(where(parsed.diagnostics)).to.deep.equal([["covariate/duplicate-row", 4]]);
    expect(parsed.diagnostics[0]!.notes?.[0]?.span?.start.line).to.equal(2);
  });

  it("a missing, unknown or repeated column, a row with another cell count and a broken quote are refused at their line", () => {
    expect(where(parseCovariateFile(csv("target_time,field,value", "2026-03-01T00:15:00Z,air_temperature,5"), { file: "w.csv" }).diagnostics)).to.deep.equal([["covariate/missing-column", 1]]);
    expect(where(parseCovariateFile(csv(`${HEADER},unit`, "2026-03-01T00:15:00Z,air_temperature,5,2026-02-28T12:00:00Z,degC"), { file: "w.csv" }).diagnostics)).to.deep.equal([["covariate/unknown-column", 1]]);
    expect(where(parseCovariateFile(csv(`${HEADER},value`), { file: "w.csv" }).diagnostics)).to.deep.equal([["covariate/duplicate-column", 1]]);
    const counts = parseCovariateFile(csv(HEADER, "2026-03-01T00:15:00Z,air_temperature,5", "2026-03-01T00:15:00Z,air_temperature,5,2026-02-28T12:00:00Z,"), { file: "w.csv" });
    expect(where(counts.diagnostics)).to.deep.equal([["covariate/column-count", 2], ["covariate/column-count", 3]]);
    const quote = parseCovariateFile(csv(HEADER, '2026-03-01T00:15:00Z,"air_temperature,5,2026-02-28T12:00:00Z', '2026-03-01T00:15:00Z,"air"x,5,2026-02-28T12:00:00Z'), { file: "w.csv" });
    expect(where(quote.diagnostics)).to.deep.equal([["covariate/quote", 2], ["covariate/quote", 3]]);
  });

  it("a field that is not a feature name, an empty file and a header without rows are refused", () => {
    expect(where(parseCovariateFile(csv(HEADER, "2026-03-01T00:15:00Z,air temperature,5,2026-02-28T12:00:00Z"), { file: "w.csv" }).diagnostics)).to.deep.equal([["covariate/bad-field", 2]]);
    expect(where(parseCovariateFile("", { file: "w.csv" }).diagnostics)).to.deep.equal([["covariate/empty", 1]]);
    expect(where(parseCovariateFile(csv(HEADER), { file: "w.csv" }).diagnostics)).to.deep.equal([["covariate/empty", 1]]);
    expect(where(parseCovariateFile("x", { file: "w.txt" }).diagnostics)).to.deep.equal([["covariate/unknown-format", 1]]);
  });

  it("errors past 100 are counted, not listed", () => {
    const lines = Array.from({ length: 150 }, () => "2026-03-01T00:15:00Z,air_temperature,NaN,2026-02-28T12:00:00Z");
    const { diagnostics } = parseCovariateFile(csv(HEADER, ...lines), { file: "w.csv" });
    expect(diagnostics).to.have.length(101);
    expect(diagnostics[100]).to.deep.include({ code: "covariate/too-many-errors", message: "50 more error(s) not listed" });
  });

  describe("JSON", () => {
    const good = [{ target_time: "2026-03-01T00:15:00Z", field: "air_temperature", value: 5.5, issued_at: "2026-02-28T12:00:00Z" }];

    it("an array of rows, or {rows: [...]}, reads as the CSV does", () => {
      const expected = [{ field: "air_temperature", target_time: T("2026-03-01T00:15:00Z"), value: 5.5, issued_at: T("2026-02-28T12:00:00Z") }];
      expect(parseCovariateFile(JSON.stringify(good), { file: "w.json" })).to.deep.equal({ rows: expected, diagnostics: [] });
      expect(parseCovariateFile(JSON.stringify({ rows: good }, null, 2), { file: "w.json" })).to.deep.equal({ rows: expected, diagnostics: [] });
    });

    it("bad time, bad value (a string, a huge number), duplicate row, missing and unknown members: each at its line", () => {
      const rows = [
        good[0],
        { ...good[0], target_time: "2026-03-01 00:30:00" },
        { ...good[0], target_time: "2026-03-01T00:30:00Z", value: "5" },
        { ...good[0], target_time: "2026-03-01T00:45:00Z", value: 1e308 * 10 },
        good[0],
        { target_time: "2026-03-01T01:00:00Z", field: "air_temperature", issued_at: "2026-02-28T12:00:00Z" },
        { ...good[0], target_time: "2026-03-01T01:15:00Z", unit: "degC" },
      ];
      // One row per line: line 1 is "[", row i is on line i + 2.
      const text = `[\n${rows.map((r) => JSON.stringify(r).replace("1e+309", "1e999").replace("null", "1e999")).join(",\n")}\n]\n`;
      const parsed = parseCovariateFile(text, { file: "w.json" });
      expect(where(parsed.diagnostics)).to.deep.equal([
        ["covariate/bad-time", 3],
        ["covariate/bad-value", 4],
        ["covariate/bad-value", 5],
        ["covariate/duplicate-row", 6],
        ["covariate/missing-column", 7],
        ["covariate/unknown-column", 8],
      ]);
      expect(parsed.rows).to.deep.equal([]);
    });

    it("JSON syntax errors and other shapes are refused", () => {
      expect(where(parseCovariateFile('[\n{"target_time": NaN}\n]', { file: "w.json" }).diagnostics)).to.deep.equal([["covariate/json-syntax", 2]]);
      expect(where(parseCovariateFile('[\n{"value": 1, "value": 2}\n]', { file: "w.json" }).diagnostics)).to.deep.equal([["covariate/json-duplicate-key", 2]]);
      expect(where(parseCovariateFile('{"data": []}', { file: "w.json" }).diagnostics)).to.deep.equal([["covariate/json-shape", 1]]);
      expect(where(parseCovariateFile("[\n1\n]", { file: "w.json" }).diagnostics)).to.deep.equal([["covariate/json-shape", 2]]);
      expect(where(parseCovariateFile("[]", { file: "w.json" }).diagnostics)).to.deep.equal([["covariate/empty", 1]]);
    });
  });

  it("formatCovariateCsv writes what parseCovariateFile reads back; the format follows the file name", () => {
    const rows = parseCovariateFile(GOOD, { file: "w.csv" }).rows;
    expect(parseCovariateFile(formatCovariateCsv(rows), { file: "again.csv" }).rows).to.deep.equal(rows);
    expect([covariateFileFormat("a.CSV"), covariateFileFormat("b.json"), covariateFileFormat("c.yaml")]).to.deep.equal(["csv", "json", undefined]);
  });
});
