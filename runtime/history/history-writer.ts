// The group-commit history writer (issue 19.2; docs/history.md). Executions hand their record
// over with record(): it is serialised once, queued, and written with the records around it in
// one transaction per batch, in the order recorded. A batch is written when it is full, when its
// oldest record has waited `maxDelayMs`, or at once when someone waits for it (a manual
// execution, flush, stop). Nothing says "recorded" before the commit: the id record() resolves
// with, onRecorded (the live WebSocket) and the rule's log line (which carries the id) all follow
// it. The log lines are built around the same JSON text as the row, one write per rule per batch.
//
// Back-pressure: pending() counts the records not yet committed; admit() turns false when it
// reaches `highWater` and true again once it is down to `lowWater`. The scheduler asks admit()
// before starting an execution (docs/scheduler.md, "History back-pressure"), so what it executes
// is always recorded; the queue is bounded by highWater plus the executions already running.
//
// A batch that fails is retried (`retries` times, waiting retryDelayMs, doubling); while it is,
// the queue grows and back-pressure holds the scheduler. A batch that still fails is dropped: its
// records are rejected (never acknowledged), counted by metrics.historyDropped, and their log
// lines are still written, with history_id null: the executions happened and wrote to devices, so
// one record of them is better than none (as before issue 19).
import type { ExecutionTrigger, HistoryRow, HistoryStore } from "../store/store.js";
import { toJsonText, toNullableJsonText } from "../store/columns.js";
import { noMetrics, type ServiceMetrics } from "../metrics/service-metrics.js";
import type { ExecutionRecord, HistoryRecorder } from "./history-recorder.js";
import { asError, groupByRule, type RuleLog, type RuleLogFailure } from "./rule-log.js";

export interface HistoryWriterOptions {
  history: Pick<HistoryStore, "appendBatch">;
  log: RuleLog;
  /** Told about a batch that failed (each attempt) and log lines that could not be written. */
  onError: (error: unknown, context: string) => void;
  /** Told after each record's commit (wakes the live readers). */
  onRecorded?: (historyId: number, ruleId: number) => void;
  /** historyBatch per committed batch, historyDropped per dropped batch; default noMetrics. */
  metrics?: ServiceMetrics;
  /** Records per batch at most (default 2,000). */
  maxBatch?: number;
  /** How long a record waits for its batch at most before the write starts (default 50 ms). */
  maxDelayMs?: number;
  /** Pending records at which admit() turns false (default 20,000). */
  highWater?: number;
  /** Pending records at which admit() turns true again (default highWater / 2). */
  lowWater?: number;
  /** Retries of a failed batch before it is dropped (default 3). */
  retries?: number;
  /** Wait before the first retry, doubled for each next one (default 100 ms). */
  retryDelayMs?: number;
}

export interface HistoryWriterStats {
  /** Records queued or being committed: not yet acknowledged. */
  pending: number;
  /** Records committed since start. */
  committed: number;
  /** Records dropped since start (their batch failed every retry). */
  dropped: number;
  batches: number;
  /** False while back-pressure holds new scheduled executions back. */
  admitting: boolean;
  /** Times admit() turned false since start. */
  throttled: number;
}

export interface HistoryWriter extends HistoryRecorder {
  /**
   * Queues the record (synchronously: it is in the queue when record returns) and resolves with
   * its id once its batch is committed; rejects when the batch was dropped or the writer stopped.
   */
  record(ruleId: number, execution: ExecutionRecord): Promise<number>;
  /** The queue depth: records not yet committed (GET /metrics gauges it). */
  pending(): number;
  stats(): HistoryWriterStats;
  /** False above the high-water mark until the queue drains to the low-water mark. */
  admit(): boolean;
  /** Writes everything recorded so far; resolves once it is committed (or dropped) and its log lines written. */
  flush(): Promise<void>;
  /** Flushes, then refuses further records and closes the rule log's files. */
  stop(): Promise<void>;
}

