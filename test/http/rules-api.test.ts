// The rule endpoints of rules-service.md over real HTTP: every row of the endpoint table, every
// state transition, every error row, on SQLite and (when available) PostgreSQL.
import { expect } from "chai";
import { compileFlow } from "../../compiler/index.js";
import { SUPPLY } from "../rules/engine-fixture.js";
import { databaseBackends } from "../store/backends.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE, brokenFlow } from "./rule-flows.js";

const CONFIRMED = { confirmed: true };

for (const [name, backend] of databaseBackends()) {
  describe(`rule API over HTTP on ${name}`, () => {
    let f: HttpFixture;
    let engineer: string;
    let count = 0;
    beforeEach(async () => {
      f = await startHttpFixture({ store: await backend.open(`http${++count}`) });
      engineer = await f.token("Engineer", { sub: "alice" });
    });
    afterEach(() => f.close());
    after(() => backend.cleanup());

    const create = async (name = "Boiler", description = "heats") => {
      const reply = await f.request("POST", "/api/rules", { token: engineer, body: { name, description, confirmed: true } });
      expect(reply.status, reply.text).to.equal(201);
      return reply.json.data.id as number;
    };
    const auditActions = async () => (await f.store.audit.list({ tenantId: "default", projectId: "default", limit: 500 })).items.map((e) => `${e.action}:${e.resource.id}:${e.outcome}`);

    it("spec POST /api/rules: creates a disabled stub with no editor document and an empty topology", async () => {
      const reply = await f.request("POST", "/api/rules", { token: engineer, body: { name: "Boiler", description: "heats", confirmed: true } });
      expect(reply.status).to.equal(201);
      expect(reply.json).to.deep.equal({ success: true, data: { id: reply.json.data.id, name: "Boiler", status: "created" } });
      expect(reply.headers.get("location")).to.equal(`/api/rules/${reply.json.data.id}`);
      const rule = (await f.request("GET", `/api/rules/${reply.json.data.id}`, { token: engineer })).json.data;
      expect(rule).to.include({ name: "Boiler", description: "heats", enabled: false });
      expect(rule.flow_json).to.equal(null);
      expect(rule.nodes_json).to.deep.equal({});
    });

    it("spec GET /api/rules: pages of summaries (id, name, enabled, description) with the total", async () => {
      for (const name of ["a", "b", "c"]) await create(name, `about ${name}`);
      const first = await f.request("GET", "/api/rules?page=1&page_size=2", { token: engineer });
      expect(first.json.data).to.deep.include({ page: 1, page_size: 2, total: 3 });
      expect(first.json.data.items.map((r: { name: string }) => r.name)).to.deep.equal(["a", "b"]);
      expect(Object.keys(first.json.data.items[0]).sort()).to.deep.equal(["description", "enabled", "id", "name"]);
      const second = await f.request("GET", "/api/rules?page=2&page_size=2", { token: engineer });
      expect(second.json.data.items.map((r: { name: string }) => r.name)).to.deep.equal(["c"]);
      const defaults = await f.request("GET", "/api/rules", { token: engineer });
      expect(defaults.json.data).to.deep.include({ page: 1, page_size: 50 });
    });

    it("pagination parameters are checked: page_size above 500, page 0 and unknown parameters are 400", async () => {
      for (const query of ["page_size=501", "page=0", "page=x", "limit=5", "page=1&page=2"]) {
        const reply = await f.request("GET", `/api/rules?${query}`, { token: engineer });
        expect(reply.status, query).to.equal(400);
        expect(reply.json.error.code).to.equal("invalid-input");
        expect(reply.json.error.details.diagnostics[0].path).to.match(/^\/query\//);
      }
    });

    it("spec GET /api/rules/{id}: the full rule; 404 when absent; 400 for an id that is not a positive integer", async () => {
      const id = await create();
      const reply = await f.request("GET", `/api/rules/${id}`, { token: engineer });
      expect(Object.keys(reply.json.data).sort()).to.deep.equal(
        ["cooldown_ms", "created_at", "description", "enabled", "flow_json", "id", "name", "nodes_json", "priority", "trigger_config", "updated_at"],
      );
      expect((await f.request("GET", "/api/rules/999", { token: engineer })).json.error.code).to.equal("not-found");
      for (const bad of ["abc", "0", "-1", "1.5", "99999999999999999"]) {
        const reply = await f.request("GET", `/api/rules/${bad}`, { token: engineer });
        expect(reply.status, bad).to.equal(400);
      }
    });

    it("spec PUT /api/rules/{id}: both flow columns come from the one compile function, with trigger_config, name and description", async () => {
      const id = await create();
      const reply = await f.request("PUT", `/api/rules/${id}`, {
        token: engineer,
        body: { ...VALVE_RULE, name: "Valve", description: "opens", priority: 5, cooldown_ms: 2000, confirmed: true },
      });
      expect(reply.status, reply.text).to.equal(200);
      const compiled = compileFlow(VALVE_RULE.flow_json);
      if (!compiled.ok) throw new Error("fixture flow must compile");
      expect(reply.json.data).to.deep.include({ name: "Valve", description: "opens", priority: 5, cooldown_ms: 2000, enabled: false });
      expect(reply.json.data.flow_json).to.deep.equal(compiled.flow_json);
      expect(reply.json.data.nodes_json).to.deep.equal(compiled.nodes_json);
      expect(reply.json.data.trigger_config).to.deep.equal(VALVE_RULE.trigger_config);
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data).to.deep.equal(reply.json.data);
    });

    it("spec errors: a malformed flow fails the PUT as a unit; the stored rule stays byte-identical and only the refusal is audited (denied, issue 16.25)", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      const before = (await f.request("GET", `/api/rules/${id}`, { token: engineer })).text;
      const stored = JSON.stringify(await f.store.rules.get(id));
      const audited = await auditActions();
      const reply = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { name: "renamed", flow_json: brokenFlow(), confirmed: true } });
      expect(reply.status).to.equal(400);
      expect(reply.json.success).to.equal(false);
      expect(reply.json.error.code).to.equal("invalid-input");
      expect(reply.json.error.details.diagnostics.some((d: { path: string }) => d.path.startsWith("/flow_json"))).to.equal(true);
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).text).to.equal(before);
      expect(JSON.stringify(await f.store.rules.get(id))).to.equal(stored);
      expect(await auditActions()).to.deep.equal([...audited, `rule.update:${id}:denied`]);
    });

    it("spec errors: a malformed trigger_config is rejected at the update boundary with its path", async () => {
      const id = await create();
      const before = (await f.request("GET", `/api/rules/${id}`, { token: engineer })).text;
      for (const trigger_config of [{ type: "interval" }, { type: "sometimes", interval_ms: 5 }, { type: "interval", interval_ms: "1000" }]) {
        const reply = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { trigger_config, confirmed: true } });
        expect(reply.status, JSON.stringify(trigger_config)).to.equal(400);
        expect(reply.json.error.details.diagnostics[0].path).to.match(/^\/trigger_config/);
      }
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).text).to.equal(before);
    });

    it("PUT cannot change enabled (400 with a hint to use enable/disable), and unknown fields are refused", async () => {
      const id = await create();
      const enabled = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { enabled: true, confirmed: true } });
      expect(enabled.status).to.equal(400);
      expect(enabled.json.error.details.hint).to.contain(`/api/rules/${id}/enable`);
      const unknown = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { nmae: "typo", confirmed: true } });
      expect(unknown.status).to.equal(400);
      expect(unknown.json.error.details.diagnostics.map((d: { path: string }) => d.path).join()).to.contain("nmae");
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.enabled).to.equal(false);
    });

    it("spec states: disabled -enable-> enabled -disable-> disabled, each followed by a scheduler reload", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      const status = async () => (await f.request("GET", "/api/scheduler/status", { token: engineer })).json.data;
      expect((await status()).enabled_rules).to.equal(0);
      const enabled = await f.request("POST", `/api/rules/${id}/enable`, { token: engineer, body: CONFIRMED });
      expect(enabled.json.data.enabled).to.equal(true);
      expect(await status()).to.include({ enabled_rules: 1, running: true, tick_ms: 100 });
      await f.advance(1000);
      expect((await f.history(id)).length).to.be.greaterThan(0);
      const disabled = await f.request("POST", `/api/rules/${id}/disable`, { token: engineer, body: CONFIRMED });
      expect(disabled.json.data.enabled).to.equal(false);
      expect((await status()).enabled_rules).to.equal(0);
    });

    it("spec states: DELETE removes an enabled or disabled rule and reloads; its history stays readable", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      await f.request("POST", `/api/rules/${id}/enable`, { token: engineer, body: CONFIRMED });
      await f.request("POST", `/api/rules/${id}/execute`, { token: engineer, body: CONFIRMED });
      const reply = await f.request("DELETE", `/api/rules/${id}`, { token: engineer, body: CONFIRMED });
      expect(reply.json).to.deep.equal({ success: true, data: { id, status: "deleted" } });
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).status).to.equal(404);
      expect((await f.request("GET", "/api/scheduler/status", { token: engineer })).json.data.enabled_rules).to.equal(0);
      expect((await f.request("GET", `/api/rules/${id}/history`, { token: engineer })).json.data.items).to.have.length(1);
      expect((await f.request("DELETE", `/api/rules/${id}`, { token: engineer, body: CONFIRMED })).status).to.equal(404);
    });

    it("spec POST /api/rules/{id}/execute: runs now against live values and reports actions_attempted and actions_succeeded", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      f.engine.plane.setMeasurement(SUPPLY, 21);
      const reply = await f.request("POST", `/api/rules/${id}/execute`, { token: engineer, body: CONFIRMED });
      expect(reply.status, reply.text).to.equal(200);
      expect(reply.json.data).to.include({ rule_id: id, success: true, actions_attempted: 1, actions_succeeded: 1 });
      expect(reply.json.data.result.actions[0]).to.include({ target: 7, point: 2, value: 10, success: true });
      const history = (await f.request("GET", `/api/rules/${id}/history`, { token: engineer })).json.data;
      expect(history.items.map((e: { id: number; trigger: string }) => [e.id, e.trigger])).to.deep.equal([[reply.json.data.history_id, "manual"]]);
    });

    it("spec runtime item 8 over HTTP: an unavailable input short-circuits the execution; no action is attempted", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      const reply = await f.request("POST", `/api/rules/${id}/execute`, { token: engineer, body: CONFIRMED });
      expect(reply.json.data).to.include({ success: false, actions_attempted: 0, actions_succeeded: 0 });
      expect(reply.json.data.result.short_circuit).to.include({ variable: "t" });
    });

    it("spec GET /api/rules/{id}/variables: the variables the rule reads, with live values", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      f.engine.plane.setMeasurement(SUPPLY, 19.5);
      const reply = await f.request("GET", `/api/rules/${id}/variables`, { token: engineer });
      expect(reply.json.data.rule_id).to.equal(id);
      expect(reply.json.data.variables[0]).to.include({ name: "t", kind: "input", instance: 7, point: 1, value: 19.5 });
    });

    it("spec GET /api/scheduler/status and POST /api/scheduler/reload: counts after an out-of-band write", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.enabled).to.equal(false);
      await f.store.rules.setEnabled(id, true, new Date(f.time.now())); // out of band: no reload
      expect((await f.request("GET", "/api/scheduler/status", { token: engineer })).json.data.enabled_rules).to.equal(0);
      const reply = await f.request("POST", "/api/scheduler/reload", { token: engineer });
      expect(reply.json.data).to.include({ loaded: 1, enabled: 1 });
      expect((await f.request("GET", "/api/scheduler/status", { token: engineer })).json.data).to.include({ enabled_rules: 1, total_rules: 1 });
      // The reload also drops the read cache: GET shows the out-of-band write now.
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.enabled).to.equal(true);
      expect(await auditActions()).to.include("scheduler.reload:null:allowed");
    });

    it("spec authentication 3: every mutation leaves exactly one audit record, with the subject from the token", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      await f.request("POST", `/api/rules/${id}/enable`, { token: engineer, body: CONFIRMED });
      await f.request("POST", `/api/rules/${id}/disable`, { token: engineer, body: CONFIRMED });
      await f.request("POST", `/api/rules/${id}/execute`, { token: engineer, body: CONFIRMED });
      await f.request("DELETE", `/api/rules/${id}`, { token: engineer, body: CONFIRMED });
      expect(await auditActions()).to.deep.equal(
        ["rule.create", "rule.update", "rule.enable", "rule.disable", "rule.execute", "rule.delete"].map((a) => `${a}:${id}:allowed`),
      );
      const events = (await f.store.audit.list({ tenantId: "default", projectId: "default", limit: 10 })).items;
      expect(events.every((e) => e.subject.id === "alice" && e.subject.role === "Engineer" && e.confirmation === "confirmed")).to.equal(true);
    });
  });
}
