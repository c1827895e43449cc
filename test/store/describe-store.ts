// The store suite, written once and run against every database the store supports.
import { expect } from "chai";
import { flowVersionOfText } from "../../runtime/store/flow-version.js";
import { OuterStoreInTransactionError } from "../../runtime/store/knex-store.js";
import type { PointKey, Store } from "../../runtime/store/store.js";
import { MINIMAL, ON_CHANGE, T0, T1, ZONE_COOLING } from "./fixtures.js";

export interface Backend {
  /** A store on the database named `key`: a new, empty one the first time, the same one after. */
  open(key: string): Promise<Store>;
  /** Removes every database the backend made. */
  cleanup(): Promise<void>;
}

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TEMP: PointKey = { instance: 12, point_type: "measurement", point: 3 };
const VALVE: PointKey = { instance: 7, point_type: "action", point: 1 };

export function describeStore(name: string, backend: Backend): void {
  describe(`store on ${name}`, () => {
    let count = 0;
    let key: string;
    let store: Store;
    beforeEach(async () => {
      key = `db${++count}`;
      store = await backend.open(key);
    });
    afterEach(() => store.close());
    after(() => backend.cleanup());

    describe("rules", () => {
      it("spec: a new rule is a disabled stub with no editor document and an empty topology", async () => {
        const rule = await store.rules.create({ name: "Boiler", description: "heats" }, T0);
        expect(rule).to.deep.equal({
          id: rule.id,
          name: "Boiler",
          description: "heats",
          enabled: false,
          priority: 0,
          cooldown_ms: 0,
          trigger_config: null,
          flow_json: null,
          nodes_json: {},
          created_at: T0.toISOString(),
          updated_at: T0.toISOString(),
        });
        expect(await store.rules.get(rule.id)).to.deep.equal(rule);
      });

      it("ids are numbers, assigned in ascending order", async () => {
        const a = await store.rules.create({ name: "a", description: "" }, T0);
        const b = await store.rules.create({ name: "b", description: "" }, T0);
        expect(a.id).to.be.a("number");
        expect(b.id).to.be.a("number").greaterThan(a.id);
        expect((await store.rules.get(b.id))?.id).to.equal(b.id);
      });

      it("the id of a deleted rule is never given to a new one (its history would be attached to it)", async () => {
        await store.rules.create({ name: "a", description: "" }, T0);
        const b = await store.rules.create({ name: "b", description: "" }, T0);
        await store.rules.remove(b.id);
        expect((await store.rules.create({ name: "c", description: "" }, T0)).id).to.be.greaterThan(b.id);
      });

      it("timestamps are RFC 3339 UTC with milliseconds and read back exactly as written", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        const updated = await store.rules.update(rule.id, { name: "b" }, T1);
        expect(updated?.created_at).to.equal("2026-03-04T05:06:07.089Z");
        expect(updated?.updated_at).to.equal("2026-03-04T05:06:08.000Z").and.match(RFC3339_MS);
      });

      it("spec: both flow columns are written together in one transaction", async () => {
        const rule = await store.rules.create({ name: "Zone", description: "" }, T0);
        const updated = await store.rules.update(rule.id, { flow: ZONE_COOLING }, T1);
        expect(updated?.flow_json).to.deep.equal(ZONE_COOLING.flow_json);
        expect(updated?.nodes_json).to.deep.equal(ZONE_COOLING.nodes_json);
        expect(await store.rules.get(rule.id)).to.deep.equal(updated);
      });

      it("spec: a failure inside the transaction after the update leaves both flow columns as they were", async () => {
        const rule = await store.rules.create({ name: "Zone", description: "" }, T0);
        await store.rules.update(rule.id, { flow: MINIMAL }, T0);
        const failure = new Error("audit write failed");
        let seen: unknown;
        await store
          .transaction(async (tx) => {
            const inside = await tx.rules.update(rule.id, { flow: ZONE_COOLING, name: "changed" }, T1);
            expect(inside?.nodes_json).to.deep.equal(ZONE_COOLING.nodes_json);
            throw failure;
          })
          .catch((error: unknown) => (seen = error));
        expect(seen).to.equal(failure);
        const after = await store.rules.get(rule.id);
        expect(after?.flow_json).to.deep.equal(MINIMAL.flow_json);
        expect(after?.nodes_json).to.deep.equal(MINIMAL.nodes_json);
        expect(after?.name).to.equal("Zone");
        expect(after?.updated_at).to.equal(T0.toISOString());
      });

      it("a transaction commits every write when its callback resolves and returns its value", async () => {
        const id = await store.transaction(async (tx) => {
          const rule = await tx.rules.create({ name: "a", description: "" }, T0);
          await tx.rules.setEnabled(rule.id, true, T1);
          const started_at = T0.toISOString();
          await tx.history.append({ rule_id: rule.id, started_at, finished_at: started_at, trigger: "manual", success: true, result: {}, error: null });
          return rule.id;
        });
        expect((await store.rules.get(id))?.enabled).to.equal(true);
        expect(await store.history.list(id, { limit: 10 })).to.have.length(1);
      });

      it("a nested transaction that fails rolls back alone", async () => {
        await store.transaction(async (tx) => {
          await tx.rules.create({ name: "kept", description: "" }, T0);
          await tx.transaction(async (inner) => {
            await inner.rules.create({ name: "dropped", description: "" }, T0);
            throw new Error("inner");
          }).catch(() => undefined);
        });
        expect((await store.rules.listAll()).map((r) => r.name)).to.deep.equal(["kept"]);
      });

      it("the outer store refuses to work inside its transaction at once (on SQLite it would wait for the one connection)", async () => {
        const started = Date.now();
        let seen: unknown;
        await store.transaction(async () => {
          await store.rules.listAll().catch((error: unknown) => (seen = error));
        });
        expect(seen).to.be.instanceOf(OuterStoreInTransactionError);
        expect(Date.now() - started).to.be.below(5000);
        expect(await store.rules.listAll()).to.deep.equal([]);
      });

      it("the store of a transaction cannot be closed", async () => {
        let seen: unknown;
        await store.transaction((tx) => tx.close().catch((error: unknown) => (seen = error)));
        expect(seen).to.be.instanceOf(Error);
      });

      it("update changes only the fields it is given and stamps updated_at", async () => {
        const rule = await store.rules.create({ name: "a", description: "d" }, T0);
        await store.rules.update(rule.id, { flow: ZONE_COOLING }, T0);
        const updated = await store.rules.update(rule.id, { priority: 30, cooldown_ms: 60000, trigger_config: ON_CHANGE }, T1);
        expect(updated).to.deep.equal({
          ...rule,
          ...ZONE_COOLING,
          priority: 30,
          cooldown_ms: 60000,
          trigger_config: ON_CHANGE,
          updated_at: T1.toISOString(),
        });
        const renamed = await store.rules.update(rule.id, { name: "b", description: "e", trigger_config: null }, T1);
        expect(renamed).to.include({ name: "b", description: "e", trigger_config: null, priority: 30 });
        expect(renamed?.nodes_json).to.deep.equal(ZONE_COOLING.nodes_json);
      });

      it("JSON columns keep the document exactly, key order included", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        const flow_json = { viewport: { zoom: 1, x: 0, y: 0 }, nodes: MINIMAL.flow_json.nodes, edges: [] };
        await store.rules.update(rule.id, { flow: { flow_json, nodes_json: MINIMAL.nodes_json } }, T1);
        expect(JSON.stringify((await store.rules.get(rule.id))?.flow_json)).to.equal(JSON.stringify(flow_json));
      });

      it("setEnabled switches the flag and stamps updated_at", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        expect(await store.rules.setEnabled(rule.id, true, T1)).to.deep.equal({ ...rule, enabled: true, updated_at: T1.toISOString() });
        expect((await store.rules.setEnabled(rule.id, false, T1))?.enabled).to.equal(false);
      });

      it("update and setEnabled of a missing rule return undefined, remove returns false, get undefined", async () => {
        expect(await store.rules.update(999, { name: "x" }, T0)).to.equal(undefined);
        expect(await store.rules.setEnabled(999, true, T0)).to.equal(undefined);
        expect(await store.rules.remove(999)).to.equal(false);
        expect(await store.rules.get(999)).to.equal(undefined);
      });

      it("issue 19.5: getTrigger reads a rule's trigger_config alone (null for none), undefined for a missing or impossible id", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        expect(await store.rules.getTrigger(rule.id)).to.deep.equal({ trigger_config: null });
        await store.rules.update(rule.id, { flow: ZONE_COOLING, trigger_config: ON_CHANGE }, T1);
        expect(await store.rules.getTrigger(rule.id)).to.deep.equal({ trigger_config: ON_CHANGE });
        expect(await store.rules.getTrigger(999)).to.equal(undefined);
        expect(await store.rules.getTrigger(2 ** 40)).to.equal(undefined);
      });

      it("issue 19.5: an update with a trigger condition changes the rule only while its trigger_config is that one; with the flow's text, it writes that text", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        const flowText = { flow_json: JSON.stringify(ZONE_COOLING.flow_json), nodes_json: JSON.stringify(ZONE_COOLING.nodes_json) };
        expect(await store.rules.update(rule.id, { name: "b" }, T1, { triggerIs: ON_CHANGE }), "the stored trigger is null").to.equal(undefined);
        expect((await store.rules.get(rule.id))?.name).to.equal("a");
        const written = await store.rules.update(rule.id, { flow: ZONE_COOLING, flowText, trigger_config: ON_CHANGE }, T1, { triggerIs: null });
        expect(written).to.deep.equal(await store.rules.get(rule.id));
        expect(await store.rules.update(rule.id, { name: "c" }, T1, { triggerIs: null })).to.equal(undefined);
        expect((await store.rules.update(rule.id, { name: "c" }, T1, { triggerIs: ON_CHANGE }))?.name).to.equal("c");
        expect(await store.rules.update(999, { name: "x" }, T1, { triggerIs: null })).to.equal(undefined);
      });

      it("issue 19.5: the version a writer names from the flow text it wrote is the one the store reads (characters beyond the BMP counted once)", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        const flow_json = JSON.parse(JSON.stringify(ZONE_COOLING.flow_json)) as typeof ZONE_COOLING.flow_json;
        flow_json.nodes[0]!.data.label = "fan 🌀 é";
        const text = JSON.stringify(flow_json);
        const written = await store.rules.update(rule.id, { flow: { flow_json, nodes_json: ZONE_COOLING.nodes_json } }, T1);
        expect(flowVersionOfText(written!.updated_at, text)).to.equal((await store.rules.getMany([rule.id]))[0]!.flow_version);
        expect(flowVersionOfText(written!.updated_at, null)).to.equal(null);
      });

      it("remove deletes the rule and says so", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        expect(await store.rules.remove(rule.id)).to.equal(true);
        expect(await store.rules.get(rule.id)).to.equal(undefined);
        expect(await store.rules.remove(rule.id)).to.equal(false);
      });

      it("list pages summaries by id with the total of all rules", async () => {
        const ids: number[] = [];
        for (let i = 0; i < 5; i++) ids.push((await store.rules.create({ name: `r${i}`, description: `d${i}` }, T0)).id);
        await store.rules.setEnabled(ids[1]!, true, T1);
        const page = await store.rules.list({ offset: 1, limit: 2 });
        expect(page).to.deep.equal({
          items: [
            { id: ids[1], name: "r1", enabled: true, description: "d1" },
            { id: ids[2], name: "r2", enabled: false, description: "d2" },
          ],
          total: 5,
        });
        expect(await store.rules.list({ offset: 5, limit: 2 })).to.deep.equal({ items: [], total: 5 });
      });

      it("listEnabled returns the full enabled rules by id; listAll returns every rule", async () => {
        const a = await store.rules.create({ name: "a", description: "" }, T0);
        const b = await store.rules.create({ name: "b", description: "" }, T0);
        const c = await store.rules.create({ name: "c", description: "" }, T0);
        await store.rules.update(c.id, { flow: ZONE_COOLING, trigger_config: ON_CHANGE }, T0);
        await store.rules.setEnabled(c.id, true, T1);
        await store.rules.setEnabled(a.id, true, T1);
        expect(await store.rules.listEnabled()).to.deep.equal([await store.rules.get(a.id), await store.rules.get(c.id)]);
        expect((await store.rules.listAll()).map((r) => r.id)).to.deep.equal([a.id, b.id, c.id]);
      });

      it("issue 19.1: getMany returns the stored rules of the ids asked (any number, unknown and out-of-range ids left out) with their flow version; listRunnable every rule without its editor document", async () => {
        const a = await store.rules.create({ name: "a", description: "" }, T0);
        const b = await store.rules.create({ name: "b", description: "" }, T0);
        await store.rules.update(b.id, { flow: ZONE_COOLING, trigger_config: ON_CHANGE }, T0);
        const ids = [b.id, a.id, 999_999, -1, 2 ** 40, ...Array.from({ length: 1200 }, (_, i) => 10_000 + i)];
        const many = await store.rules.getMany(ids);
        expect(many.map((r) => r.id)).to.deep.equal([a.id, b.id]);
        const { flow_version: none, ...plain } = many[0]!;
        expect(plain).to.deep.equal(await store.rules.get(a.id));
        expect(none, "no editor document: no version").to.equal(null);
        const version = many[1]!.flow_version;
        expect(version).to.match(/^\d{4}-.*Z\/\d+$/);
        await store.rules.update(b.id, { name: "b2" }, T1);
        expect((await store.rules.getMany([b.id]))[0]!.flow_version, "a write moves the version").to.not.equal(version);
        const runnable = await store.rules.listRunnable();
        expect(runnable.map((r) => r.id)).to.deep.equal([a.id, b.id]);
        expect(runnable[1]).to.not.have.property("flow_json");
        expect(runnable[1]).to.include({ name: "b2", enabled: false, flow_version: (await store.rules.getMany([b.id]))[0]!.flow_version });
        expect(runnable[1]!.nodes_json).to.deep.equal((await store.rules.get(b.id))!.nodes_json);
        await store.cooldowns.record(a.id, 5);
        await store.cooldowns.record(b.id, 7);
        expect([...(await store.cooldowns.listFor([b.id, 999_999]))]).to.deep.equal([[b.id, 7]]);
      });

      it("spec: importRule stores a compact-only legacy rule with flow_json null", async () => {
        const imported = {
          name: "Legacy",
          description: "from v1",
          enabled: true,
          priority: 5,
          cooldown_ms: 1000,
          trigger_config: ON_CHANGE,
          flow_json: null,
          nodes_json: ZONE_COOLING.nodes_json,
        };
        const rule = await store.rules.importRule(imported, T0);
        expect(rule).to.deep.equal({ ...imported, id: rule.id, created_at: T0.toISOString(), updated_at: T0.toISOString() });
        expect(await store.rules.get(rule.id)).to.deep.equal(rule);
      });

      it("reopening the database keeps the rules and applies no migration twice", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        await store.close();
        store = await backend.open(key);
        expect(await store.rules.get(rule.id)).to.deep.equal(rule);
      });
    });

    describe("execution history", () => {
      const entry = (rule_id: number, n: number) => ({
        rule_id,
        started_at: new Date(T0.getTime() + n).toISOString(),
        finished_at: new Date(T0.getTime() + n + 5).toISOString(),
        trigger: "interval" as const,
        success: n % 2 === 0,
        result: { success: n % 2 === 0, actions: [{ point: "action(7, 1)", value: n, success: true }], path: ["start", "end"] },
        error: n % 2 === 0 ? null : { message: `failed ${n}` },
      });

      it("append returns ascending numeric ids; list returns the entries by id as stored", async () => {
        const ids = [await store.history.append(entry(1, 0)), await store.history.append(entry(1, 1))];
        expect(ids[0]).to.be.a("number");
        expect(ids[1]).to.be.greaterThan(ids[0]!);
        expect(await store.history.list(1, { limit: 10 })).to.deep.equal([
          { id: ids[0], ...entry(1, 0) },
          { id: ids[1], ...entry(1, 1) },
        ]);
      });

      it("list resumes after an id, stops at the limit and filters by rule", async () => {
        const ids: number[] = [];
        for (let n = 0; n < 6; n++) ids.push(await store.history.append(entry(n % 2 === 0 ? 1 : 2, n)));
        expect((await store.history.list(undefined, { limit: 3 })).map((e) => e.id)).to.deep.equal(ids.slice(0, 3));
        expect((await store.history.list(undefined, { afterId: ids[3]!, limit: 10 })).map((e) => e.id)).to.deep.equal(ids.slice(4));
        expect((await store.history.list(1, { afterId: ids[0]!, limit: 10 })).map((e) => e.id)).to.deep.equal([ids[2], ids[4]]);
        expect(await store.history.list(3, { limit: 10 })).to.deep.equal([]);
      });

      it("issue 16.21: pages newest first (order desc) resume with beforeId; afterId and beforeId bound either order", async () => {
        const ids: number[] = [];
        for (let n = 0; n < 7; n++) ids.push(await store.history.append(entry(n % 2 === 0 ? 1 : 2, n)));
        const rule1 = [ids[0]!, ids[2]!, ids[4]!, ids[6]!];
        expect((await store.history.list(1, { limit: 2, order: "desc" })).map((e) => e.id)).to.deep.equal([ids[6], ids[4]]);
        expect((await store.history.list(1, { limit: 2, order: "desc", beforeId: ids[4]! })).map((e) => e.id)).to.deep.equal([ids[2], ids[0]]);
        expect((await store.history.list(1, { limit: 10, order: "desc", beforeId: ids[0]! })).map((e) => e.id)).to.deep.equal([]);
        expect((await store.history.list(1, { limit: 10, order: "asc", beforeId: ids[6]! })).map((e) => e.id)).to.deep.equal(rule1.slice(0, 3));
        expect((await store.history.list(1, { limit: 10, order: "desc", afterId: ids[1]!, beforeId: ids[6]! })).map((e) => e.id)).to.deep.equal([ids[4], ids[2]]);
        expect((await store.history.list(undefined, { limit: 3, order: "desc" })).map((e) => e.id)).to.deep.equal([ids[6], ids[5], ids[4]]);
        expect((await store.history.list(1, { limit: 10 })).map((e) => e.id), "ascending by default").to.deep.equal(rule1);
      });

      it("the history of a rule survives the rule's deletion", async () => {
        const rule = await store.rules.create({ name: "a", description: "" }, T0);
        const id = await store.history.append(entry(rule.id, 0));
        await store.rules.remove(rule.id);
        expect((await store.history.list(rule.id, { limit: 10 })).map((e) => e.id)).to.deep.equal([id]);
      });

      it("values JSON cannot hold are stored as null, as JSON.stringify writes them", async () => {
        await store.history.append({ ...entry(1, 0), result: { snapshot: { outdoor: NaN } } });
        expect((await store.history.list(1, { limit: 1 }))[0]?.result).to.deep.equal({ snapshot: { outdoor: null } });
      });
    });

    describe("point history", () => {
      const sample = (ref: PointKey, at: number, value: number) => ({ ...ref, at, value });

      it("append stores a batch and leaves NaN samples out (unavailable is not a value)", async () => {
        await store.points.append([sample(TEMP, 1000, 20.5), sample(TEMP, 2000, NaN), sample(TEMP, 3000, 21)]);
        expect(await store.points.range(TEMP, 0, 10_000)).to.deep.equal([
          { at: 1000, value: 20.5 },
          { at: 3000, value: 21 },
        ]);
      });

      it("valueAt is the latest sample at or before the time, NaN before the first", async () => {
        await store.points.append([sample(TEMP, 1000, 20), sample(TEMP, 2000, NaN), sample(TEMP, 3000, 22), sample(VALVE, 1500, 1)]);
        expect(await store.points.valueAt(TEMP, 999)).to.be.NaN;
        expect(await store.points.valueAt(TEMP, 1000)).to.equal(20);
        expect(await store.points.valueAt(TEMP, 2500)).to.equal(20);
        expect(await store.points.valueAt(TEMP, 3000)).to.equal(22);
        expect(await store.points.valueAt(VALVE, 10_000)).to.equal(1);
        expect(await store.points.valueAt({ ...TEMP, point_type: "action" }, 10_000)).to.be.NaN;
      });

      it("range returns the samples of that point from..to inclusive, ascending", async () => {
        await store.points.append([sample(TEMP, 4000, 4), sample(TEMP, 1000, 1), sample(TEMP, 3000, 3), sample(TEMP, 2000, 2), sample(VALVE, 2000, 9)]);
        expect(await store.points.range(TEMP, 2000, 3000)).to.deep.equal([
          { at: 2000, value: 2 },
          { at: 3000, value: 3 },
        ]);
      });

      it("a second sample of one point at one millisecond replaces the first, in one batch or later", async () => {
        await store.points.append([sample(TEMP, 1000, 1), sample(TEMP, 1000, 2)]);
        expect(await store.points.range(TEMP, 0, 5000)).to.deep.equal([{ at: 1000, value: 2 }]);
        await store.points.append([sample(TEMP, 1000, 3)]);
        expect(await store.points.range(TEMP, 0, 5000)).to.deep.equal([{ at: 1000, value: 3 }]);
      });

      it("epoch milliseconds beyond 2^32 and large batches round-trip as numbers", async () => {
        const at = Date.parse("2026-01-01T00:00:00.000Z");
        await store.points.append(Array.from({ length: 1234 }, (_, i) => sample(TEMP, at + i * 1000, i / 4)));
        const rows = await store.points.range(TEMP, at, at + 10_000_000);
        expect(rows).to.have.length(1234);
        expect(rows[1233]).to.deep.equal({ at: at + 1233_000, value: 1233 / 4 });
      });

      it("append is all or nothing: a bad sample in a later chunk stores none of the batch", async () => {
        const batch = Array.from({ length: 800 }, (_, i) => sample(TEMP, i, i));
        batch[700] = { ...sample(TEMP, 700, 0), instance: null as unknown as number };
        let seen: unknown;
        await store.points.append(batch).catch((error: unknown) => (seen = error));
        expect(seen).to.be.instanceOf(Error);
        expect(await store.points.range(TEMP, 0, 10_000)).to.deep.equal([]);
      });

      it("prune deletes the samples before the time and returns how many", async () => {
        await store.points.append([sample(TEMP, 1000, 1), sample(VALVE, 1500, 1), sample(TEMP, 2000, 2), sample(TEMP, 3000, 3)]);
        expect(await store.points.prune(2000)).to.equal(2);
        expect(await store.points.range(TEMP, 0, 5000)).to.deep.equal([
          { at: 2000, value: 2 },
          { at: 3000, value: 3 },
        ]);
        expect(await store.points.prune(0)).to.equal(0);
      });
    });
  });
}
