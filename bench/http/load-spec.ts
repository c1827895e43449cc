// What one load run asks for and what it measured: shared by the load generator's thread and the
// benchmark, which sums several runs into one figure.

export interface LoadSpec {
  url: string;
  method: "GET" | "PUT";
  headers: Record<string, string>;
  /** Sent as is with every request; content-length is added. */
  body?: string;
  /** Requests in flight at once, each on its own keep-alive connection. */
  concurrency: number;
  /** New requests start until this has passed; the ones in flight then still count. */
  durationMs: number;
}

export interface RawLoadResult {
  requests: number;
  /** From the first request sent to the last reply received. */
  seconds: number;
  latenciesMs: Float64Array;
  /** Replies per HTTP status. */
  statuses: Record<number, number>;
  /** The first non-2xx reply, status and start of the body. */
  firstFailure?: string;
}

export interface LoadSummary {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Replies that were not 2xx; a run with any is not a valid measurement. */
  failures: number;
  firstFailure?: string;
}

/** Several runs of one subject as one: total requests over total time, percentiles over every request. */
export function summarizeLoad(runs: RawLoadResult[]): LoadSummary {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const latencies = new Float64Array(requests);
  let at = 0;
  for (const run of runs) {
    latencies.set(run.latenciesMs, at);
    at += run.latenciesMs.length;
  }
  latencies.sort();
  const failures = runs.reduce((sum, r) => sum + Object.entries(r.statuses).reduce((n, [status, count]) => n + (Number(status) >= 300 ? count : 0), 0), 0);
  const firstFailure = runs.find((r) => r.firstFailure !== undefined)?.firstFailure;
  return {
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests,
    failures,
    ...(firstFailure !== undefined ? { firstFailure } : {}),
  };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
