// Why a rule did not run, in the service (issue 18.4): the running engine turns the scheduler's
// suppressions into aggregated decision records in the store, on SQLite and PostgreSQL.
import { expect } from "chai";
import type { DecisionRecord } from "../../generated/types.js";
import { databaseBackends } from "../store/backends.js";
import { createEngineFixture, START, SUPPLY, type EngineFixture } from "./engine-fixture.js";

const COOLING = "trigger on_change(measurement(7, 1))\ncooldown 5s\ninput t = measurement(7, 1)\nwrite action(7, 2) = t";
const iso = (offset: number) => new Date(START + offset).toISOString();
/** Waits (in real time, bounded) for the store's I/O that fake time does not wait for. */
async function until(done: () => boolean): Promise<void> {
  const deadline = performance.now() + 3000;
  while (!done()) {
    if (performance.now() > deadline) throw new Error("timed out waiting for the store");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const brief = (records: DecisionRecord[]) => records.map((r) => [r.kind, r.count, r.first_at, r.last_at]);

for (const [name, backend] of databaseBackends()) {
  describe(`decision records of the running engine on ${name} (issue 18.4)`, () => {
    let f: EngineFixture | undefined;
    let count = 0;
    // Interval rules first run at the first tick, so that the records' times read plainly (the spread is issue 19.3's test).
    const open = async (key = `why${++count}`, options: Parameters<typeof createEngineFixture>[0] = {}) =>
      (f = await createEngineFixture({ intervalPhase: "first_tick", ...options, store: await backend.open(key) }));
    const page = async (fixture: EngineFixture, id: number, limit = 50) => (await fixture.engine.runtime.decisions(id, { limit })).items;
    afterEach(async () => {
      await f?.close();
      f = undefined;
    });
    after(() => backend.cleanup());

    it("issue 18.4: triggers held by the cooldown are one record with a count, the point and value, the cooldown and the action that started it; the next execution ends it", async () => {
      const f = await open();
      const id = await f.addRule("cool", COOLING);
      f.engine.plane.setMeasurement(SUPPLY, 20);
      await f.advance(100); // runs at START and acts: cooldown 5 s
      for (const value of [21, 22, 23]) {
        f.engine.plane.setMeasurement(SUPPLY, value);
        await f.advance(1000);
      }
      const [held] = await page(f, id);
      expect(held).to.deep.include({
        rule_id: id,
        kind: "cooldown",
        count: 3,
        first_at: iso(100),
        last_at: iso(2100),
        point: SUPPLY,
        point_name: '"AHU-1".supply_temp',
        value: 23,
        context: { cooldown_ms: 5000, acted_at: iso(0) },
      });
      await f.advance(3000); // the cooldown ends at +5000: the pending 23 runs on the tick path
      expect(await f.history(id)).to.have.length(2);
      f.engine.plane.setMeasurement(SUPPLY, 24);
      await f.advance(100);
      expect(brief(await page(f, id)), "newest first; a new record after the execution").to.deep.equal([
        ["cooldown", 1, iso(6100), iso(6100)],
        ["cooldown", 3, iso(100), iso(2100)],
      ]);
    });

    it("issue 18.4: a disabled rule's triggers are recorded as 'disabled', once per interval, in one record; it never runs", async () => {
      const f = await open();
      const id = await f.addRule("off", "trigger every 1s\nwrite action(7, 2) = 1", { enabled: false });
      await f.advance(3000);
      expect(await f.history(id)).to.deep.equal([]);
      const [record, ...rest] = await page(f, id);
      expect(rest).to.deep.equal([]);
      expect(record).to.deep.include({ kind: "disabled", count: 3, first_at: iso(100), last_at: iso(2100), point: null, value: null, context: { interval_ms: 1000 } });
    });

    it("issue 18.4: an execution stopped by an unavailable input is recorded with the input; repeats are one record", async () => {
      const f = await open();
      const id = await f.addRule("strict", "trigger every 1s\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
      await f.advance(2100); // supply_temp was never set: unavailable at +100, +1100, +2100
      expect(brief(await page(f, id))).to.deep.equal([["input_unavailable", 3, iso(100), iso(2100)]]);
      expect((await page(f, id))[0]).to.deep.include({ point: SUPPLY, point_name: '"AHU-1".supply_temp' });
      f.engine.plane.setMeasurement(SUPPLY, 20);
      await f.advance(1000);
      f.engine.plane.setMeasurement(SUPPLY, NaN);
      await f.advance(1000);
      expect(brief(await page(f, id)), "an execution that ran ends the record").to.deep.equal([
        ["input_unavailable", 1, iso(4100), iso(4100)],
        ["input_unavailable", 3, iso(100), iso(2100)],
      ]);
    });

    it("issue 18.4: the engine's flush timer writes the records without a read, one write per changed record, not per decision", async () => {
      const writes: number[] = [];
      const f = await open(undefined, { historyFlushMs: 1000 });
      const write = f.store.decisions.write.bind(f.store.decisions);
      f.store.decisions.write = async (records, keep) => {
        const ids = await write(records, keep);
        writes.push(records.length); // once stored
        return ids;
      };
      const id = await f.addRule("off", "trigger every 100ms\nwrite action(7, 2) = 1", { enabled: false });
      await f.advance(1000); // 9 disabled decisions, then the flush timer at +1000
      await until(() => writes.length > 0);
      expect(writes, "one record changed").to.deep.equal([1]);
      expect((await f.store.decisions.list(id, { limit: 10 })).map((r) => r.count), "written by the timer").to.deep.equal([9]);
      await f.advance(2000);
      await f.engine.runtime.flushDecisions();
      expect((await f.store.decisions.list(id, { limit: 10 })).map((r) => r.count)).to.deep.equal([30]);
      expect(writes.every((n) => n === 1), `records per write: ${writes.join(", ")}`).to.equal(true);
      expect(writes.length).to.be.at.most(4);
    });

    it("issue 18.4: records survive a restart; deleting the rule deletes them, those still in memory too", async () => {
      const first = await open("restart");
      const id = await first.addRule("off", "trigger every 1s\nwrite action(7, 2) = 1", { enabled: false });
      await first.advance(1000);
      await first.close(); // stop writes what is left
      f = undefined;
      const second = await open("restart");
      expect(brief(await page(second, id))).to.deep.equal([["disabled", 1, iso(100), iso(100)]]);
      await second.advance(2000);
      expect(brief(await page(second, id)), "a new record after a restart").to.deep.equal([
        ["disabled", 2, iso(100), iso(1100)],
        ["disabled", 1, iso(100), iso(100)],
      ]);
      await second.advance(1000); // one more, not yet written
      await second.engine.service.remove(id);
      await second.engine.runtime.flushDecisions();
      expect(await second.store.decisions.list(id, { limit: 10 })).to.deep.equal([]);
    });
  });
}
