import { expect } from "chai";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecutionRecord } from "../../runtime/history/history-recorder.js";
import { createHistoryWriter, HistoryBatchDroppedError, logLine, toRow } from "../../runtime/history/history-writer.js";
import { createRuleLog } from "../../runtime/history/rule-log.js";
import { noMetrics, type ServiceMetrics } from "../../runtime/metrics/service-metrics.js";
import type { HistoryRow, HistoryStore, Store } from "../../runtime/store/store.js";
import { fromRoot } from "../helpers/paths.js";
import { databaseBackends } from "../store/backends.js";

const AT = Date.UTC(2026, 10, 26, 12, 0, 0);

function execution(n: number, trigger: ExecutionRecord["trigger"] = "interval"): ExecutionRecord {
  return { startedAt: AT + n, finishedAt: AT + n + 2, trigger, success: n % 3 !== 0, result: { n, path: ["start", "end"], variables: { x: NaN } }, error: n % 3 === 0 ? { code: "x", message: `failure ${n}` } : null };
}

/** A promise the test resolves or rejects by hand. */
function gate<T>(): { promise: Promise<T>; open(value: T): void; fail(error: unknown): void } {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => ((open = resolve), (fail = reject)));
  return { promise, open, fail };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("history writer (group commit)", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-history-writer-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const logLines = (ruleId: number) => readFileSync(join(dir, `${ruleId}.log`), "utf8").split("\n").slice(0, -1).map((line) => JSON.parse(line) as { history_id: number | null; result: { n: number } });

  it("issue 19.2: a log line is the row's own JSON text: the same bytes as the record serialised whole", () => {
    const row = toRow(4, execution(3));
    expect(logLine(17, row)).to.equal(`${JSON.stringify({ history_id: 17, ...row, result: JSON.parse(row.result), error: JSON.parse(row.error!) })}\n`);
    const ok = toRow(4, execution(4));
    expect(logLine(null, ok)).to.equal(`${JSON.stringify({ history_id: null, ...ok, result: JSON.parse(ok.result), error: null })}\n`);
  });

  it("issue 19.2: nothing is acknowledged before the commit: the id, onRecorded and the log line wait for it", async () => {
    const commit = gate<number[]>();
    const batches: HistoryRow[][] = [];
    const recorded: [number, number][] = [];
    const writer = createHistoryWriter({
      history: { appendBatch: (rows) => (batches.push([...rows]), commit.promise) },
      log: createRuleLog({ dir }),
      onError: () => undefined,
      onRecorded: (id, ruleId) => recorded.push([id, ruleId]),
      maxDelayMs: 0,
    });
    let acknowledged: number | undefined;
    void writer.record(5, execution(1, "manual")).then((id) => (acknowledged = id));
    await settle();
    expect(batches).to.have.length(1); // the write started ...
    expect(writer.pending()).to.equal(1);
    expect(acknowledged).to.equal(undefined); // ... and nothing says recorded
    expect(recorded).to.deep.equal([]);
    expect(() => readFileSync(join(dir, "5.log"))).to.throw();
    commit.open([41]);
    await writer.flush();
    expect(acknowledged).to.equal(41);
    expect(recorded).to.deep.equal([[41, 5]]);
    expect(logLines(5).map((l) => l.history_id)).to.deep.equal([41]);
    expect(writer.pending()).to.equal(0);
  });

  it("issue 19.2: a failed batch is retried; one that fails every retry is dropped: rejected, never acknowledged, counted, logged with history_id null", async () => {
    let calls = 0;
    const dropped: number[] = [];
    const errors: string[] = [];
    const recorded: number[] = [];
    const metrics: ServiceMetrics = { ...noMetrics, historyDropped: (n) => dropped.push(n) };
    const writer = createHistoryWriter({
      history: { appendBatch: (rows) => (++calls === 2 ? Promise.resolve(rows.map((_, i) => 100 + i)) : Promise.reject(new Error(`database is locked (${calls})`))) },
      log: createRuleLog({ dir }),
      onError: (_, context) => errors.push(context),
      onRecorded: (id) => recorded.push(id),
      metrics,
      maxDelayMs: 0,
      retries: 1,
      retryDelayMs: 1,
    });
    // First batch: fails once, then commits on its retry.
    expect(await Promise.all([writer.record(1, execution(1)), writer.record(1, execution(2))])).to.deep.equal([100, 101]);
    // Second batch: fails twice (attempt and retry): dropped.
    const outcome = await writer.record(1, execution(3)).then(
      () => "acknowledged",
      (error: unknown) => error,
    );
    expect(outcome).to.be.instanceOf(HistoryBatchDroppedError);
    await writer.flush();
    expect(recorded).to.deep.equal([100, 101]);
    expect(dropped).to.deep.equal([1]);
    expect(writer.stats()).to.include({ committed: 2, dropped: 1, batches: 1, pending: 0 });
    expect(errors).to.deep.equal(["history batch of 2 records (attempt 1 of 2)", "history batch of 1 records (attempt 1 of 2)", "history batch of 1 records (attempt 2 of 2)"]);
    expect(logLines(1).map((l) => [l.history_id, l.result.n])).to.deep.equal([[100, 1], [101, 2], [null, 3]]);
  });

  it("issue 19.2: back-pressure: admit() turns false at the high-water mark and true again at the low-water mark", async () => {
    const commits: ReturnType<typeof gate<number[]>>[] = [];
    let next = 1;
    const writer = createHistoryWriter({
      history: {
        appendBatch: (rows) => {
          const commit = gate<number[]>();
          commits.push(commit);
          return commit.promise.then(() => rows.map(() => next++));
        },
      },
      log: createRuleLog({ dir }),
      onError: () => undefined,
      maxDelayMs: 0,
      maxBatch: 2,
      highWater: 5,
      lowWater: 2,
    });
    const all: Promise<number>[] = [];
    for (let n = 0; n < 4; n++) all.push(writer.record(1, execution(n)));
    expect(writer.admit()).to.equal(true);
    all.push(writer.record(1, execution(4)));
    expect([writer.pending(), writer.admit()]).to.deep.equal([5, false]);
    await settle();
    commits[0]!.open([]); // 3 pending: still above the low-water mark
    await settle();
    expect([writer.pending(), writer.admit()]).to.deep.equal([3, false]);
    commits[1]!.open([]); // 1 pending
    await settle();
    expect([writer.pending(), writer.admit(), writer.stats().throttled]).to.deep.equal([1, true, 1]);
    commits[2]!.open([]);
    expect(await Promise.all(all)).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it("issue 19.2: stop() writes what is queued, then refuses new records", async () => {
    const rows: HistoryRow[] = [];
    const writer = createHistoryWriter({ history: { appendBatch: (batch) => (rows.push(...batch), Promise.resolve(batch.map((_, i) => rows.length - batch.length + i + 1))) }, log: createRuleLog({ dir }), onError: () => undefined, maxDelayMs: 10_000 });
    const first = writer.record(2, execution(1));
    await writer.stop();
    expect(await first).to.equal(1);
    let refused: unknown;
    await writer.record(2, execution(2)).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(Error);
    expect(rows).to.have.length(1);
  });

  for (const [name, backend] of databaseBackends()) {
    describe(`on ${name}`, () => {
      let count = 0;
      let store: Store | undefined;
      const key = () => `history${++count}`;
      afterEach(async () => {
        await store?.close();
        store = undefined;
      });
      after(() => backend.cleanup());

      it("issue 19.2: batches are ordered and one transaction each; ids follow the record order and name their own rows", async () => {
        store = await backend.open(key());
        const calls: number[] = [];
        const history: HistoryStore = { ...store.history, appendBatch: (rows) => (calls.push(rows.length), store!.history.appendBatch(rows)) };
        const writer = createHistoryWriter({ history, log: createRuleLog({ dir }), onError: (error) => expect.fail(String(error)), maxBatch: 1500, maxDelayMs: 0 });
        const ids = await Promise.all(Array.from({ length: 3200 }, (_, n) => writer.record(1 + (n % 7), execution(n))));
        await writer.flush();
        expect(calls).to.deep.equal([1500, 1500, 200]); // the first batch goes at once, chunked into 2 INSERTs
        expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
        expect(new Set(ids).size).to.equal(3200);
        const rows = await store.history.list(undefined, { limit: 5000 });
        expect(rows.map((r) => r.id)).to.deep.equal(ids);
        rows.forEach((row, n) => {
          expect([row.rule_id, (row.result as { n: number }).n, row.trigger, row.started_at]).to.deep.equal([1 + (n % 7), n, "interval", new Date(AT + n).toISOString()]);
          expect((row.result as { variables: { x: unknown } }).variables.x).to.equal(null); // NaN: stored as null
        });
      });

      it("issue 19.2: a batch is all or nothing: a row the database refuses in its second INSERT leaves none of the batch stored", async () => {
        store = await backend.open(key());
        const rows = Array.from({ length: 1200 }, (_, n) => toRow(1, execution(n)));
        rows[1100] = { ...rows[1100]!, trigger: null as unknown as "interval" }; // NOT NULL
        let failed: unknown;
        await store.history.appendBatch(rows).catch((error: unknown) => (failed = error));
        expect(failed).to.be.instanceOf(Error);
        expect(await store.history.latestId()).to.equal(0);
      });

      it("a batch crosses to the database as one JSON text; each row's result and error are stored as the very text given", async () => {
        const k = key();
        store = await backend.open(k);
        const tricky = { s: "é\u2028\"\\\n\u0000\ud800 😀", n: [1.5, 1e300, -0, 0.1, 123456789012345680000, 5e-324, -7], nested: { a: [null, true, false, {}], b: [] } };
        const rows = [
          toRow(3, { startedAt: AT, finishedAt: AT + 5, trigger: "manual", success: false, result: tricky, error: { code: "x", message: 'a "quoted" \\ message' } }),
          toRow(4, { startedAt: AT + 1, finishedAt: AT + 2, trigger: "on_change", success: true, result: { ok: 1 }, error: null }),
        ];
        const ids = await store.history.appendBatch(rows);
        const stored = (await backend.connect(k)("rule_history").select("id", "rule_id", "trigger", "success", "result", "error").orderBy("id")) as Record<string, unknown>[];
        expect(stored.map((row) => Number(row.id))).to.deep.equal(ids);
        expect(stored.map((row) => [Number(row.rule_id), row.trigger, Boolean(row.success), row.result, row.error])).to.deep.equal(rows.map((row) => [row.rule_id, row.trigger, row.success, row.result, row.error]));
        const listed = await store.history.list(undefined, { limit: 10 });
        expect(listed.map((row) => [row.started_at, row.finished_at])).to.deep.equal(rows.map((row) => [row.started_at, row.finished_at]));
      });

      it("issue 19.2: the log file lines equal the rows, id for id and byte for byte of the record", async () => {
        store = await backend.open(key());
        const writer = createHistoryWriter({ history: store.history, log: createRuleLog({ dir, maxBytes: 4096, keep: 50 }), onError: (error) => expect.fail(String(error)), maxDelayMs: 1 });
        for (let n = 0; n < 300; n++) void writer.record(1 + (n % 3), execution(n));
        await writer.flush();
        for (const ruleId of [1, 2, 3]) {
          const rows = await store.history.list(ruleId, { limit: 500 });
          const files = [...Array(50).keys()].reverse().map((k) => join(dir, k === 0 ? `${ruleId}.log` : `${ruleId}.log.${k}`));
          const lines = files.flatMap((file) => {
            try {
              return readFileSync(file, "utf8").split("\n").slice(0, -1).map((line) => JSON.parse(line));
            } catch {
              return [];
            }
          });
          expect(lines).to.deep.equal(rows.map(({ id, ...row }) => ({ history_id: id, ...row })));
        }
      });

      it("issue 19.2: a history batch interrupted by a crash loses no acknowledged execution (SIGKILL mid-stream)", async function () {
        this.timeout(40_000);
        const k = key();
        store = await backend.open(k); // creates the database; the child migrates nothing more
        await store.close();
        store = undefined;
        const child = spawn(process.execPath, [fromRoot("dist/test/history/history-crash-child.js"), backend.url(k), join(dir, "logs")], { stdio: ["ignore", "pipe", "pipe"] });
        const acknowledged = new Map<number, number>();
        let output = "";
        let errors = "";
        child.stderr!.setEncoding("utf8").on("data", (text: string) => (errors += text));
        const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_, signal) => resolve(signal)));
        // Killed once enough ids were acknowledged, mid-stream: the child never stops writing.
        await new Promise<void>((resolve, reject) => {
          const limit = setTimeout(() => reject(new Error(`the child acknowledged ${acknowledged.size} records in 20 s: ${errors}`)), 20_000);
          child.stdout!.setEncoding("utf8").on("data", (text: string) => {
            output += text;
            const lines = output.split("\n");
            output = lines.pop()!;
            for (const line of lines) {
              const [id, seq] = line.split(" ").map(Number);
              if (seq !== undefined && id !== undefined) acknowledged.set(id, seq);
            }
            if (acknowledged.size >= 5000) {
              clearTimeout(limit);
              child.kill("SIGKILL");
              resolve();
            }
          });
          child.on("exit", () => reject(new Error(`the child exited early: ${errors}`)));
        });
        expect(await exited).to.equal("SIGKILL");
        store = await backend.open(k);
        const rows = await store.history.list(undefined, { limit: 1_000_000 });
        const stored = new Map(rows.map((row) => [row.id, (row.result as { n: number }).n]));
        const missing = [...acknowledged].filter(([id, seq]) => stored.get(id) !== seq);
        expect(missing, `${missing.length} acknowledged records missing or different`).to.deep.equal([]);
        expect(rows.length).to.be.at.least(acknowledged.size);
      });
    });
  }
});
