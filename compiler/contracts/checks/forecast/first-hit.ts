// A rule broken at many points is reported once, at the first one, with how many others share
// the problem: a 192-step horizon with a shifted grid should read as one finding, not 192.
import type { ContractReport } from "../../contract-report.js";

export interface Hit {
  path: string;
  message: string;
}

/** Reports the first hit as an error with `code`; returns whether there was any. */
export function reportFirstHit(report: ContractReport, code: string, hits: readonly Hit[]): boolean {
  const first = hits[0];
  if (first === undefined) return false;
  const more = hits.length - 1;
  report.error(code, first.path, more === 0 ? first.message : `${first.message} (and ${more} more point${more === 1 ? "" : "s"} like it)`);
  return true;
}
