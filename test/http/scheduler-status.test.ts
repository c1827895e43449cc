// GET /api/scheduler/status over HTTP: the rule counts (issue 16.13), on every backend.
import { expect } from "chai";
import { databaseBackends } from "../store/backends.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE } from "./rule-flows.js";

for (const [name, backend] of databaseBackends()) {
  describe(`GET /api/scheduler/status on ${name}`, () => {
    let f: HttpFixture;
    let count = 0;
    beforeEach(async () => {
      f = await startHttpFixture({ store: await backend.open(`status${++count}`) });
    });
    afterEach(() => f.close());
    after(() => backend.cleanup());

    it("issue 16.13: total_rules counts every stored rule, enabled or not; enabled_rules the enabled ones", async () => {
      const engineer = await f.token("Engineer", { sub: "alice" });
      const status = async () => (await f.request("GET", "/api/scheduler/status", { token: engineer })).json.data;
      expect(await status()).to.include({ total_rules: 0, enabled_rules: 0 });
      const ids: number[] = [];
      for (const name of ["a", "b", "c"]) {
        const reply = await f.request("POST", "/api/rules", { token: engineer, body: { name, description: "", confirmed: true } });
        ids.push(reply.json.data.id);
      }
      expect(await status()).to.include({ total_rules: 3, enabled_rules: 0 });
      await f.request("PUT", `/api/rules/${ids[1]}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      await f.request("POST", `/api/rules/${ids[1]}/enable`, { token: engineer, body: { confirmed: true } });
      expect(await status()).to.include({ total_rules: 3, enabled_rules: 1 });
      await f.request("DELETE", `/api/rules/${ids[0]}`, { token: engineer, body: { confirmed: true } });
      expect(await status()).to.include({ total_rules: 2, enabled_rules: 1 });
    });
  });
}
