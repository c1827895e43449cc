// The rule endpoints of rules-service.md over real HTTP: every row of the endpoint table, every
// state transition, every error row, on SQLite and (when available) PostgreSQL.
import { expect } from "chai";
import { compileFlow } from "../../compiler/index.js";
import { SUPPLY } from "../rules/engine-fixture.js";
import { databaseBackends } from "../store/backends.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE, brokenFlow, flowOf } from "./rule-flows.js";

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

    it("issue 16.11: PUT of a rule that writes a point its on_change trigger watches stores it and answers a rule/self-trigger warning (node id, JSON Pointer)", async () => {
      const id = await create();
      const { flow_json } = flowOf("input stage = action(7, 2)\nwrite action(7, 2) = stage + 1");
      const trigger_config = { type: "on_change", point_refs: [{ instance: 7, point_type: "action", point: 2 }] };
      const reply = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { flow_json, trigger_config, confirmed: true } });
      expect(reply.status, reply.text).to.equal(200);
      const change = flow_json.nodes.findIndex((n) => n.type === "change");
      expect(reply.json.warnings.map((w: { code: string; severity: string; nodeId: string; path: string }) => [w.code, w.severity, w.nodeId, w.path])).to.deep.equal([
        ["rule/self-trigger", "warning", flow_json.nodes[change]!.id, `/flow_json/nodes/${change}/data/config/writes/0`],
      ]);
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.trigger_config).to.deep.equal(trigger_config);
      // A later PUT that changes only the name still describes the stored rule; one that fixes the trigger has none.
      expect((await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { name: "renamed", confirmed: true } })).json.warnings).to.have.length(1);
      const fixed = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { trigger_config: { type: "interval", interval_ms: 1000 }, confirmed: true } });
      expect(fixed.json.warnings).to.deep.equal([]);
    });

    it("spec errors: a malformed flow fails the PUT as a unit; the stored rule stays byte-identical and the refusal is audited as invalid", async () => {
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
      expect(await auditActions()).to.deep.equal([...audited, `rule.update:${id}:invalid`]);
    });

    it("issue 19: a PUT with no field (only `confirmed`) is refused 400 nothing-to-update before any write: the rule, its updated_at and the audit log keep but the refusal's invalid record", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      const stored = JSON.stringify(await f.store.rules.get(id));
      const audited = await auditActions();
      f.time.jump(1_000);
      const reply = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: CONFIRMED });
      expect(reply.status, reply.text).to.equal(400);
      expect(reply.json.error.code).to.equal("invalid-input");
      expect(reply.json.error.message).to.match(/^nothing to update: give at least one of name, description, priority, cooldown_ms, trigger_config, flow_json/);
      expect(reply.json.error.details.diagnostics[0]).to.include({ code: "rule/nothing-to-update", path: "" });
      expect(JSON.stringify(await f.store.rules.get(id))).to.equal(stored);
      expect(await auditActions()).to.deep.equal([...audited, `rule.update:${id}:invalid`]);
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

    it("issue 16.19: a rule name is not blank and not digits only (the command line reads digits as an id), on POST and PUT", async () => {
      const id = await create("Named 16.19");
      for (const name of ["7", "  ", "007", "\t"]) {
        const created = await f.request("POST", "/api/rules", { token: engineer, body: { name, confirmed: true } });
        expect(created.status, JSON.stringify(name)).to.equal(400);
        expect(created.json.error.details.diagnostics.map((d: { path: string }) => d.path)).to.include("/name");
        const renamed = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { name, confirmed: true } });
        expect(renamed.status, JSON.stringify(name)).to.equal(400);
      }
      for (const name of ["Rule 7", "7a", " 7 x"]) {
        expect((await f.request("POST", "/api/rules", { token: engineer, body: { name, confirmed: true } })).status, name).to.equal(201);
      }
    });

    it("issue 16.20: a rule name another rule has is refused with 409 duplicate-name naming that rule, on POST and PUT, and nothing changes but the audit of the refusal", async () => {
      const boiler = await create("Boiler enable");
      const ahu = await create("AHU-2 duct pressure");
      const before = await auditActions();
      const again = await f.request("POST", "/api/rules", { token: engineer, body: { name: "Boiler enable", description: "", confirmed: true } });
      expect(again.status, again.text).to.equal(409);
      expect(again.json.success).to.equal(false);
      expect(again.json.error).to.include({ code: "duplicate-name" });
      expect(again.json.error.message).to.contain(`rule ${boiler}`).and.contain('"Boiler enable"');
      expect(again.json.error.details).to.include({ existing_rule_id: boiler });
      const rename = await f.request("PUT", `/api/rules/${ahu}`, { token: engineer, body: { ...VALVE_RULE, name: "Boiler enable", confirmed: true } });
      expect(rename.status, rename.text).to.equal(409);
      expect(rename.json.error.details).to.include({ existing_rule_id: boiler });
      expect((await f.request("GET", `/api/rules/${ahu}`, { token: engineer })).json.data).to.include({ name: "AHU-2 duct pressure", flow_json: null });
      expect((await f.request("GET", "/api/rules", { token: engineer })).json.data.total).to.equal(2);
      // Nothing changed; each refusal is audited as invalid (item 25: every authenticated call leaves an event).
      expect(await auditActions()).to.deep.equal([...before, "rule.create:null:invalid", `rule.update:${ahu}:invalid`]);
      // Keeping its own name is no clash; names compare exactly, so another case is another name.
      expect((await f.request("PUT", `/api/rules/${boiler}`, { token: engineer, body: { name: "Boiler enable", description: "d", confirmed: true } })).status).to.equal(200);
      expect((await f.request("POST", "/api/rules", { token: engineer, body: { name: "boiler enable", confirmed: true } })).status).to.equal(201);
    });

    it("issue 16.20: concurrent creates of one name over HTTP: one 201, the others 409", async () => {
      const replies = await Promise.all(Array.from({ length: 4 }, () => f.request("POST", "/api/rules", { token: engineer, body: { name: "Race", confirmed: true } })));
      expect(replies.map((r) => r.status).sort()).to.deep.equal([201, 409, 409, 409]);
      const id = replies.find((r) => r.status === 201)!.json.data.id;
      for (const r of replies.filter((r) => r.status === 409)) expect(r.json.error.details).to.include({ existing_rule_id: id });
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

    it("issue 16.21: GET /api/rules/{id}/history takes order (asc|desc) and before_id: newest first a page at a time", async () => {
      const id = await create();
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      f.engine.plane.setMeasurement(SUPPLY, 21);
      const ids: number[] = [];
      for (let n = 0; n < 3; n++) ids.push((await f.request("POST", `/api/rules/${id}/execute`, { token: engineer, body: CONFIRMED })).json.data.history_id);
      const page = async (query: string) => {
        const reply = await f.request("GET", `/api/rules/${id}/history?${query}`, { token: engineer });
        expect(reply.status, reply.text).to.equal(200);
        return reply.json.data as { items: { id: number }[]; next_after_id: number | null; next_before_id: number | null };
      };
      const newest = await page("order=desc&limit=2");
      expect(newest.items.map((e) => e.id)).to.deep.equal([ids[2], ids[1]]);
      expect(newest).to.include({ next_before_id: ids[1], next_after_id: null });
      const older = await page(`order=desc&limit=2&before_id=${newest.next_before_id}`);
      expect(older.items.map((e) => e.id)).to.deep.equal([ids[0]]);
      expect(older).to.include({ next_before_id: null, next_after_id: null });
      const oldest = await page("limit=2");
      expect(oldest.items.map((e) => e.id), "ascending by default").to.deep.equal([ids[0], ids[1]]);
      expect(oldest).to.include({ next_after_id: ids[1], next_before_id: null });
      expect((await page(`order=asc&before_id=${ids[2]}`)).items.map((e) => e.id)).to.deep.equal([ids[0], ids[1]]);
      for (const query of ["order=newest", "order=DESC", "before_id=0", "before_id=x", "order=asc&order=desc"]) {
        const reply = await f.request("GET", `/api/rules/${id}/history?${query}`, { token: engineer });
        expect(reply.status, query).to.equal(400);
        expect(reply.json.error.details.diagnostics[0].path, query).to.match(/^\/query\/(order|before_id)$/);
      }
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

    it("issue 19: a reload's `loaded` counts every rule handed to the scheduler, enabled or not; `enabled` those that run", async () => {
      const on = await create("On");
      const off = await create("Off");
      for (const id of [on, off]) await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
      await f.request("POST", `/api/rules/${on}/enable`, { token: engineer, body: CONFIRMED });
      const reply = await f.request("POST", "/api/scheduler/reload", { token: engineer });
      expect(reply.json.data).to.include({ loaded: 2, enabled: 1 });
      expect((await f.request("GET", "/api/scheduler/status", { token: engineer })).json.data).to.include({ enabled_rules: 1, total_rules: 2 });
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
