// The CSV reader of covariate files: lines to records of cells, each cell with its span. RFC 4180
// fields (a quoted field may hold commas and "" for a quote, but no line break); blank lines and
// lines starting with `#` are skipped; the first other line is the header. Pure.
import type { SourceSpan } from "../../../generated/types.js";
import type { FileProblems, RawRecord } from "./covariate-records.js";

interface Cell {
  text: string;
  start: number;
  end: number;
}

export function readCovariateCsv(text: string, problems: FileProblems): RawRecord[] | undefined {
  const records: RawRecord[] = [];
  let header: Cell[] | undefined;
  for (const { start, end, number } of lines(text)) {
    const line = text.slice(start, end);
    if (line.trim() === "" || line.startsWith("#")) continue;
    const cells = splitCells(text, start, end, number, problems);
    if (cells === undefined) continue;
    if (header === undefined) {
      header = cells;
      if (!problems.checkColumns(cells.map((c) => ({ name: c.text, span: () => problems.span(c.start, c.end) })), () => problems.span(start, end))) return undefined;
      continue;
    }
    if (cells.length !== header.length) {
      problems.error(problems.span(start, end), "covariate/column-count", `line ${number} has ${cells.length} cells; the header has ${header.length}`);
      continue;
    }
    const record: RawRecord = { span: () => problems.span(start, end), cells: new Map() };
    cells.forEach((cell, i) => record.cells.set(header![i]!.text, { value: cell.text, span: () => problems.span(cell.start, cell.end) }));
    records.push(record);
  }
  if (header === undefined) {
    problems.error(problems.span(0, 0), "covariate/empty", "the file has no header line (target_time,field,value,issued_at)");
    return undefined;
  }
  return records;
}

/** Each line's start and end (without the line break) and its 1-based number. */
function* lines(text: string): Generator<{ start: number; end: number; number: number }> {
  let start = text.startsWith("\uFEFF") ? 1 : 0;
  for (let number = 1; start <= text.length; number++) {
    let next = text.indexOf("\n", start);
    if (next === -1) next = text.length;
    const end = next > start && text[next - 1] === "\r" ? next - 1 : next;
    if (next === text.length && start === next) return;
    yield { start, end, number };
    start = next + 1;
  }
}

/** The cells of one line; undefined (with a diagnostic) when its quoting is broken. */
function splitCells(text: string, start: number, end: number, line: number, problems: FileProblems): Cell[] | undefined {
  const cells: Cell[] = [];
  let i = start;
  for (;;) {
    if (text[i] === '"') {
      const open = i;
      let value = "";
      i++;
      for (;;) {
        if (i >= end) return broken(problems, problems.span(open, end), line, "a quoted cell is not closed on its line");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      if (i < end && text[i] !== ",") return broken(problems, problems.span(i, i + 1), line, "a quoted cell must end at a comma or the line's end");
      cells.push({ text: value, start: open, end: i });
    } else {
      let next = text.indexOf(",", i);
      if (next === -1 || next > end) next = end;
      const raw = text.slice(i, next);
      const lead = raw.length - raw.trimStart().length;
      cells.push({ text: raw.trim(), start: i + lead, end: i + lead + raw.trim().length });
      i = next;
    }
    if (i >= end) return cells;
    i++; // the comma
  }
}

function broken(problems: FileProblems, span: SourceSpan, line: number, message: string): undefined {
  problems.error(span, "covariate/quote", `line ${line}: ${message}`);
  return undefined;
}