interface Pending {
  ruleId: number;
  row: HistoryRow;
  queuedAt: number;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

export class HistoryWriterStoppedError extends Error {
  override name = "HistoryWriterStoppedError";
}

export class HistoryBatchDroppedError extends Error {
  override name = "HistoryBatchDroppedError";
}

/** The default of maxDelayMs (SVC_HISTORY_BATCH_DELAY_MS). */
export const DEFAULT_HISTORY_BATCH_DELAY_MS = 50;

export function createHistoryWriter(options: HistoryWriterOptions): HistoryWriter {
  const { history, log, onError, onRecorded, metrics = noMetrics } = options;
  const maxBatch = positive("maxBatch", options.maxBatch ?? 2000);
  const maxDelayMs = nonNegative("maxDelayMs", options.maxDelayMs ?? DEFAULT_HISTORY_BATCH_DELAY_MS);
  const highWater = positive("highWater", options.highWater ?? 20_000);
  const lowWater = nonNegative("lowWater", options.lowWater ?? Math.floor(highWater / 2));
  if (lowWater >= highWater) throw new RangeError(`lowWater (${lowWater}) must be below highWater (${highWater})`);
  const retries = nonNegative("retries", options.retries ?? 3);
  const retryDelayMs = nonNegative("retryDelayMs", options.retryDelayMs ?? 100);

  let queue: Pending[] = [];
  let head = 0; // queue[head..] waits; taking a batch moves head, not the array
  let inBatch = 0;
  let queued = 0; // records ever queued
  let settled = 0; // records committed or dropped, with their log lines written
  let urgentUpTo = 0; // someone waits for the records up to this count
  const waiters: { upTo: number; resolve: () => void }[] = [];
  let writing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate = false;
  let stopped = false;
  let admitting = true;
  const stats = { committed: 0, dropped: 0, batches: 0, throttled: 0 };
  let logs: Promise<void> = Promise.resolve(); // the last batch's log writes

  const waiting = () => queue.length - head;
  const pending = () => waiting() + inBatch;

  function kick(): void {
    if (writing) return; // the loop looks again after its batch
    const count = waiting();
    if (count === 0) return;
    if (count >= maxBatch || urgentUpTo > queued - count || maxDelayMs === 0) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (!immediate) {
        immediate = true;
        setImmediate(() => {
          immediate = false;
          void loop();
        });
      }
      return;
    }
    if (timer === undefined) {
      const wait = Math.max(0, queue[head]!.queuedAt + maxDelayMs - performance.now());
      timer = setTimeout(() => {
        timer = undefined;
        void loop();
      }, wait);
    }
  }

  async function loop(): Promise<void> {
    if (writing) return;
    writing = true;
    try {
      while (waiting() > 0) {
        const count = waiting();
        const due = count >= maxBatch || urgentUpTo > queued - count || performance.now() >= queue[head]!.queuedAt + maxDelayMs;
        if (!due) break;
        const batch = queue.slice(head, head + maxBatch);
        head += batch.length;
        if (head === queue.length) {
          queue = [];
          head = 0;
        } else if (head > 65_536) {
          queue = queue.slice(head);
          head = 0;
        }
        inBatch = batch.length;
        const ids = await commit(batch);
        inBatch = 0;
        updateAdmission();
        // One batch's log lines at a time, behind the next commit: the file system keeps up or
        // the writer waits for it here (and back-pressure holds the scheduler).
        await logs;
        logs = writeLogs(batch, ids);
        const upTo = queued - waiting();
        void logs.then(() => settle(upTo));
      }
    } finally {
      writing = false;
      inBatch = 0;
    }
    kick();
  }

