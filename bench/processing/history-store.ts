// A SQLite file store under the OS temp directory, opened as the service opens it
// (runtime/store/open-store.ts: migrations, WAL, synchronous=FULL), loaded with the benchmark's
// 1,000,000 history rows through store.points.append, and deleted on close. Loaded once per
// bench run; nothing is kept between runs.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../runtime/store/open-store.js";
import type { Store } from "../../runtime/store/store.js";
import { historyBatches, TOTAL_ROWS } from "./history-task.js";

/** Rows per append call: one transaction each (the store inserts them 500 to a statement). */
const APPEND_BATCH = 50_000;

export interface HistoryStore {
  store: Store;
  /** Seconds the load of every row took. */
  loadSeconds: number;
  /** Bytes of the database file (and its WAL) after the load. */
  fileBytes: number;
  close(): Promise<void>;
}

export async function openHistoryStore(asOf: number): Promise<HistoryStore> {
  const dir = await mkdtemp(join(tmpdir(), "svc-bench-processing-"));
  const file = join(dir, "history.sqlite");
  let store: Store | undefined;
  try {
    store = await openStore(`sqlite:${file}`);
    const start = process.hrtime.bigint();
    let rows = 0;
    for (const batch of historyBatches(asOf, APPEND_BATCH)) {
      await store.points.append(batch);
      rows += batch.length;
    }
    const loadSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (rows !== TOTAL_ROWS) throw new Error(`loaded ${rows} rows, not ${TOTAL_ROWS}`);
    const opened = store;
    return {
      store: opened,
      loadSeconds,
      fileBytes: await fileSize(file),
      async close() {
        await opened.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function fileSize(file: string): Promise<number> {
  let bytes = 0;
  for (const name of [file, `${file}-wal`]) bytes += await stat(name).then((s) => s.size, () => 0);
  return bytes;
}
