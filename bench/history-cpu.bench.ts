// `npm run bench -- history-cpu`: the service's main-thread CPU time per execution record at the
// pace of issue 19 (10,000 rules at a 1 s interval: 100 records every 10 ms), through the
// group-commit writer on a SQLite file with the per-rule log files written in the main thread
// (rule-log.ts), in a thread of their own (threaded-rule-log.ts, the service's) and off, then on
// PostgreSQL when a server answers (as bench history). What the PUT requests of the scale bench
// compete with is the main thread's time, so that is what this counts: its own CPU time
// (/proc/thread-self/stat), robust to a busy machine, unlike a rate. The first 1.5 s (every log
// file opened) are left out. The event loop's delay (what the scheduler's tick lag suffers) is
// sampled every millisecond over the same span.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { ExecutionRecord } from "../runtime/history/history-recorder.js";
import { createHistoryWriter } from "../runtime/history/history-writer.js";
import { createRuleLog, type RuleLog } from "../runtime/history/rule-log.js";
import { createThreadedRuleLog } from "../runtime/history/threaded-rule-log.js";
import { openStore } from "../runtime/store/open-store.js";
import type { Store } from "../runtime/store/store.js";
import { postgres } from "./history.bench.js";
import { DEMO_EXECUTION_RESULT } from "./fixtures/demo-execution-result.js";

const RULES = 10_000;
const PER_TICK = 100;
const TICK_MS = 10;
const WARM_MS = 1500;
const MEASURED_MS = 4000;

export async function benchHistoryCpu(): Promise<void> {
  console.log(`history-cpu: main-thread CPU per execution record, ${RULES.toLocaleString("en-US")} rules, ${(PER_TICK * 1000) / TICK_MS} records/s, SQLite file`);
  const dir = await mkdtemp(join(tmpdir(), "svc-bench-history-cpu-"));
  try {
    const variants: [string, (logDir: string) => RuleLog][] = [
      ["log files written in the main thread", (logDir) => createRuleLog({ dir: logDir })],
      ["log files written in their own thread", (logDir) => createThreadedRuleLog({ dir: logDir })],
      ["log files off", () => ({ append: async () => undefined, appendLines: async () => undefined, close: async () => undefined })],
    ];
    for (const [label, log] of variants) {
      const name = `${variants.findIndex((v) => v[0] === label)}`;
      report(label, await measure(await openStore(`sqlite:${join(dir, name)}.sqlite`), join(dir, name), log));
    }
    const pg = await postgres();
    if (pg === undefined) console.log("  PostgreSQL: no server answered (set SVC_BENCH_PG_URL)");
    else {
      try {
        report("PostgreSQL, log files in their thread", await measure(await pg.open("cpu"), join(dir, "pg"), variants[1]![1]));
      } finally {
        await pg.cleanup();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function measure(store: Store, dir: string, makeLog: (logDir: string) => RuleLog): Promise<{ mainUs: number; recorded: number; delayP99Ms: number; delayMaxMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const writer = createHistoryWriter({ history: store.history, log: makeLog(join(dir, "logs")), onError: (error) => console.error(error) });
  let n = 0;
  const start = performance.now();
  let cpuAtWarm = 0;
  let nAtWarm = 0;
  for (let tick = 1; performance.now() < start + WARM_MS + MEASURED_MS; tick++) {
    for (let i = 0; i < PER_TICK; i++) void writer.record(1 + (n++ % RULES), execution());
    if (nAtWarm === 0 && performance.now() >= start + WARM_MS) {
      await writer.flush();
      cpuAtWarm = threadCpuMs();
      nAtWarm = n;
      delay.enable();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + tick * TICK_MS - performance.now())));
  }
  await writer.flush();
  delay.disable();
  const mainMs = threadCpuMs() - cpuAtWarm;
  await writer.stop();
  await store.close();
  return { mainUs: (mainMs * 1000) / (n - nAtWarm), recorded: n - nAtWarm, delayP99Ms: delay.percentile(99) / 1e6, delayMaxMs: delay.max / 1e6 };
}

function report(label: string, { mainUs, recorded, delayP99Ms, delayMaxMs }: { mainUs: number; recorded: number; delayP99Ms: number; delayMaxMs: number }): void {
  console.log(`  ${label.padEnd(40)} ${mainUs.toFixed(1).padStart(6)} µs main-thread CPU per record (${recorded.toLocaleString("en-US")} records); event-loop delay p99 ${delayP99Ms.toFixed(1)} ms, max ${delayMaxMs.toFixed(1)} ms`);
}

/** This thread's CPU time (user + system), from /proc (Linux; clock ticks of 10 ms). */
function threadCpuMs(): number {
  const fields = readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const RESULT = DEMO_EXECUTION_RESULT;

function execution(): ExecutionRecord {
  const at = Date.now();
  return { startedAt: at, finishedAt: at + 1, trigger: "interval", success: true, result: RESULT, error: null };
}
