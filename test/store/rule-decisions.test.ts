// The store's decision records (migration 010, issue 18.4) on every backend: inserts and
// updates in one write, newest first by last_at then id with a before_id cursor, at most `keep`
// per rule, deleted with their rule, never inserted for a rule that is gone.
import { expect } from "chai";
import type { DecisionWrite, Store } from "../../runtime/store/store.js";
import { databaseBackends } from "./backends.js";

const NOW = new Date(Date.UTC(2026, 10, 26, 10, 0, 0));
const T = NOW.getTime();
const iso = (ms: number) => new Date(ms).toISOString();

function record(ruleId: number, overrides: Partial<DecisionWrite> = {}): DecisionWrite {
  return { rule_id: ruleId, kind: "cooldown", count: 1, first_at: T, last_at: T, point: null, point_name: null, value: null, context: null, ...overrides };
}

for (const [name, backend] of databaseBackends()) {
  describe(`decision records on ${name} (issue 18.4)`, () => {
    let count = 0;
    let store: Store;
    beforeEach(async () => {
      store = await backend.open(`decisions${++count}`);
    });
    afterEach(() => store.close());
    after(() => backend.cleanup());

    const rule = async (name = `r${Math.random()}`) => (await store.rules.create({ name, description: "" }, NOW)).id;

    it("issue 18.4: a write inserts new records and updates written ones; everything reads back as written", async () => {
      const id = await rule();
      const point = { instance: 12, point_type: "measurement" as const, point: 3 };
      const first = record(id, { count: 3, first_at: T, last_at: T + 2000, point, point_name: "zone1.room_temp", value: 23.1, context: { cooldown_ms: 300_000, acted_at: iso(T - 3000) } });
      const [a, b] = await store.decisions.write(
        [
          first,
          record(id, { kind: "disabled", first_at: T + 3000, last_at: T + 3000, context: { interval_ms: 2 ** 40 } }),
        ],
        500,
      );
      expect(b).to.be.greaterThan(a!);
      expect(await store.decisions.write([{ ...first, id: a, count: 37, last_at: T + 2500, value: NaN }], 500)).to.deep.equal([a]);
      expect(await store.decisions.list(id, { limit: 10 })).to.deep.equal([
        { id: b, rule_id: id, kind: "disabled", count: 1, first_at: iso(T + 3000), last_at: iso(T + 3000), point: null, point_name: null, value: null, context: { interval_ms: 2 ** 40 } },
        {
          id: a,
          rule_id: id,
          kind: "cooldown",
          count: 37,
          first_at: iso(T),
          last_at: iso(T + 2500),
          point,
          point_name: "zone1.room_temp",
          value: null,
          context: { cooldown_ms: 300_000, acted_at: iso(T - 3000) },
        },
      ]);
    });

    it("issue 18.4: newest first by last_at, then id; before_id continues after that record; other rules' records never show", async () => {
      const id = await rule();
      const other = await rule();
      const ids = await store.decisions.write(
        [
          record(id, { last_at: T + 1 }),
          record(other, { last_at: T + 2 }),
          record(id, { last_at: T + 5 }),
          record(id, { last_at: T + 5 }),
          record(id, { last_at: T + 9 }),
        ],
        500,
      );
      const [a, , c, d, e] = ids as number[];
      const page = async (beforeId?: number) => (await store.decisions.list(id, { ...(beforeId !== undefined ? { beforeId } : {}), limit: 2 })).map((r) => r.id);
      expect(await page()).to.deep.equal([e, d]);
      expect(await page(d)).to.deep.equal([c, a]);
      expect(await page(a)).to.deep.equal([]);
      // A record that grows (a later last_at) moves to the front.
      await store.decisions.write([record(id, { id: a, count: 2, last_at: T + 20 })], 500);
      expect(await page()).to.deep.equal([a, e]);
      expect(await store.decisions.list(other, { limit: 10 })).to.have.length(1);
    });

    it("issue 18.4: at most `keep` records per rule: a write prunes the oldest of the rules it added to, in the same transaction", async () => {
      const id = await rule();
      const other = await rule();
      await store.decisions.write([1, 2, 3].map((i) => record(other, { last_at: T + i })), 3);
      for (let i = 0; i < 5; i++) await store.decisions.write([record(id, { first_at: T + i, last_at: T + i })], 3);
      expect((await store.decisions.list(id, { limit: 10 })).map((r) => r.last_at)).to.deep.equal([iso(T + 4), iso(T + 3), iso(T + 2)]);
      const batch = await store.decisions.write([5, 6, 7, 8].map((i) => record(id, { first_at: T + i, last_at: T + i })), 3);
      expect(batch).to.have.length(4);
      expect((await store.decisions.list(id, { limit: 10 })).map((r) => r.last_at)).to.deep.equal([iso(T + 8), iso(T + 7), iso(T + 6)]);
      expect(await store.decisions.list(other, { limit: 10 }), "another rule keeps its own").to.have.length(3);
    });

    it("issue 18.4: deleting a rule deletes its records, and a later write does not bring them back", async () => {
      const id = await rule();
      const kept = await rule();
      const [written] = await store.decisions.write([record(id), record(kept)], 500);
      await store.transaction((tx) => tx.rules.remove(id));
      expect(await store.decisions.list(id, { limit: 10 })).to.deep.equal([]);
      expect(await store.decisions.list(kept, { limit: 10 })).to.have.length(1);
      expect(await store.decisions.write([record(id, { id: written, count: 2 }), record(id, { kind: "running" })], 500)).to.deep.equal([written, undefined]);
      expect(await store.decisions.list(id, { limit: 10 })).to.deep.equal([]);
    });

    it("issue 18.4: the records survive a restart of the store", async () => {
      const id = await rule();
      await store.decisions.write([record(id, { count: 4 })], 500);
      await store.close();
      store = await backend.open(`decisions${count}`);
      expect((await store.decisions.list(id, { limit: 10 })).map((r) => r.count)).to.deep.equal([4]);
    });
  });
}
