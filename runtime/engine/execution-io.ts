// The executor's only contact with the outside world, passed in per execution. All synchronous:
// live values are in memory, history values are fetched before the execution starts, and a write
// is accepted or refused by the local command plane at once (nothing is queued).

export interface ExecutionIo {
  /** Live value of a point by its dense index; NaN when temporarily unavailable. */
  read(index: number): number;
  /** The point's value `periodMs` before now, from point history; NaN when history has none. */
  valueAgo(index: number, periodMs: number): number;
  /**
   * Submits a write of an action point to the local command plane. Returns null when the
   * command plane accepted it, or the reason it was refused (spec item 11).
   */
  write(index: number, value: number): string | null;
}
