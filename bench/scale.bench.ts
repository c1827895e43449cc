// `npm run bench -- scale`: the issue 19 Done-means benchmark. Starts the real service
// (`node dist/cli/svc.js serve`, a child process) on SQLite and, when a server answers, on
// PostgreSQL, with 0, 1,000 and 10,000 stored enabled rules of the demo's shape (the demo's
// 1 s interval rule), and prints for each: start-up to listening, RSS, PUT req/s and p99 of a
// 50-node flow (JWT and audit on, 8 in flight), executions per second sustained over 30 s with
// every execution in rule_history (history lag), scheduler tick lag p99 (from GET /metrics, when
// the service has it) and the first-tick burst; then the targets, pass or fail.
//
// How each figure is taken (all from outside the service):
// - start-up: spawn to the "serving" line (printed once it listens); RSS: VmRSS after the first
//   3 s, peak RSS: VmHWM at the end; CPU/PUT: the service's CPU time over the PUT load / PUTs.
// - exec/s: the scheduler's execution count (GET /api/scheduler/status) over the window;
//   recorded/s: rule_history rows added over the window (counted through the benchmark's own
//   connection); queue: rules due but waiting for a slot at the window's end.
// - history lag: the worst, over probes every 5 s and at the end, of the time from the service
//   reporting E executions to rule_history holding E rows ("> 10 s": never caught up).
// - tick lag p99: the first /metrics family named *tick_lag*, histogram buckets over the window,
//   interpolated inside the bucket as Prometheus's histogram_quantile does.
// - first-tick burst: rule_history rows by started_at in 100 ms ticks (windows from 50 ms before
//   each tick) over the first 3 s from the first execution, the fullest tick over the steady mean
//   (rules / 10: each 1 s rule once per ten ticks; the observed mean, lower while start-up hands
//   the rules to the scheduler, is printed beside it); with the deepest ready queue seen in those
//   3 s, since a stampede drained at the store's pace spreads its start times evenly.
//
// Options (environment, all optional; about 5-6 minutes with the defaults and PostgreSQL):
//   SCALE_SIZES=0,1000,10000       stored enabled rules per run
//   SCALE_SECONDS=30               the sustained window, in seconds
//   SCALE_PUT_SECONDS=4            the measured PUT load (after 1 s of warm-up)
//   SCALE_STORES=sqlite,postgres   which stores; PostgreSQL is skipped (said so) when no server answers
//   SCALE_PG_URL=postgres://...    the server (default SVC_TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//                                  each run gets a schema of its own, dropped afterwards
//   SCALE_CPU_PROF=<dir>           runs the service with --cpu-prof into <dir> (for profiling, not for figures)
//   SCALE_SVC=<path>               serves another build's dist/cli/svc.js (e.g. main's, to compare)
// e.g. SCALE_SIZES=0,1000 SCALE_SECONDS=10 SCALE_STORES=sqlite npm run bench -- scale
//
// The service runs with SVC_DATA_PROCESSING=off and SVC_DEMO_DATA=off: the forecast tasks, the
// embedded processor and the demo history seeding are noise here; rules, simulated points,
// history, audit and the API run as in production. Seeding (batch inserts straight into the
// store) is not part of start-up.
import { cpus, loadavg } from "node:os";
import { formatRate } from "./harness.js";
import { startLoadGenerator } from "./http/load-generator.js";
import { loadDemoShape } from "./scale/demo-shape.js";
import { readScaleOptions } from "./scale/scale-options.js";
import { measureScale, type ScaleResult } from "./scale/scale-run.js";
import { postgresAnswers, type StoreKind } from "./scale/scale-store.js";

export async function benchScale(): Promise<void> {
  const options = readScaleOptions(process.env);
  const shape = await loadDemoShape();
  const stores: StoreKind[] = [];
  for (const store of options.stores) {
    if (store === "postgres" && !(await postgresAnswers(options.pgUrl))) {
      console.log(`\nscale: no PostgreSQL server answers at ${options.pgUrl.replace(/:[^:@/]*@/, ":***@")}: PostgreSQL not measured`);
      continue;
    }
    stores.push(store);
  }
  console.log(
    `\nscale: the real service (svc serve, a child process) with N stored enabled copies of the demo's 1 s rule ("${shape.rule.name}"); ` +
      `PUT of a ${shape.nodes}-node flow, JWT and audit on, 8 in flight, ${options.putSeconds} s after 1 s of warm-up; ` +
      `sustained window ${options.sustainedSeconds} s; data processing and demo data off`,
  );
  // Absolute figures depend on what else the machine runs: say how busy it was.
  console.log(`  ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} at the start`);
  const load = startLoadGenerator();
  let failed = false;
  try {
    for (const store of stores) {
      const results: ScaleResult[] = [];
      for (const rules of options.sizes) {
        const result = await measureScale(store, rules, shape, load, options);
        results.push(result);
        printRow(result, results.length === 1);
        if (result.put.failures > 0) {
          failed = true;
          console.log(`    INVALID: ${result.put.failures} PUTs failed; first: ${result.put.firstFailure ?? "?"}`);
        }
        const internal = result.serviceErrors.filter((line) => line.startsWith("internal error"));
        if (internal.length > 0) console.log(`    the service logged ${internal.length} internal errors; first: ${internal[0]}`);
      }
      failed = printTargets(store, results) || failed;
    }
  } finally {
    await load.close();
  }
  if (failed) process.exitCode = 1;
}

