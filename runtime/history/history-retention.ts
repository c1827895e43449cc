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
}

/** 30 days and 5,000,000 rows (docs/history.md, "Retention"). */
export const DEFAULT_HISTORY_MAX_AGE_DAYS = 30;
export const DEFAULT_HISTORY_MAX_ROWS = 5_000_000;

export interface HistoryRetention {
  /** One run: deletes what is past the limits, chunk by chunk; resolves with how many rows went. */
  prune(): Promise<number>;
}

export function createHistoryRetention(history: Pick<HistoryStore, "prune" | "latestId">, clock: Clock, options: HistoryRetentionOptions): HistoryRetention {
  const { maxAgeMs, maxRows, chunkRows = 5000, maxChunksPerRun = 100 } = options;
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
    for (let chunk = 0; chunk < maxChunksPerRun; chunk++) {
      const n = await history.prune(limits, chunkRows);
      deleted += n;
      if (n < chunkRows) break;
      await new Promise((resolve) => setImmediate(resolve)); // other work between chunks
    }
    return deleted;
  }

  return {
    // One run at a time: a timer that fires while a run is going shares it.
    prune: () => (running ??= run().finally(() => (running = undefined))),
  };
}
