// One measured run: a fresh store with N stored enabled rules, the real service started on it,
// and every figure of the Done-means table taken from the outside (HTTP, /proc, rule_history).
// Phases, in order: start-up; the first 3 s (queue depth sampled; the burst is computed from
// rule_history afterwards); RSS; PUT load; the sustained window with history-lag probes.
import { mintToken } from "../../runtime/auth/mint-token.js";
import type { LoadGenerator } from "../http/load-generator.js";
import { summarizeLoad, type LoadSummary } from "../http/load-spec.js";
import type { DemoShape } from "./demo-shape.js";
import { firstTickBurst, historyLag, historyRows, sleep, type Burst } from "./history-probe.js";
import { apiCaller, metricsText, prepareMeasuredRule, schedulerCounters } from "./scale-api.js";
import { createScaleDatabase, seedRules, type StoreKind } from "./scale-store.js";
import type { ScaleOptions } from "./scale-options.js";
import { serve } from "./served-service.js";
import { tickLagP99, type TickLag } from "./tick-lag.js";

const SECRET = "the-scale-benchmark-secret-of-more-than-32-bytes";
const FIRST_SECONDS = 3;
const PUT_CONCURRENCY = 8;
const LAG_TIMEOUT_MS = 10_000;

export interface ScaleResult {
  store: StoreKind;
  rules: number;
  seedSeconds: number;
  startupSeconds: number;
  rssBytes: number;
  peakRssBytes: number;
  put: LoadSummary;
  /** The service's CPU time per PUT (all its threads, the scheduler's work included): robust to a busy machine. */
  putCpuMs: number;
  /** Executions the scheduler completed per second over the window. */
  executionsPerSecond: number;
  /** rule_history rows added per second over the window. */
  recordedPerSecond: number;
  windowSeconds: number;
  /** The worst of the probes taken during and at the end of the window (Infinity: not caught up within 10 s). */
  historyLagSeconds: number;
  tickLag: TickLag | undefined;
  burst: Burst | undefined;
  /** Rules waiting for a free slot at the end of the window: executions due but not yet run. */
  queueAtEnd: number;
  /** The deepest ready queue seen in the first 3 s. */
  queuePeak: number;
  /** stderr lines of the service (warnings, internal errors). */
  serviceErrors: string[];
}

export async function measureScale(kind: StoreKind, rules: number, shape: DemoShape, load: LoadGenerator, options: ScaleOptions): Promise<ScaleResult> {
  const database = await createScaleDatabase(kind, options.pgUrl, `${kind}-${rules}`);
  try {
    const seedSeconds = await seedRules(database, shape.rule, rules);
    const service = await serve({ dbUrl: database.url, varDir: database.varDir, jwtSecret: SECRET, cpuProfileDir: options.cpuProfileDir, svcPath: options.svcPath });
    try {
      const token = await mintToken(new TextEncoder().encode(SECRET), { sub: "scale-bench", role: "Engineer", ttlSeconds: 3600 }, Date.now());
      const api = apiCaller(service.url, token);

      // The first seconds: the ready queue shows a stampede the history's start times may hide
      // (all rules due on the first tick, drained at the store's pace).
      let queuePeak = 0;
      const firstEnd = service.listeningAt + FIRST_SECONDS * 1000;
      while (Date.now() < firstEnd) {
        queuePeak = Math.max(queuePeak, (await schedulerCounters(api)).queued);
        await sleep(250);
      }
      const memory = await service.memory();

      const rule = await prepareMeasuredRule(api, shape.flow);
      const put = { url: `${service.url}${rule.path}`, method: "PUT" as const, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: rule.putBody, concurrency: PUT_CONCURRENCY };
      await load.run({ ...put, durationMs: 1000 });
      const cpuBefore = await service.cpuMs();
      const putSummary = summarizeLoad([await load.run({ ...put, durationMs: options.putSeconds * 1000 })]);
      const putCpuMs = ((await service.cpuMs()) - cpuBefore) / putSummary.requests;

      const metricsBefore = await metricsText(api);
      const rowsBefore = await historyRows(database.reader);
      const countersBefore = await schedulerCounters(api);
      const windowStart = performance.now();
      const windowEnd = windowStart + options.sustainedSeconds * 1000;
      let historyLagSeconds = 0;
      while (performance.now() < windowEnd) {
        await sleep(Math.min(5000, Math.max(0, windowEnd - performance.now())));
        if (performance.now() < windowEnd - 500) historyLagSeconds = Math.max(historyLagSeconds, await historyLag(api, database.reader, LAG_TIMEOUT_MS));
      }
      const rowsAfter = await historyRows(database.reader);
      const countersAfter = await schedulerCounters(api);
      const windowSeconds = (performance.now() - windowStart) / 1000;
      const metricsAfter = await metricsText(api);
      historyLagSeconds = Math.max(historyLagSeconds, await historyLag(api, database.reader, LAG_TIMEOUT_MS));
      const end = await service.memory();
      await service.stop();
      const burst = rules === 0 ? undefined : await firstTickBurst(database.reader, (FIRST_SECONDS + 1) * rules, rules / 10); // 1 s rules, 100 ms ticks
      return {
        store: kind,
        rules,
        seedSeconds,
        startupSeconds: service.startupSeconds,
        rssBytes: memory?.rss ?? NaN,
        peakRssBytes: end?.peak ?? NaN,
        put: putSummary,
        putCpuMs,
        executionsPerSecond: (countersAfter.executions - countersBefore.executions) / windowSeconds,
        recordedPerSecond: (rowsAfter - rowsBefore) / windowSeconds,
        windowSeconds,
        historyLagSeconds,
        tickLag: metricsBefore !== undefined && metricsAfter !== undefined ? tickLagP99(metricsBefore, metricsAfter) : undefined,
        burst,
        queuePeak,
        queueAtEnd: countersAfter.queued,
        serviceErrors: service.errors,
      };
    } finally {
      await service.stop();
    }
  } finally {
    await database.cleanup();
  }
}
