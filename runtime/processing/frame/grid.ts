// The interval-end grid (spec: Grid rules 1-3; PITFALLS, time-series grids): labels are
// multiples of the cadence c since the Unix epoch, label t covers (t-c, t]. The grid is UTC;
// the task's timezone changes calendar features, never a label.

/** The grid label at or before `ms`: the as_of a request's cut becomes. */
export function floorToGrid(ms: number, cadenceMs: number): number {
  return Math.floor(ms / cadenceMs) * cadenceMs;
}

/** `steps` labels: `first`, first + c, ... */
export function gridLabels(first: number, steps: number, cadenceMs: number): number[] {
  const labels = new Array<number>(steps);
  for (let i = 0; i < steps; i++) labels[i] = first + i * cadenceMs;
  return labels;
}

/** History labels as_of-(N-1)c ... as_of. */
export function historyLabels(asOf: number, steps: number, cadenceMs: number): number[] {
  return gridLabels(asOf - (steps - 1) * cadenceMs, steps, cadenceMs);
}

/** Future labels as_of+c ... as_of+Hc. */
export function futureLabels(asOf: number, steps: number, cadenceMs: number): number[] {
  return gridLabels(asOf + cadenceMs, steps, cadenceMs);
}
