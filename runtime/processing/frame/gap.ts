// quality.max_gap_seconds (spec: Aggregate quality, "largest gap among required historical
// observations"), per history feature: the longest stretch of the window (as_of - Nc, as_of]
// without an observation that took part. The window's edges count: from its start to the first
// observation and from the last one to as_of, so a series with a sample at every label has c
// and one with no sample at all has the whole window, N x c. Between two present cells t1 < t2
// with only missing cells between, the gap is above t2 - t1 - c, as the contract check requires.

/** `times`: participating observation times in (start, asOf], ascending. */
export function maxGap(times: ArrayLike<number>, start: number, asOf: number): number {
  let previous = start;
  let gap = 0;
  for (let i = 0; i < times.length; i++) {
    gap = Math.max(gap, times[i]! - previous);
    previous = times[i]!;
  }
  return Math.max(gap, asOf - previous);
}