const COLUMNS = ["rules", "start-up", "RSS", "peak RSS", "PUT req/s", "PUT p99", "CPU/PUT", "exec/s", "recorded/s", "queue", "history lag", "tick lag p99", "first-tick burst"];
const WIDTHS = [7, 9, 8, 9, 10, 10, 9, 9, 11, 7, 12, 13, 28];

function printRow(r: ScaleResult, header: boolean): void {
  if (header) {
    console.log(`\n  ${r.store === "sqlite" ? "SQLite (a file, WAL)" : "PostgreSQL"}`);
    console.log(`  ${COLUMNS.map((c, i) => c.padStart(WIDTHS[i]!)).join(" ")}`);
  }
  const cells = [
    formatRate(r.rules),
    `${r.startupSeconds.toFixed(2)} s`,
    mb(r.rssBytes),
    mb(r.peakRssBytes),
    formatRate(r.put.requestsPerSecond),
    `${r.put.p99Ms.toFixed(1)} ms`,
    `${r.putCpuMs.toFixed(1)} ms`,
    formatRate(r.executionsPerSecond),
    formatRate(r.recordedPerSecond),
    formatRate(r.queueAtEnd),
    Number.isFinite(r.historyLagSeconds) ? `${r.historyLagSeconds.toFixed(2)} s` : "> 10 s",
    r.tickLag === undefined ? "n/a (no /metrics)" : `${r.tickLag.p99Ms.toFixed(1)} ms`,
    r.burst === undefined ? "-" : `${r.burst.maxOverMean.toFixed(2)}x (${formatRate(r.burst.maxPerTick)} max/tick, mean ${formatRate(Math.round(r.burst.meanPerTick))}, queue ${formatRate(r.queuePeak)})`,
  ];
  console.log(`  ${cells.map((c, i) => c.padStart(WIDTHS[i]!)).join(" ")}`);
}

/** Prints each target that the sizes measured allow checking; true when one failed. */
function printTargets(store: StoreKind, results: ScaleResult[]): boolean {
  const at = (rules: number) => results.find((r) => r.rules === rules);
  const zero = at(0);
  const big = at(10_000);
  const checks: [string, boolean | undefined, string][] = [];
  if (zero !== undefined && store === "sqlite") checks.push(["PUT at 0 rules at least 300 req/s (19.5)", zero.put.requestsPerSecond >= 300, `${formatRate(zero.put.requestsPerSecond)} req/s`]);
  if (zero !== undefined && big !== undefined) {
    const ratio = big.put.requestsPerSecond / zero.put.requestsPerSecond;
    checks.push(["PUT at 10,000 rules at least 0.7x PUT at 0", ratio >= 0.7, `${ratio.toFixed(3)}x`]);
  }
  if (big !== undefined) {
    checks.push(["10,000 rules: at least 9,500 recorded executions/s", big.recordedPerSecond >= 9500, `${formatRate(big.recordedPerSecond)}/s`]);
    checks.push(["10,000 rules: history lag under 2 s", big.historyLagSeconds < 2, Number.isFinite(big.historyLagSeconds) ? `${big.historyLagSeconds.toFixed(2)} s` : "not caught up within 10 s"]);
    checks.push(["10,000 rules: tick lag p99 under 20 ms", big.tickLag === undefined ? undefined : big.tickLag.p99Ms < 20, big.tickLag === undefined ? "n/a (no /metrics)" : `${big.tickLag.p99Ms.toFixed(1)} ms (${big.tickLag.series})`]);
    checks.push(["10,000 rules: start-up under 3 s", big.startupSeconds < 3, `${big.startupSeconds.toFixed(2)} s`]);
  }
  for (const r of results) {
    if (r.rules === 0) continue;
    // A stampede shows either as one full tick or as a queue holding most rules (drained at the store's pace).
    const spread = r.burst !== undefined && r.burst.maxOverMean <= 2 && r.queuePeak <= r.rules / 2;
    checks.push([`${formatRate(r.rules)} rules: no first-tick burst (each 100 ms tick within 2x of the mean, no queue of half the rules)`, spread, r.burst === undefined ? "no executions recorded" : `${r.burst.maxOverMean.toFixed(2)}x, queue peak ${formatRate(r.queuePeak)}`]);
  }
  console.log(`\n  targets (${store === "sqlite" ? "SQLite" : "PostgreSQL"})`);
  let failed = false;
  for (const [name, met, figure] of checks) {
    console.log(`  ${met === undefined ? "n/a " : met ? "PASS" : "FAIL"}  ${name}: ${figure}`);
    failed ||= met === false;
  }
  return failed;
}

function mb(bytes: number): string {
  return Number.isFinite(bytes) ? `${Math.round(bytes / 1048576)} MB` : "n/a";
}
