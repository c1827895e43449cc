// Reads one wire time of a checked document. The schema pattern already checked the shape, but
// a well-shaped time can still name no instant (February 30): that is reported here, where the
// time is first used, so every later rule can rely on epoch milliseconds.
import type { ContractReport } from "../contract-report.js";
import { parseUtcTime } from "../utc-time.js";

/** Epoch milliseconds of `text`, or undefined after reporting `time/not-a-date` at `path`. */
export function readTime(text: string, path: string, report: ContractReport): number | undefined {
  const at = parseUtcTime(text);
  if (at === undefined) report.error("time/not-a-date", path, notADate(text));
  return at;
}

/** The message of `time/not-a-date`, for checks that collect or cap their reports themselves. */
export function notADate(text: string): string {
  return `'${text}' is not a real UTC time (no such calendar date, or before the Unix epoch)`;
}
