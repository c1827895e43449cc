// Parses every time of a frame once (spec: Common encoding rules, Times). The schema checked the
// shape; an impossible date such as February 30 is reported here as `time/not-a-date`. Later
// stages use the epoch milliseconds and never parse again.
import type { ProcessingFrame } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";
import { parseUtcTime } from "../../utc-time.js";
import { notADate, readTime } from "../time-field.js";
import { MAX_CELL_REPORTS } from "./capped-cells.js";
import type { FrameTimes } from "./frame-scope.js";

/** Reports `time/not-a-date` for `text` at `path()`; NaN when it is not a date. */
export function parseTimeAt(text: string, path: () => string, report: ContractReport): number {
  const ms = parseUtcTime(text); // the usual case builds no path
  return ms !== undefined ? ms : (readTime(text, path(), report) ?? Number.NaN);
}

export function parseFrameTimes(frame: ProcessingFrame, base: string, report: ContractReport): FrameTimes {
  const entries = frame.provenance;
  const watermarks = new Float64Array(entries.length);
  const issuedAt = new Float64Array(entries.length).fill(Number.NaN);
  entries.forEach((entry, i) => {
    watermarks[i] = parseTimeAt(entry.watermark, () => `${base}/provenance/${i}/watermark`, report);
    if (entry.issued_at !== undefined) issuedAt[i] = parseTimeAt(entry.issued_at, () => `${base}/provenance/${i}/issued_at`, report);
  });
  const watermark = frame.quality.input_watermark;
  return {
    asOf: parseTimeAt(frame.as_of, () => `${base}/as_of`, report),
    history: parseLabels(frame.history.timestamps, `${base}/history/timestamps`, report),
    future: frame.future_covariates === undefined ? undefined : parseLabels(frame.future_covariates.timestamps, `${base}/future_covariates/timestamps`, report),
    inputWatermark: watermark === null ? null : parseTimeAt(watermark, () => `${base}/quality/input_watermark`, report),
    watermarks,
    issuedAt,
  };
}

/** The labels of one segment; bad ones are NaN, the first few reported and the rest counted. */
function parseLabels(labels: readonly string[], path: string, report: ContractReport): Float64Array {
  const out = new Float64Array(labels.length);
  let bad = 0;
  for (let i = 0; i < labels.length; i++) {
    const ms = parseUtcTime(labels[i]!);
    if (ms !== undefined) {
      out[i] = ms;
      continue;
    }
    out[i] = Number.NaN;
    if (++bad <= MAX_CELL_REPORTS) report.error("time/not-a-date", `${path}/${i}`, notADate(labels[i]!));
  }
  if (bad > MAX_CELL_REPORTS) report.error("time/not-a-date", path, `${bad - MAX_CELL_REPORTS} more timestamps are not real UTC times (only the first ${MAX_CELL_REPORTS} are listed)`);
  return out;
}
