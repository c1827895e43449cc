// The store's memory of rule cooldowns (migration 007) and the rule count, on every backend.
import { expect } from "chai";
import { databaseBackends } from "./backends.js";

const NOW = new Date(Date.UTC(2026, 10, 26, 10, 0, 0));

for (const [name, backend] of databaseBackends()) {
  describe(`rule cooldowns and rule count on ${name}`, () => {
    let count = 0;
    const open = () => backend.open(`cooldowns${++count}`);
    after(() => backend.cleanup());

    it("record keeps the latest acting time per rule; an older time never replaces a newer one", async () => {
      const store = await open();
      try {
        const at = Date.UTC(2026, 10, 26, 10, 0, 0, 123);
        await store.cooldowns.record(1, at);
        await store.cooldowns.record(2, at + 5);
        await store.cooldowns.record(1, at + 1000);
        await store.cooldowns.record(1, at + 10); // late, e.g. a slower connection: ignored
        expect([...(await store.cooldowns.list())]).to.deep.equal([[1, at + 1000], [2, at + 5]]);
        await store.cooldowns.record(3, 2 ** 45 + 1);
        expect((await store.cooldowns.list()).get(3)).to.equal(2 ** 45 + 1);
      } finally {
        await store.close();
      }
    });

    it("deleting a rule forgets its cooldown", async () => {
      const store = await open();
      try {
        const rule = await store.rules.create({ name: "r", description: "" }, NOW);
        await store.cooldowns.record(rule.id, NOW.getTime());
        await store.transaction((tx) => tx.rules.remove(rule.id));
        expect((await store.cooldowns.list()).size).to.equal(0);
      } finally {
        await store.close();
      }
    });

    it("count is the number of all stored rules, enabled or not", async () => {
      const store = await open();
      try {
        expect(await store.rules.count()).to.equal(0);
        const a = await store.rules.create({ name: "a", description: "" }, NOW);
        await store.rules.create({ name: "b", description: "" }, NOW);
        await store.rules.setEnabled(a.id, true, NOW);
        expect(await store.rules.count()).to.equal(2);
      } finally {
        await store.close();
      }
    });
  });
}
