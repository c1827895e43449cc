// The scheduler's tick lag p99 over a window, from two scrapes of GET /metrics (Prometheus text).
// The series is found by name (the first family whose name holds "tick_lag"): a histogram's
// p99 is interpolated linearly inside the bucket holding the 99th percent of the window's
// observations, as Prometheus's histogram_quantile does (the bucket counts at the end minus those
// at the start); a summary's 0.99 quantile is read as
// is. Seconds are converted to milliseconds by the name's unit suffix.

export interface TickLag {
  series: string;
  p99Ms: number;
  /** Observations in the window (histogram only). */
  count?: number;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match === null) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: match[3] === "+Inf" ? Infinity : Number(match[3]) });
  }
  return samples;
}

export function tickLagP99(before: string, after: string): TickLag | undefined {
  const end = parseSamples(after);
  const family = end.find((s) => s.name.includes("tick_lag"))?.name.replace(/_(bucket|sum|count)$/, "");
  if (family === undefined) return undefined;
  const toMs = /_seconds$/.test(family) ? 1000 : 1;
  const quantile = end.find((s) => s.name === family && s.labels.quantile === "0.99");
  if (quantile !== undefined) return { series: family, p99Ms: quantile.value * toMs };
  const buckets = (samples: Sample[]): Map<number, number> => {
    const byBound = new Map<number, number>();
    for (const s of samples) {
      if (s.name !== `${family}_bucket` || s.labels.le === undefined) continue;
      const bound = s.labels.le === "+Inf" ? Infinity : Number(s.labels.le);
      byBound.set(bound, (byBound.get(bound) ?? 0) + s.value); // summed over any other labels
    }
    return byBound;
  };
  const startCounts = buckets(parseSamples(before));
  const window = [...buckets(end)].map(([bound, count]) => [bound, count - (startCounts.get(bound) ?? 0)] as const).sort((a, b) => a[0] - b[0]);
  const total = window.at(-1)?.[1] ?? 0;
  if (total <= 0) return { series: family, p99Ms: NaN, count: 0 };
  const rank = 0.99 * total;
  const at = window.findIndex(([, count]) => count >= rank);
  const [upper, upperCount] = window[at]!;
  const [lower, lowerCount] = at > 0 ? window[at - 1]! : [0, 0];
  // In the +Inf bucket there is nothing to interpolate to: the highest finite bound, as histogram_quantile.
  const p99 = upper === Infinity ? lower : lower + ((upper - lower) * (rank - lowerCount)) / (upperCount - lowerCount);
  return { series: family, p99Ms: p99 * toMs, count: total };
}
