// GET /api/scheduler/status over HTTP: the rule counts (issue 16.13) and a page of the per-rule
// statistics (issue 19.4), on every backend.
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

    it("issue 19.4: with 1,200 stored rules the status answers every count and one page of rules by id (default 100, at most 1,000), resumed with next_after_id", async () => {
      const viewer = await f.token("Viewer");
      const engineer = await f.token("Engineer");
      await f.store.transaction(async (store) => {
        for (let i = 1; i <= 1200; i++) await store.rules.create({ name: `rule ${i}`, description: "" }, new Date(0));
      });
      expect((await f.request("POST", "/api/scheduler/reload", { token: engineer })).status).to.equal(200);
      const get = async (query: string) => {
        const reply = await f.request("GET", `/api/scheduler/status${query}`, { token: viewer });
        expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
        return reply.json.data as { total_rules: number; enabled_rules: number; rules: { id: number }[]; next_after_id: number | null };
      };
      const first = await get("");
      expect(first).to.include({ total_rules: 1200, enabled_rules: 0 });
      expect(first.rules.map((r) => r.id)).to.deep.equal(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(first.next_after_id).to.equal(100);
      const walked: number[] = [];
      let next: number | null = 0;
      let pages = 0;
      while (next !== null) {
        const page = await get(`?after_id=${next}&limit=1000`);
        expect(page.total_rules, "every page has the counts").to.equal(1200);
        walked.push(...page.rules.map((r) => r.id));
        next = page.next_after_id;
        pages++;
      }
      expect(pages).to.equal(2);
      expect(walked).to.deep.equal(Array.from({ length: 1200 }, (_, i) => i + 1));
      const last = await get("?after_id=1199&limit=1");
      expect(last.rules.map((r) => r.id)).to.deep.equal([1200]);
      expect(last.next_after_id, "nothing after the last rule").to.equal(null);
      expect((await get("?after_id=1200")).rules).to.deep.equal([]);
    });

    it("issue 19.4: a page size or cursor out of range is a 400 naming the parameter and its range", async () => {
      const viewer = await f.token("Viewer");
      for (const [query, parameter, range] of [
        ["?limit=0", "limit", "from 1 to 1000"],
        ["?limit=1001", "limit", "from 1 to 1000"],
        ["?limit=ten", "limit", "from 1 to 1000"],
        ["?after_id=-1", "after_id", "from 0 to"],
        ["?after_id=1.5", "after_id", "from 0 to"],
        ["?page=2", "page", "unknown query parameter"],
        ["?limit=5&limit=6", "limit", "more than once"],
      ] as const) {
        const reply = await f.request("GET", `/api/scheduler/status${query}`, { token: viewer });
        expect(reply.status, query).to.equal(400);
        expect(reply.json.error.code, query).to.equal("invalid-input");
        expect(reply.json.error.message, query).to.include(`'${parameter}'`).and.include(range);
        expect(reply.json.error.details.diagnostics[0].path, query).to.equal(`/query/${parameter}`);
      }
      expect((await f.request("GET", "/api/scheduler/status?limit=0")).status, "authenticated before the query is read").to.equal(401);
    });
  });
}
