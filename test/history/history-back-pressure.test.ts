// The scheduler under history back-pressure (issue 19.2; docs/scheduler.md, "History
// back-pressure"): a store that cannot keep up holds new executions back, never the tick, and
// every execution the scheduler started is recorded.
import { expect } from "chai";
import { openStore } from "../../runtime/store/open-store.js";
import type { HistoryRow, Store } from "../../runtime/store/store.js";
import { createEngineFixture, type EngineFixture } from "../rules/engine-fixture.js";

describe("history back-pressure", () => {
  let f: EngineFixture | undefined;
  let release = (): void => undefined;
  afterEach(async () => {
    release();
    await f?.close();
    f = undefined;
  });

  it("issue 19.2: back-pressure never blocks the tick: above the high-water mark ready rules wait (counted as running) and every started execution is recorded", async () => {
    const real = await openStore("sqlite::memory:");
    let held: (() => void)[] | undefined = []; // commits wait here while it is an array
    release = () => {
      for (const resolve of held ?? []) resolve();
      held = undefined;
    };
    const store: Store = {
      ...real,
      history: {
        ...real.history,
        appendBatch: async (rows: readonly HistoryRow[]) => {
          if (held !== undefined) await new Promise<void>((resolve) => held!.push(resolve));
          return real.history.appendBatch(rows);
        },
      },
      close: () => real.close(),
    };
    f = await createEngineFixture({ store, historyWriter: { highWater: 6, lowWater: 2, maxDelayMs: 0 }, parallelism: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await f.addRule(`r${i}`, "trigger every 100ms\nwrite action(7, 2) = 1"));
    // The store holds every commit: 10 s of ticks pass without waiting for it.
    for (let t = 0; t < 100; t++) await f.time.advance(100);
    const status = f.engine.runtime.status();
    const started = status.executions;
    expect(f.engine.history.admit()).to.equal(false);
    expect(f.engine.history.pending()).to.equal(started); // nothing committed, nothing lost
    expect(started).to.be.within(6, 6 + 2); // the high-water mark plus what was running
    expect(status.queued).to.be.greaterThan(0); // due rules wait in the ready queue
    expect(status.lastTickAt).to.equal(f.time.now()); // the tick went on
    const running = f.engine.runtime.ruleStatuses({ limit: 1000 }).rules.reduce((sum, rule) => sum + rule.suppressed.running, 0);
    expect(running).to.be.at.least(status.queued); // a waiting rule's next due time is counted (once: it is parked until it runs)
    // The store recovers: the queue drains, the scheduler admits again.
    const waiting = held!;
    held = undefined;
    for (const resolve of waiting) resolve();
    await f.engine.history.flush();
    expect(f.engine.history.admit()).to.equal(true);
    // The next ticks start the waiting rules again (a held rule waits at most one tick after the drain).
    for (let t = 0; t < 10; t++) {
      await f.time.advance(100);
      await f.engine.history.flush();
    }
    while (f.engine.runtime.status().inFlight > 0) await new Promise((resolve) => setImmediate(resolve));
    await f.engine.history.flush();
    const after = f.engine.runtime.status().executions;
    expect(after).to.be.greaterThan(started);
    const recorded = (await real.history.list(undefined, { limit: 10_000 })).length;
    expect(recorded).to.equal(after);
    expect(f.engine.history.stats()).to.include({ dropped: 0 });
  });
});
