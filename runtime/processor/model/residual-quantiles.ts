// Quantiles from empirical residuals: the spread of a method's own in-sample errors, placed
// around its point value. Residuals are centred on their median, so the 0.5 quantile is the
// value itself (a task may require that: median_policy equals_value, and the processor does not
// know the task's policy) and quantiles below 0.5 never rise above it, those above never below.

/** The type-7 (linear interpolation) empirical quantile of ascending `sorted` at probability p. */
export function empiricalQuantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const low = Math.floor(position);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (position - low) * (sorted[high]! - sorted[low]!);
}

/**
 * For each requested probability (strictly increasing, inside (0, 1)), the offset to add to a
 * point value: the residual quantile minus the residual median, 0 at p = 0.5, non-positive below
 * it, non-negative above it and non-decreasing in p (enforced, so rounding cannot cross them).
 */
export function residualOffsets(residuals: readonly number[], probabilities: readonly number[]): number[] {
  const sorted = [...residuals].sort((a, b) => a - b);
  const median = empiricalQuantile(sorted, 0.5);
  let floor = Number.NEGATIVE_INFINITY;
  return probabilities.map((p) => {
    const raw = p === 0.5 ? 0 : empiricalQuantile(sorted, p) - median;
    const sided = p < 0.5 ? Math.min(raw, 0) : Math.max(raw, 0);
    floor = Math.max(floor, sided);
    return floor;
  });
}
