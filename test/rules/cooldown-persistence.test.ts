// Cooldown is a property of the rule (issue 16.10): the time of the last execution that performed
// an action is kept in the store, so disable+enable, a manual execution before enabling, a reload
// and a restart over the same store all keep the cooldown. On SQLite and PostgreSQL.
import { expect } from "chai";
import { rm } from "node:fs/promises";
import { databaseBackends } from "../store/backends.js";
import { createEngineFixture, START, type EngineFixture } from "./engine-fixture.js";

const COOLING = "trigger every 100ms\ncooldown 1s\nwrite action(7, 2) = 1";

for (const [name, backend] of databaseBackends()) {
  describe(`rule cooldown across reloads and restarts on ${name}`, () => {
    let f: EngineFixture | undefined;
    let count = 0;
    const open = async () => (f = await createEngineFixture({ store: await backend.open(`cooldown${++count}`) }));
    const runs = async (fixture: EngineFixture, id: number) => (await fixture.history(id)).map((e) => [e.trigger, e.started_at]);
    afterEach(async () => {
      await f?.close();
      f = undefined;
    });
    after(() => backend.cleanup());

    it("cooldown survives an explicit reload", async () => {
      const f = await open();
      const id = await f.addRule("cool", COOLING);
      await f.advance(100);
      await f.engine.runtime.reload();
      await f.advance(800);
      expect(await f.history(id)).to.have.length(1);
      await f.advance(300);
      expect(await f.history(id)).to.have.length(2);
    });

    it("issue 16.10: cooldown survives disable and enable", async () => {
      const f = await open();
      const id = await f.addRule("cool", COOLING);
      await f.advance(100); // acts at +100
      await f.engine.service.setEnabled(id, false);
      await f.engine.service.setEnabled(id, true);
      await f.advance(900);
      expect(await runs(f, id)).to.have.length(1);
      expect(f.engine.runtime.ruleStatus(id)!.suppressed.cooldown).to.equal(1);
      await f.advance(200);
      expect(await runs(f, id)).to.have.length(2);
    });

    it("issue 16.10: a manual execution that performed an action starts the cooldown that enabling then keeps (the spec's testing path)", async () => {
      const f = await open();
      const id = await f.addRule("cool", COOLING, { enabled: false });
      const manual = await f.engine.runtime.execute(id);
      expect(manual).to.include({ success: true, actions_succeeded: 1 });
      await f.engine.service.setEnabled(id, true);
      await f.advance(900);
      expect((await runs(f, id)).map(([trigger]) => trigger)).to.deep.equal(["manual"]);
      await f.advance(200);
      expect((await runs(f, id)).map(([trigger]) => trigger)).to.deep.equal(["manual", "interval"]);
    });

    it("issue 16.10: cooldown survives a restart: a new engine over the same store keeps it", async () => {
      const first = await open();
      const store = first.store;
      const id = await first.addRule("cool", COOLING);
      await first.advance(100);
      await first.engine.stop(); // not the store
      await rm(first.logDir, { recursive: true, force: true });
      f = await createEngineFixture({ store }); // a new scheduler, its clock back at the same start
      await f.advance(900);
      expect(await f.history(id)).to.have.length(1);
      await f.advance(300);
      expect(await f.history(id)).to.have.length(2);
    });

    it("only a rule with a cooldown whose execution acted writes a cooldown row, with the trigger time", async () => {
      const f = await open();
      const plain = await f.addRule("plain", "trigger every 100ms\nwrite action(7, 2) = 1");
      const idle = await f.addRule("idle", "trigger every 100ms\ncooldown 1s\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
      const acting = await f.addRule("acting", COOLING);
      await f.advance(300);
      expect(await f.history(plain)).to.have.length(3);
      expect((await f.history(idle)).every((e) => !e.success)).to.equal(true);
      expect(await f.history(acting)).to.have.length(1);
      expect([...(await f.store.cooldowns.list())], "the acting run's trigger time").to.deep.equal([[acting, START + 100]]);
    });
  });
}
