// Per-cell rules over a big frame: a broken 672 x 10 frame must not give 6,720 diagnostics. One
// rule reports at most MAX_CELL_REPORTS cells of one series, then one summary at the series.
// Created only when the first bad cell is found, so a clean frame allocates nothing.
import type { ContractReport } from "../../contract-report.js";

export const MAX_CELL_REPORTS = 10;

export class CappedCells {
  private count = 0;

  /** `seriesPath`: where the summary goes; `what`: what the cells did, e.g. `are missing`. */
  constructor(
    private readonly report: ContractReport,
    private readonly code: string,
    private readonly seriesPath: string,
    private readonly what: string,
  ) {}

  /** Reports one cell (the path and message are built only while under the cap). */
  add(path: () => string, message: () => string): void {
    this.count++;
    if (this.count <= MAX_CELL_REPORTS) this.report.error(this.code, path(), message());
  }

  /** The summary of the cells past the cap, if any. */
  finish(): void {
    const more = this.count - MAX_CELL_REPORTS;
    if (more > 0) this.report.error(this.code, this.seriesPath, `${more} more cell${more === 1 ? "" : "s"} of this series ${this.what} (only the first ${MAX_CELL_REPORTS} are listed; ${this.count} in all)`);
  }
}
