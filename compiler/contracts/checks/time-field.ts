// Reads one wire time of a checked document. The schema pattern already checked the shape, but
// a well-shaped time can still name no instant (February 30): that is reported here, where the
// time is first used, so every later rule can rely on epoch milliseconds.
import type { ContractReport } from "../contract-report.js";
import { parseUtcTime } from "../utc-time.js";

/** Epoch milliseconds of `text`, or undefined after reporting `time/not-a-date` at `path`. */
export function readTime(text: string, path: string, report: ContractReport): number | undefined {
  const at = parseUtcTime(text);
  if (at === undefined) report.error("time/not-a-date", path, `'${text}' is not a real UTC time (no such calendar date, or before the Unix epoch)`);
  return at;
}
