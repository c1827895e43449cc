// Retention of the execution history (issue 19.2; docs/history.md): rows older than `maxAgeMs`
// (by started_at) and rows beyond the newest `maxRows` ids are deleted in the background, in
// chunks of `chunkRows` (one short DELETE each, so no write waits long for the lock), until a
// chunk finds less to delete or the run's budget is spent. The row limit counts ids, not rows:
// ids are assigned upwards, so keeping the ids above latestId - maxRows keeps at most maxRows rows
// (fewer where ids have gaps).
import type { Clock } from "../engine/scheduler/types.js";
import type { HistoryStore } from "../store/store.js";

export interface HistoryRetentionOptions {
  /** Rows that started longer ago than this are deleted; 0: no age limit. */
  maxAgeMs: number;
  /** At most this many newest rows are kept; 0: no row limit. */
  maxRows: number;
  /** Rows per DELETE (default 5,000). */
  chunkRows?: number;
  /** Chunks per run at most (default 100): a run never holds the store for long. */
  maxChunksPerRun?: number;
  /** Told one line per run that removed rows (how many, by which limits); never when none went. */
  log?: (line: string) => void;
}

/** 30 days and 5,000,000 rows (docs/history.md, "Retention"). */
export const DEFAULT_HISTORY_MAX_AGE_DAYS = 30;
export const DEFAULT_HISTORY_MAX_ROWS = 5_000_000;

export interface HistoryRetention {
  /** One run: deletes what is past the limits, chunk by chunk; resolves with how many rows went. */
  prune(): Promise<number>;
}

export function createHistoryRetention(history: Pick<HistoryStore, "prune" | "latestId">, clock: Clock, options: HistoryRetentionOptions): HistoryRetention {
  const { maxAgeMs, maxRows, chunkRows = 5000, maxChunksPerRun = 100, log } = options;
  for (const [name, value] of [["maxAgeMs", maxAgeMs], ["maxRows", maxRows]] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, not ${value}`);
  }
  if (!Number.isSafeInteger(chunkRows) || chunkRows < 1) throw new RangeError(`chunkRows must be a positive integer, not ${chunkRows}`);
  let running: Promise<number> | undefined;

  async function run(): Promise<number> {
    if (maxAgeMs === 0 && maxRows === 0) return 0;
    const startedBefore = maxAgeMs > 0 ? new Date(clock.now() - maxAgeMs).toISOString() : undefined;
    const upToId = maxRows > 0 ? (await history.latestId()) - maxRows : undefined;
    const limits = { ...(startedBefore !== undefined ? { startedBefore } : {}), ...(upToId !== undefined && upToId > 0 ? { upToId } : {}) };
    if (limits.startedBefore === undefined && limits.upToId === undefined) return 0;
    let deleted = 0;
    let more = false;
    for (let chunk = 0; chunk < maxChunksPerRun; chunk++) {
      const n = await history.prune(limits, chunkRows);
      deleted += n;
      more = n === chunkRows;
      if (!more) break;
      await new Promise((resolve) => setImmediate(resolve)); // other work between chunks
    }
    if (deleted > 0) log?.(describeRun(deleted, limits, { maxAgeMs, maxRows }, more));
    return deleted;
  }

  return {
    // One run at a time: a timer that fires while a run is going shares it.
    prune: () => (running ??= run().finally(() => (running = undefined))),
  };
}

/**
 * `history retention: removed 130 execution records beyond the newest 100`: the limits the run
 * applied (a row goes when it is past either; the store does not say which, so both are named
 * when both applied), and whether the run's budget left more for the next one.
 */
function describeRun(deleted: number, limits: { startedBefore?: string; upToId?: number }, options: { maxAgeMs: number; maxRows: number }, more: boolean): string {
  const reasons: string[] = [];
  if (limits.startedBefore !== undefined) reasons.push(`older than ${duration(options.maxAgeMs)} (started before ${limits.startedBefore})`);
  if (limits.upToId !== undefined) reasons.push(`beyond the newest ${options.maxRows} (ids up to ${limits.upToId})`);
  const records = `${deleted} execution record${deleted === 1 ? "" : "s"}`;
  return `history retention: removed ${records} ${reasons.join(" or ")}${more ? "; more are left for the next run" : ""}`;
}

function duration(ms: number): string {
  const days = ms / 86_400_000;
  if (Number.isInteger(days)) return `${days} day${days === 1 ? "" : "s"}`;
  return `${ms} ms`;
}
