// `npm run bench -- history`: execution records per second into rule_history, with the per-rule
// log files on, by the old row-by-row recorder (one INSERT per execution, four in flight as the
// scheduler's default parallelism had them) and by the group-commit writer (issue 19.2), in the
// same run, on a SQLite file and, when a server answers, on PostgreSQL (SVC_BENCH_PG_URL, else
// SVC_TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/test). Records of a demo-shaped
// execution result, spread over RULES rules (one log file each, as 10,000 rules at 1 s would).
// Target: well over 10,000 recorded executions per second on SQLite.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import knex from "knex";
import { createHistoryRecorder, type ExecutionRecord, type HistoryRecorder } from "../runtime/history/history-recorder.js";
import { createHistoryWriter } from "../runtime/history/history-writer.js";
import { createRuleLog, type RuleLog } from "../runtime/history/rule-log.js";
import { noMetrics, type ServiceMetrics } from "../runtime/metrics/service-metrics.js";
import { openStore } from "../runtime/store/open-store.js";
import type { Store } from "../runtime/store/store.js";
import { DEMO_EXECUTION_RESULT } from "./fixtures/demo-execution-result.js";

const RULES = 10_000;
const OLD_SECONDS = 3;
const NEW_RECORDS = 60_000;
const PARALLELISM = 4;

export async function benchHistory(): Promise<void> {
  console.log(`history: recorded executions per second (rule_history + per-rule log files, ${RULES.toLocaleString("en-US")} rules, a demo-shaped result of ${JSON.stringify(RESULT).length} bytes)`);
  const dir = await mkdtemp(join(tmpdir(), "svc-bench-history-"));
  try {
    await compare("SQLite (file, WAL, synchronous=FULL)", async (name) => openStore(`sqlite:${join(dir, `${name}.sqlite`)}`), dir);
    const pg = await postgres();
    if (pg === undefined) console.log("  PostgreSQL: no server answered (set SVC_BENCH_PG_URL)");
    else {
      try {
        await compare("PostgreSQL", (name) => pg.open(name), dir);
      } finally {
        await pg.cleanup();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function compare(label: string, open: (name: string) => Promise<Store>, dir: string): Promise<void> {
  const old = await rowByRow(await open("old"), join(dir, "old-logs"));
  const batched = await groupCommit(await open("new"), join(dir, "new-logs"), true);
  const noLogs = await groupCommit(await open("nolog"), join(dir, "no-logs"), false);
  console.log(`  ${label}`);
  console.log(`    row by row (one INSERT each, ${PARALLELISM} in flight)   ${rate(old.perSecond)} records/s (${old.records.toLocaleString("en-US")} in ${old.seconds.toFixed(2)} s)`);
  console.log(`    group commit (batches, one transaction each)   ${rate(batched.perSecond)} records/s (${batched.records.toLocaleString("en-US")} in ${batched.seconds.toFixed(2)} s, ${batched.batches} batches, mean ${Math.round(batched.records / batched.batches)} records)`);
  console.log(`    group commit, log files off (the store alone)   ${rate(noLogs.perSecond)} records/s (commits ${noLogs.commitSeconds.toFixed(2)} s of ${noLogs.seconds.toFixed(2)} s; with logs: commits ${batched.commitSeconds.toFixed(2)} s)`);
  console.log(`    ratio ${(batched.perSecond / old.perSecond).toFixed(1)}x; target well over 10,000/s: ${batched.perSecond > 10_000 ? "OK" : "MISSED"}`);
}

interface Measured {
  records: number;
  seconds: number;
  perSecond: number;
  batches: number;
  /** Time spent in committed batches' transactions (ServiceMetrics.historyBatch). */
  commitSeconds: number;
}

/** The old path: each execution awaits its own INSERT and log line; PARALLELISM of them at once. */
async function rowByRow(store: Store, logDir: string): Promise<Measured> {
  const log = createRuleLog({ dir: logDir });
  const recorder: HistoryRecorder = createHistoryRecorder({ history: store.history, log, onError: failed });
  let n = 0;
  const start = performance.now();
  const end = start + OLD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: PARALLELISM }, async () => {
      while (performance.now() < end) await recorder.record(1 + (n % RULES), execution(n++));
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await log.close();
  const rows = await countRows(store);
  await store.close();
  if (rows !== n) throw new Error(`row by row: ${n} recorded, ${rows} rows`);
  return { records: n, seconds, perSecond: n / seconds, batches: n, commitSeconds: NaN };
}

/** The writer fed as fast as its back-pressure admits, as the scheduler would feed it. */
async function groupCommit(store: Store, logDir: string, withLogs: boolean): Promise<Measured> {
  let commitSeconds = 0;
  const metrics: ServiceMetrics = { ...noMetrics, historyBatch: (_, s) => void (commitSeconds += s) };
  const log: RuleLog = withLogs ? createRuleLog({ dir: logDir }) : { append: async () => undefined, appendLines: async () => undefined, close: async () => undefined };
  const writer = createHistoryWriter({ history: store.history, log, onError: failed, metrics });
  let n = 0;
  const start = performance.now();
  while (n < NEW_RECORDS) {
    for (let i = 0; i < 500 && n < NEW_RECORDS && writer.admit(); i++) void writer.record(1 + (n % RULES), execution(n++));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await writer.flush();
  const seconds = (performance.now() - start) / 1000;
  await writer.stop(); // closes the log files
  const { batches, committed } = writer.stats();
  const rows = await countRows(store);
  await store.close();
  if (rows !== n || committed !== n) throw new Error(`group commit: ${n} recorded, ${committed} committed, ${rows} rows`);
  return { records: n, seconds, perSecond: n / seconds, batches, commitSeconds };
}

async function countRows(store: Store): Promise<number> {
  return (await store.history.list(undefined, { limit: 1_000_000 })).length;
}

const RESULT = DEMO_EXECUTION_RESULT;

function execution(n: number): ExecutionRecord {
  const at = Date.UTC(2026, 10, 26, 12) + n;
  return { startedAt: at, finishedAt: at + 1, trigger: "interval", success: true, result: RESULT, error: null };
}

function failed(error: unknown): never {
  throw error instanceof Error ? error : new Error(String(error));
}

function rate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString("en-US").padStart(8);
}

/** A PostgreSQL schema per store name on the first server that answers, or undefined. */
export async function postgres(): Promise<{ open(name: string): Promise<Store>; cleanup(): Promise<void> } | undefined> {
  const url = process.env.SVC_BENCH_PG_URL || process.env.SVC_TEST_PG_URL || "postgres://postgres@127.0.0.1:5432/test";
  const admin = knex({ client: "pg", connection: { connectionString: url, connectionTimeoutMillis: 2000 }, pool: { min: 0, max: 1 } });
  try {
    await admin.raw("select 1");
  } catch {
    await admin.destroy();
    return undefined;
  }
  const prefix = `svc_bench_history_${process.pid}`;
  const schemas: string[] = [];
  return {
    async open(name) {
      const schema = `${prefix}_${name}`;
      await admin.raw("create schema if not exists ??", [schema]);
      schemas.push(schema);
      return openStore(`${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
    },
    async cleanup() {
      for (const schema of schemas) await admin.raw("drop schema if exists ?? cascade", [schema]);
      await admin.destroy();
    },
  };
}
