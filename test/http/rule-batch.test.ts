// POST /api/rules/batch (issue 19.1): sync and import apply a whole pack in one transaction, with
// one audit record per rule change and one reload. Over real HTTP, on SQLite and (when
// configured) PostgreSQL: a refusal anywhere stores nothing; the guards come before the body.
import { expect } from "chai";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import { compileFlow } from "../../compiler/index.js";
import { databaseBackends } from "../store/backends.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE, brokenFlow, flowOf } from "./rule-flows.js";

const TENANT = { tenantId: "default", projectId: "default" };

/** Every audit event, all pages. */
async function auditEvents(f: HttpFixture): Promise<AuditEvent[]> {
  const all: AuditEvent[] = [];
  for (let after: number | undefined; ; ) {
    const page = await f.store.audit.list({ ...TENANT, limit: 500, ...(after === undefined ? {} : { after }) });
    all.push(...page.items);
    if (page.nextCursor === null) return all;
    after = Number(page.nextCursor);
  }
}

const create = (name: string, extra: Record<string, unknown> = {}) => ({ op: "create", name, ...VALVE_RULE, ...extra });
const creates = (count: number) => Array.from({ length: count }, (_, i) => create(`rule ${i}`));

for (const [name, backend] of databaseBackends()) {
  describe(`POST /api/rules/batch on ${name} (issue 19.1)`, function () {
    this.timeout(60_000);
    let f: HttpFixture;
    let engineer: string;
    let count = 0;
    beforeEach(async () => {
      f = await startHttpFixture({ store: await backend.open(`batch${++count}`) });
      engineer = await f.token("Engineer", { sub: "alice" });
    });
    afterEach(() => f.close());
    after(() => backend.cleanup());

    const batch = (operations: unknown[], token = engineer) => f.request("POST", "/api/rules/batch", { token, body: { confirmed: true, operations } });
    const ruleCount = async () => (await f.store.rules.list({ offset: 0, limit: 1 })).total;

    it("issue 19.1: a sync of 500 rules is one transaction: an invalid flow at operation 250 stores nothing and writes no rule's audit record, and the 400 names the operation", async () => {
      const operations: unknown[] = creates(500);
      operations[250] = create("rule 250", { flow_json: brokenFlow() });
      const auditBefore = (await auditEvents(f)).length;
      const reply = await batch(operations);
      expect(reply.status, reply.text).to.equal(400);
      expect(reply.json.error.code).to.equal("invalid-input");
      expect(reply.json.error.message).to.match(/^operation 250 \(create "rule 250"\): flow_json is not a valid flow/);
      expect(reply.json.error.details.operation).to.equal(250);
      const diagnostics = reply.json.error.details.diagnostics as Array<{ path: string; nodeId?: string }>;
      expect(diagnostics.length).to.be.greaterThan(0);
      expect(diagnostics.every((d) => d.path.startsWith("/operations/250/flow_json/")), JSON.stringify(diagnostics)).to.equal(true);
      expect(diagnostics.some((d) => typeof d.nodeId === "string")).to.equal(true);
      expect(await ruleCount()).to.equal(0);
      // The refused call leaves its one `invalid` record (as every refused mutation does), no rule's.
      const added = (await auditEvents(f)).slice(auditBefore);
      expect(added.map((e) => `${e.action}:${e.outcome}`)).to.deep.equal(["rule.batch:invalid"]);
    });

    it("issue 19: an update operation with no field is refused as PUT refuses it: 400 naming the operation, nothing stored, no rule's audit record", async () => {
      const created = await batch([create("Boiler")]);
      expect(created.status, created.text).to.equal(200);
      const id = created.json.data.results[0].id as number;
      const stored = JSON.stringify(await f.store.rules.get(id));
      const auditBefore = (await auditEvents(f)).length;
      const reply = await batch([create("Pump"), { op: "update", id }]);
      expect(reply.status, reply.text).to.equal(400);
      expect(reply.json.error.code).to.equal("invalid-input");
      expect(reply.json.error.message).to.match(new RegExp(`^operation 1 \\(update of rule ${id}\\): nothing to update`));
      expect(reply.json.error.details.operation).to.equal(1);
      expect(reply.json.error.details.diagnostics[0]).to.include({ code: "rule/nothing-to-update", path: "/operations/1" });
      expect(await ruleCount()).to.equal(1);
      expect(JSON.stringify(await f.store.rules.get(id))).to.equal(stored);
      const added = (await auditEvents(f)).slice(auditBefore);
      expect(added.map((e) => `${e.action}:${e.outcome}`)).to.deep.equal(["rule.batch:invalid"]);
    });

    it("issue 19.1: a duplicate name at operation 250 (the name of operation 10) stores nothing: 409 naming the operation", async () => {
      const operations: unknown[] = creates(500);
      operations[250] = create("rule 10");
      const reply = await batch(operations);
      expect(reply.status, reply.text).to.equal(409);
      expect(reply.json.error.code).to.equal("duplicate-name");
      expect(reply.json.error.message).to.match(/^operation 250 \(create "rule 10"\): /);
      expect(reply.json.error.details).to.deep.include({ operation: 250 });
      expect(reply.json.error.details.diagnostics[0].path).to.equal("/operations/250/name");
      expect(await ruleCount()).to.equal(0);
      expect((await auditEvents(f)).filter((e) => e.action !== "rule.batch")).to.deep.equal([]);
    });

    it("issue 19.1: a batch of 500 creates stores every rule with the flow PUT would store, one rule.create record each, and answers their ids", async () => {
      const reply = await batch(creates(500));
      expect(reply.status, reply.text).to.equal(200);
      const results = reply.json.data.results as Array<{ op: string; id: number; warnings: unknown[] }>;
      expect(results).to.have.length(500);
      expect(results.every((r) => r.op === "create" && r.warnings.length === 0)).to.equal(true);
      expect(reply.json.data.reload).to.include({ enabled: 0 });
      expect(await ruleCount()).to.equal(500);
      const events = await auditEvents(f);
      expect(events.map((e) => `${e.action}:${e.outcome}:${e.resource.id}`)).to.deep.equal(results.map((r) => `rule.create:allowed:${r.id}`));
      expect(events.every((e) => e.subject.id === "alice" && e.confirmation === "confirmed")).to.equal(true);
      const compiled = compileFlow(VALVE_RULE.flow_json);
      if (!compiled.ok) throw new Error("fixture flow must compile");
      const stored = (await f.request("GET", `/api/rules/${results[499]!.id}`, { token: engineer })).json.data;
      expect(stored).to.deep.include({ name: "rule 499", enabled: false, trigger_config: VALVE_RULE.trigger_config });
      expect(stored.flow_json).to.deep.equal(compiled.flow_json);
      expect(stored.nodes_json).to.deep.equal(compiled.nodes_json);
    });

    it("issue 19.1: every operation kind, in order, each audited with its single route's action before it; the scheduler runs what was enabled", async () => {
      const ids = (await batch([create("a"), create("b"), create("c")])).json.data.results.map((r: { id: number }) => r.id) as number[];
      const before = (await auditEvents(f)).length;
      const selfTrigger = flowOf("input stage = action(7, 2)\nwrite action(7, 2) = stage + 1");
      const watch = { type: "on_change", point_refs: [{ instance: 7, point_type: "action", point: 2 }] };
      const reply = await batch([
        { op: "update", id: ids[0], name: "a renamed", priority: 3, flow_json: selfTrigger.flow_json, trigger_config: watch },
        { op: "enable", id: ids[1] },
        { op: "delete", id: ids[2] },
        create("d", { enabled: true }),
        { op: "disable", id: ids[1] },
      ]);
      expect(reply.status, reply.text).to.equal(200);
      const results = reply.json.data.results as Array<{ op: string; id: number; warnings: Array<{ code: string; path: string }> }>;
      expect(results.map((r) => r.op)).to.deep.equal(["update", "enable", "delete", "create", "disable"]);
      expect(results[0]!.warnings.map((w) => w.code)).to.deep.equal(["rule/self-trigger"]);
      expect(results[0]!.warnings[0]!.path).to.match(/^\/flow_json\/nodes\//);
      const d = results[3]!.id;
      const added = (await auditEvents(f)).slice(before).map((e) => `${e.action}:${e.resource.id}:${e.risk}`);
      expect(added).to.deep.equal([`rule.update:${ids[0]}:medium`, `rule.enable:${ids[1]}:high`, `rule.delete:${ids[2]}:high`, `rule.create:${d}:low`, `rule.enable:${d}:high`, `rule.disable:${ids[1]}:medium`]);
      expect(await f.store.rules.get(ids[0]!)).to.deep.include({ name: "a renamed", priority: 3, trigger_config: watch });
      expect((await f.store.rules.get(ids[1]!))!.enabled).to.equal(false);
      expect(await f.store.rules.get(ids[2]!)).to.equal(undefined);
      expect((await f.store.rules.get(d))!.enabled).to.equal(true);
      expect(reply.json.data.reload).to.include({ enabled: 1 });
      expect(f.engine.runtime.status().enabledRules).to.equal(1);
    });

    it("issue 19.1: an unknown id (404), an update's invalid flow or trigger (400, every refused operation listed) stores nothing and names the operation", async () => {
      const [id] = (await batch([create("kept")])).json.data.results.map((r: { id: number }) => r.id) as number[];
      const stored = JSON.stringify(await f.store.rules.get(id!));
      const unknown = await batch([{ op: "update", id, name: "changed" }, { op: "delete", id: 999 }]);
      expect(unknown.status, unknown.text).to.equal(404);
      expect(unknown.json.error.code).to.equal("not-found");
      expect(unknown.json.error.message).to.equal("operation 1 (delete of rule 999): rule 999 does not exist; nothing was stored");
      expect(unknown.json.error.details.diagnostics[0].path).to.equal("/operations/1/id");
      const flows = await batch([
        { op: "update", id, name: "changed", flow_json: brokenFlow() },
        create("new"),
        { op: "update", id, trigger_config: { type: "on_change", point_refs: [{ instance: 99, point_type: "measurement", point: 1 }] } },
      ]);
      expect(flows.status, flows.text).to.equal(400);
      expect(flows.json.error.details.operation).to.equal(0);
      expect(flows.json.error.message).to.contain("(and 1 more operation: 2)");
      const paths = (flows.json.error.details.diagnostics as Array<{ path: string }>).map((d) => d.path);
      expect(paths.some((p) => p.startsWith("/operations/0/flow_json/"))).to.equal(true);
      expect(paths.some((p) => p.startsWith("/operations/2/trigger_config/point_refs/0"))).to.equal(true);
      expect(JSON.stringify(await f.store.rules.get(id!))).to.equal(stored);
      expect(await ruleCount()).to.equal(1);
    });

    it("issue 19.1: authentication, authorisation and confirmation come before the body is read or checked; nothing changes", async () => {
      // Not JSON at all: the caller is refused first, so the body is never parsed.
      const raw = (token?: string) => f.request("POST", "/api/rules/batch", { ...(token ? { token } : {}), body: "{not json", headers: { "content-type": "application/json" } });
      const anonymous = await raw();
      expect(anonymous.status, anonymous.text).to.equal(401);
      expect(anonymous.json.error.code).to.equal("unauthenticated");
      const viewer = await f.token("Viewer", { sub: "victor" });
      const denied = await raw(viewer);
      expect(denied.status).to.equal(403);
      expect(denied.json.error.code).to.equal("permission-denied");
      const unconfirmed = await f.request("POST", "/api/rules/batch", { token: engineer, body: { operations: creates(3) } });
      expect(unconfirmed.status).to.equal(400);
      expect(unconfirmed.json.error.code).to.equal("confirmation-required");
      const notTrue = await f.request("POST", "/api/rules/batch", { token: engineer, body: { confirmed: "true", operations: creates(3) } });
      expect(notTrue.json.error.code).to.equal("confirmation-required");
      expect(await ruleCount()).to.equal(0);
      expect((await auditEvents(f)).map((e) => `${e.action}:${e.outcome}:${e.subject.id}`)).to.deep.equal(["rule.batch:denied:victor", "rule.batch:invalid:alice", "rule.batch:invalid:alice"]);
    });

    it("issue 19.1: the limits: more than 5000 operations, a body over the batch limit, an empty list, an unknown op or field are refused with what and where", async () => {
      const tooMany = await batch(Array.from({ length: 5001 }, () => ({ op: "delete", id: 1 })));
      expect(tooMany.status).to.equal(400);
      expect(tooMany.json.error.message).to.equal("a batch holds at most 5000 operations, not 5001; nothing was stored");
      expect(tooMany.json.error.details.diagnostics[0]).to.include({ code: "batch/too-many-operations", path: "/operations" });
      const empty = await batch([]);
      expect(empty.status).to.equal(400);
      expect(empty.json.error.details.diagnostics[0].path).to.equal("/operations");
      const wrong = await batch([create("a"), { op: "rename", id: 1 }, { op: "delete", id: 1, name: "x" }]);
      expect(wrong.status).to.equal(400);
      const paths = (wrong.json.error.details.diagnostics as Array<{ path: string }>).map((d) => d.path);
      expect(paths.some((p) => p.startsWith("/operations/1"))).to.equal(true);
      expect(paths.some((p) => p.startsWith("/operations/2"))).to.equal(true);
      expect(paths.some((p) => p.startsWith("/operations/0"))).to.equal(false);
      expect(await ruleCount()).to.equal(0);
    });
  });
}

describe("POST /api/rules/batch body limit (issue 19.1)", () => {
  it("issue 19.1: the batch has its own body limit (SVC_BATCH_BODY_LIMIT_BYTES), not the 1 MiB of a single request: over it is 413, nothing stored", async () => {
    const f = await startHttpFixture({ bodyLimitBytes: 1024, batchBodyLimitBytes: 64 * 1024 });
    try {
      const engineer = await f.token("Engineer");
      const body = (count: number) => ({ confirmed: true, operations: creates(count) });
      expect(JSON.stringify(body(2)).length).to.be.greaterThan(1024);
      const fits = await f.request("POST", "/api/rules/batch", { token: engineer, body: body(2) });
      expect(fits.status, fits.text).to.equal(200);
      const over = await f.request("POST", "/api/rules/batch", { token: engineer, body: body(100) });
      expect(over.status).to.equal(413);
      expect(over.json.error).to.include({ code: "payload-too-large", message: "the request body exceeds 65536 bytes" });
      expect((await f.store.rules.list({ offset: 0, limit: 1 })).total).to.equal(2);
    } finally {
      await f.close();
    }
  });
});
