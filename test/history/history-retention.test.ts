import { expect } from "chai";
import { createHistoryRetention } from "../../runtime/history/history-retention.js";
import { toRow } from "../../runtime/history/history-writer.js";
import type { HistoryPruneLimits, HistoryStore, Store } from "../../runtime/store/store.js";
import { databaseBackends } from "../store/backends.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);

for (const [name, backend] of databaseBackends()) {
  describe(`history retention on ${name}`, () => {
    let count = 0;
    let store: Store | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });
    after(() => backend.cleanup());

    /** `n` rows, the k-th started `ageDays(k)` days before NOW; returns their ids. */
    async function fill(n: number, ageDays: (k: number) => number): Promise<number[]> {
      store = await backend.open(`retention${++count}`);
      const rows = Array.from({ length: n }, (_, k) => toRow(1 + (k % 4), { startedAt: NOW - ageDays(k) * DAY, finishedAt: NOW - ageDays(k) * DAY + 5, trigger: "interval", success: true, result: { k }, error: null }));
      return store.history.appendBatch(rows);
    }

    /** The store with its prune calls counted. */
    function counted(history: HistoryStore): { history: HistoryStore; chunks: [HistoryPruneLimits, number, number][] } {
      const chunks: [HistoryPruneLimits, number, number][] = [];
      return {
        chunks,
        history: {
          ...history,
          prune: async (limits, limit) => {
            const n = await history.prune(limits, limit);
            chunks.push([limits, limit, n]);
            return n;
          },
        },
      };
    }

    it("issue 19.2: retention deletes the rows older than the age limit, oldest first, in bounded chunks", async () => {
      // 250 rows from 40 days ago to 15 days ago, in start order.
      const ids = await fill(250, (k) => 40 - k / 10);
      const { history, chunks } = counted(store!.history);
      const retention = createHistoryRetention(history, { now: () => NOW }, { maxAgeMs: 30 * DAY, maxRows: 0, chunkRows: 40 });
      expect(await retention.prune()).to.equal(100); // k < 100: more than 30 days old
      expect(chunks.map(([, limit, n]) => [limit, n])).to.deep.equal([[40, 40], [40, 40], [40, 20]]);
      const kept = await store!.history.list(undefined, { limit: 1000 });
      expect(kept.map((r) => r.id)).to.deep.equal(ids.slice(100));
      expect(await retention.prune()).to.equal(0);
    });

    it("issue 19.2: retention keeps at most the newest maxRows rows, deleting the rest in chunks", async () => {
      const ids = await fill(230, () => 1);
      const { history, chunks } = counted(store!.history);
      const retention = createHistoryRetention(history, { now: () => NOW }, { maxAgeMs: 30 * DAY, maxRows: 100, chunkRows: 50 });
      expect(await retention.prune()).to.equal(130);
      expect(chunks.map(([, , n]) => n)).to.deep.equal([50, 50, 30]);
      expect((await store!.history.list(undefined, { limit: 1000 })).map((r) => r.id)).to.deep.equal(ids.slice(130));
    });

    it("issue 19: a run that removed rows logs one line (how many, by which limit); a run that removed none logs nothing", async () => {
      await fill(250, (k) => 40 - k / 10);
      const lines: string[] = [];
      const retention = createHistoryRetention(store!.history, { now: () => NOW }, { maxAgeMs: 30 * DAY, maxRows: 0, chunkRows: 40, log: (line) => lines.push(line) });
      expect(await retention.prune()).to.equal(100);
      expect(lines).to.deep.equal([`history retention: removed 100 execution records older than 30 days (started before ${new Date(NOW - 30 * DAY).toISOString()})`]);
      expect(await retention.prune()).to.equal(0);
      expect(lines).to.have.length(1);
    });

    it("issue 19: the row limit's run names it, and says when its budget left rows for the next run", async () => {
      await fill(230, () => 1);
      const lines: string[] = [];
      const retention = createHistoryRetention(store!.history, { now: () => NOW }, { maxAgeMs: 30 * DAY, maxRows: 100, chunkRows: 50, maxChunksPerRun: 2, log: (line) => lines.push(line) });
      expect(await retention.prune()).to.equal(100);
      expect(await retention.prune()).to.equal(30);
      expect(lines).to.deep.equal([
        `history retention: removed 100 execution records older than 30 days (started before ${new Date(NOW - 30 * DAY).toISOString()}) or beyond the newest 100 (ids up to 130); more are left for the next run`,
        `history retention: removed 30 execution records older than 30 days (started before ${new Date(NOW - 30 * DAY).toISOString()}) or beyond the newest 100 (ids up to 130)`,
      ]);
    });

    it("issue 19.2: a younger row ends the age run: an old row behind it waits for the next run (never a scan of the table)", async () => {
      const ages = [40, 40, 1, 40, 1];
      const ids = await fill(5, (k) => ages[k]!);
      const retention = createHistoryRetention(store!.history, { now: () => NOW }, { maxAgeMs: 30 * DAY, maxRows: 0, chunkRows: 10 });
      expect(await retention.prune()).to.equal(2);
      expect((await store!.history.list(undefined, { limit: 10 })).map((r) => r.id)).to.deep.equal(ids.slice(2));
    });

    it("issue 19.2: limits of 0 delete nothing", async () => {
      await fill(10, () => 400);
      const retention = createHistoryRetention(store!.history, { now: () => NOW }, { maxAgeMs: 0, maxRows: 0 });
      expect(await retention.prune()).to.equal(0);
      expect(await store!.history.list(undefined, { limit: 100 })).to.have.length(10);
    });
  });
}
