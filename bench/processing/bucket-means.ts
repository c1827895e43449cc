// The plain JavaScript baseline of frame assembly: one loop per feature that buckets the raw
// samples into the interval-end cells (as_of - N c, as_of] and takes each cell's mean. No
// validation, no duplicate policy, no gaps or watermark, no quality, provenance, calendar or
// timestamps: the least work that turns the same samples into the same 672 means per feature.
import type { RawSample } from "../../runtime/processing/frame/frame-input.js";

export function bucketMeans(history: Readonly<Record<string, readonly RawSample[]>>, asOf: number, steps: number, cadenceMs: number): Record<string, Float64Array> {
  const start = asOf - steps * cadenceMs;
  const out: Record<string, Float64Array> = {};
  for (const [feature, samples] of Object.entries(history)) {
    const sums = new Float64Array(steps);
    const counts = new Uint32Array(steps);
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!;
      if (s.t <= start || s.t > asOf) continue;
      const cell = Math.ceil((s.t - start) / cadenceMs) - 1;
      sums[cell]! += s.v;
      counts[cell]!++;
    }
    for (let cell = 0; cell < steps; cell++) sums[cell] = counts[cell] === 0 ? NaN : sums[cell]! / counts[cell]!;
    out[feature] = sums;
  }
  return out;
}