  /** The batch's ids, or null when it was dropped; acknowledges or rejects each record. */
  async function commit(batch: Pending[]): Promise<number[] | null> {
    const rows = batch.map((p) => p.row);
    let failure: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs * 2 ** (attempt - 1));
      const started = performance.now();
      try {
        const ids = await history.appendBatch(rows);
        if (ids.length !== rows.length) throw new Error(`history batch of ${rows.length} records returned ${ids.length} ids`);
        metrics.historyBatch(rows.length, (performance.now() - started) / 1000);
        stats.committed += rows.length;
        stats.batches++;
        for (let i = 0; i < batch.length; i++) {
          const record = batch[i]!;
          record.resolve(ids[i]!);
          try {
            onRecorded?.(ids[i]!, record.ruleId);
          } catch {
            // A listener's fault is not the record's.
          }
        }
        return ids;
      } catch (error) {
        failure = error;
        onError(error, `history batch of ${rows.length} records (attempt ${attempt + 1} of ${retries + 1})`);
      }
    }
    stats.dropped += rows.length;
    metrics.historyDropped(rows.length);
    const dropped = new HistoryBatchDroppedError(`not recorded: the history batch failed ${retries + 1} times (${failure instanceof Error ? failure.message : String(failure)})`, { cause: failure });
    for (const record of batch) record.reject(dropped);
    return null;
  }

  async function writeLogs(batch: Pending[], ids: number[] | null): Promise<void> {
    const ruleIds = new Array<number>(batch.length);
    const lines = new Array<string>(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const { ruleId, row } = batch[i]!;
      ruleIds[i] = ruleId;
      lines[i] = logLine(ids === null ? null : ids[i]!, row);
    }
    let failures: RuleLogFailure[];
    try {
      failures = log.appendBatch !== undefined ? await log.appendBatch(ruleIds, lines) : await appendByRule(log, ruleIds, lines);
    } catch (error) {
      // The log as a whole failed (its thread died): every rule of the batch is told.
      failures = [...new Set(ruleIds)].map((ruleId) => ({ ruleId, error: asError(error) }));
    }
    for (const { ruleId, error } of failures) onError(error, `log of rule ${ruleId}`);
  }

  function settle(upTo: number): void {
    settled = Math.max(settled, upTo);
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.upTo <= settled) waiters.splice(i, 1)[0]!.resolve();
    }
  }

  function updateAdmission(): void {
    const depth = pending();
    if (admitting && depth >= highWater) {
      admitting = false;
      stats.throttled++;
    } else if (!admitting && depth <= lowWater) admitting = true;
  }

  function flush(): Promise<void> {
    const upTo = queued;
    if (settled >= upTo) return Promise.resolve();
    urgentUpTo = Math.max(urgentUpTo, upTo);
    const done = new Promise<void>((resolve) => waiters.push({ upTo, resolve }));
    kick();
    return done;
  }

  return {
    record(ruleId, execution) {
      if (stopped) return Promise.reject(new HistoryWriterStoppedError("the history writer is stopped"));
      let row: HistoryRow;
      try {
        row = toRow(ruleId, execution);
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise<number>((resolve, reject) => {
        queue.push({ ruleId, row, queuedAt: performance.now(), resolve, reject });
        queued++;
        // Someone waits for a manual execution's id: its batch goes now.
        if (execution.trigger === "manual") urgentUpTo = queued;
        updateAdmission();
        kick();
      });
    },
    pending,
    stats: () => ({ pending: pending(), ...stats, admitting }),
    admit: () => admitting,
    flush,
    async stop() {
      await flush();
      stopped = true;
      await log.close();
    },
  };
}

/** The row of an execution record: its result and error serialised here, once. */
export function toRow(ruleId: number, { startedAt, finishedAt, trigger, success, result, error }: ExecutionRecord): HistoryRow {
  return {
    rule_id: ruleId,
    started_at: isoTime(startedAt),
    finished_at: isoTime(finishedAt),
    trigger,
    success,
    result: toJsonText(result, "rule_history.result"),
    error: toNullableJsonText(error, "rule_history.error"),
  };
}

// 10,000 executions a second start and finish within a few milliseconds of each other: the text
// of the last millisecond seen is reused rather than formatted again (two Dates and strings less).
let lastTime = NaN;
let lastTimeText = "";
function isoTime(epochMs: number): string {
  if (epochMs !== lastTime) {
    lastTimeText = new Date(epochMs).toISOString(); // throws a RangeError for a time out of range, as before
    lastTime = epochMs;
  }
  return lastTimeText;
}

/**
 * The log line of a row, built around the row's own JSON text: the same bytes as
 * JSON.stringify({ history_id, rule_id, started_at, finished_at, trigger, success, result, error }).
 */
export function logLine(historyId: number | null, row: HistoryRow): string {
  return `{"history_id":${historyId === null ? "null" : historyId},"rule_id":${row.rule_id},"started_at":"${row.started_at}","finished_at":"${row.finished_at}","trigger":${quote(row.trigger)},"success":${row.success},"result":${row.result},"error":${row.error ?? "null"}}\n`;
}

// The triggers are a closed set of plain words; quoted once each.
const QUOTED = new Map<string, string>();
function quote(trigger: ExecutionTrigger): string {
  let text = QUOTED.get(trigger);
  if (text === undefined) QUOTED.set(trigger, (text = JSON.stringify(trigger)));
  return text;
}

/** A log without appendBatch: each rule's lines of the batch in one appendLines. */
async function appendByRule(log: RuleLog, ruleIds: readonly number[], lines: readonly string[]): Promise<RuleLogFailure[]> {
  const failures: RuleLogFailure[] = [];
  await Promise.all([...groupByRule(ruleIds, lines)].map(([ruleId, own]) => log.appendLines(ruleId, own).catch((error: unknown) => void failures.push({ ruleId, error: asError(error) }))));
  return failures;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, not ${value}`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, not ${value}`);
  return value;
}
