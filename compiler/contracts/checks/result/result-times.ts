// Every time of a result, read once: the schema checked their shape, this checks they are real
// instants (`time/not-a-date`) and hands epoch milliseconds to the later stages.
import type { ProcessingResult } from "../../../../generated/types.js";
import type { ContractReport } from "../../contract-report.js";
import { readTime } from "../time-field.js";

export interface ResultTimes {
  issued?: number;
  /** Absent for unavailable results. */
  expires?: number;
  /** Null when the frame had no watermark. */
  watermark?: number | null;
  /** The fallback's based_on_data_through. */
  dataThrough?: number;
}

export function readResultTimes(result: ProcessingResult, report: ContractReport): ResultTimes {
  return {
    issued: readTime(result.issued_at, "/issued_at", report),
    expires: result.expires_at === undefined ? undefined : readTime(result.expires_at, "/expires_at", report),
    watermark: result.input_watermark === null ? null : readTime(result.input_watermark, "/input_watermark", report),
    dataThrough: result.fallback === undefined ? undefined : readTime(result.fallback.based_on_data_through, "/fallback/based_on_data_through", report),
  };
}
