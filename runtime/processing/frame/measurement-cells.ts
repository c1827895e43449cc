// The history cells of one measured feature (spec: Grid rules 1, 2, 4-6): label t is the
// aggregate of the samples in (t-c, t]; samples after as_of are never read; an empty bucket is a
// missing cell (never 0, also for `sum`); NaN and infinities are not observations. One pass over
// the samples sorted once by (event time, write order), with a moving label index, so a frame
// from a million samples costs a sort, not cells x samples.
import type { Aggregation, DuplicatePolicy, SampleQuality } from "../../../generated/types.js";
import type { LiveValue, RawSample } from "./frame-input.js";
import { maxGap } from "./gap.js";

export interface MeasurementSpec {
  asOf: number;
  steps: number;
  cadenceMs: number;
  aggregation: Aggregation;
  duplicatePolicy: DuplicatePolicy;
  /** The task allows a live tail and this feature opted in (its aggregation is then `last`). */
  liveTail: boolean;
}

/** Two or more samples at one event time under duplicate policy `reject`. */
export interface DuplicateSamples {
  /** The cell the samples fall in. */
  cell: number;
  time: number;
  values: number[];
}

export interface MeasurementCells {
  values: Array<number | null>;
  quality: SampleQuality[];
  /** Newest observation that participated (stored or live); undefined when none did. */
  watermark: number | undefined;
  /** Whether the live value replaced the final cell. */
  live: boolean;
  /** Whether stored history gave a value to any cell that the live value did not replace. */
  stored: boolean;
  /** Largest stretch of the window (as_of - Nc, as_of] without a participating observation, ms. */
  maxGapMs: number;
  duplicates: DuplicateSamples[];
}

export function measurementCells(samples: readonly RawSample[], spec: MeasurementSpec, live: LiveValue | undefined): MeasurementCells {
  const { asOf, steps, cadenceMs: c } = spec;
  const start = asOf - steps * c; // exclusive: the first label's interval opens here
  const order = readOrder(samples, start, asOf, steps, c);

  const values = new Array<number | null>(steps).fill(null);
  const quality = new Array<SampleQuality>(steps).fill("missing");
  const times = new Float64Array(order.length); // resolved observation times, ascending
  const duplicates: DuplicateSamples[] = [];
  let observed = 0;
  let finalFrom = -1; // index in `times` of the first observation in the final cell, if any

  let cell = 0;
  let label = start + c;
  let count = 0;
  let acc = 0;
  const flush = (): void => {
    if (count === 0) return;
    values[cell] = spec.aggregation === "mean" ? acc / count : acc;
    quality[cell] = "good";
    count = 0;
  };
  for (let i = 0; i < order.length; ) {
    const first = samples[order[i]!]!;
    const t = first.t;
    // The group of samples at one event time, sorted by write order: the last is the latest.
    let j = i + 1;
    while (j < order.length && samples[order[j]!]!.t === t) j++;
    while (t > label) {
      flush();
      cell++;
      label += c;
    }
    if (j - i > 1 && spec.duplicatePolicy === "reject") {
      duplicates.push({ cell, time: t, values: Array.from(order.subarray(i, j), (k) => samples[k]!.v) });
    }
    const v = samples[order[j - 1]!]!.v;
    if (cell === steps - 1 && finalFrom < 0) finalFrom = observed;
    times[observed++] = t;
    acc = count === 0 ? v : combine(spec.aggregation, acc, v);
    count++;
    i = j;
  }
  flush();

  if (finalFrom < 0) finalFrom = observed;
  const lastStored = finalFrom < observed ? times[observed - 1]! : undefined;
  const useLive = spec.liveTail && live !== undefined && Number.isFinite(live.v) && live.t > asOf - c && live.t <= asOf && (lastStored === undefined || live.t > lastStored);
  let participating = times.subarray(0, observed);
  if (useLive) {
    values[steps - 1] = live.v;
    quality[steps - 1] = "good";
    // The replaced samples took no part: the live value stands for the final cell alone.
    participating = new Float64Array(finalFrom + 1);
    participating.set(times.subarray(0, finalFrom));
    participating[finalFrom] = live.t;
  }
  let stored = false;
  for (let k = 0; k < steps - (useLive ? 1 : 0); k++) if (values[k] !== null) stored = true;
  return {
    values,
    quality,
    watermark: participating.length === 0 ? undefined : participating[participating.length - 1],
    live: useLive,
    stored,
    maxGapMs: maxGap(participating, start, asOf),
    duplicates,
  };
}

/**
 * Sample indices inside (start, asOf] with a finite value, sorted by (event time, write order,
 * input order). Store reads come sorted and are taken as they are; anything else is first
 * distributed into its cells (a stable counting sort) and then sorted cell by cell, so a shuffled
 * million samples costs n log(samples per cell), not n log n comparisons.
 */
function readOrder(samples: readonly RawSample[], start: number, asOf: number, steps: number, c: number): Uint32Array {
  const picked = new Uint32Array(samples.length);
  let n = 0;
  let sorted = true;
  let lastT = -Infinity;
  let lastSeq = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    if (!(s.t > start && s.t <= asOf) || !Number.isFinite(s.v)) continue;
    if (s.t < lastT || (s.t === lastT && s.seq < lastSeq)) sorted = false;
    lastT = s.t;
    lastSeq = s.seq;
    picked[n++] = i;
  }
  if (sorted) return picked.subarray(0, n);
  // The cell of t in (start, asOf] is ceil((t - start) / c) - 1, corrected by the comparisons
  // the walk makes, so a fractional millisecond cannot land in a neighbouring cell.
  const cellOf = new Uint32Array(n);
  const from = new Uint32Array(steps + 1);
  for (let k = 0; k < n; k++) {
    const t = samples[picked[k]!]!.t;
    let cell = Math.min(steps - 1, Math.max(0, Math.ceil((t - start) / c) - 1));
    while (cell > 0 && t <= start + cell * c) cell--;
    while (cell < steps - 1 && t > start + (cell + 1) * c) cell++;
    cellOf[k] = cell;
    from[cell + 1]!++;
  }
  for (let cell = 0; cell < steps; cell++) from[cell + 1]! += from[cell]!;
  const order = new Uint32Array(n);
  const next = from.slice(0, steps);
  for (let k = 0; k < n; k++) order[next[cellOf[k]!]!++] = picked[k]!;
  const byTime = (a: number, b: number): number => samples[a]!.t - samples[b]!.t || samples[a]!.seq - samples[b]!.seq || a - b;
  for (let cell = 0; cell < steps; cell++) if (from[cell + 1]! - from[cell]! > 1) order.subarray(from[cell]!, from[cell + 1]!).sort(byTime);
  return order;
}

function combine(aggregation: Aggregation, acc: number, v: number): number {
  switch (aggregation) {
    case "mean":
    case "sum":
      return acc + v;
    case "last":
      return v;
    case "min":
      return v < acc ? v : acc;
    case "max":
      return v > acc ? v : acc;
  }
}
