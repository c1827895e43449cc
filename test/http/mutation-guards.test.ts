// Authentication, authorisation, confirmation, body checks and the audit guarantees of the rule
// API (rules-service.md "Authentication" and "Errors", ARCHITECTURE.md "HTTP decisions").
import { expect } from "chai";
import { SignJWT } from "jose";
import { databaseBackends } from "../store/backends.js";
import { SECRET, startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { RULE_MUTATIONS, VALVE_RULE } from "./rule-flows.js";
import { failingAuditStore, recordingStore } from "./store-spies.js";

const CONFIRMED = { confirmed: true };


const READS = (id: number) => ["/api/rules", `/api/rules/${id}`, `/api/rules/${id}/variables`, `/api/rules/${id}/history`, `/api/rules/${id}/decisions`, "/api/scheduler/status"];

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("rule API guards over HTTP", () => {
  let f: HttpFixture;
  let engineer: string;
  let id: number;
  beforeEach(async () => {
    f = await startHttpFixture();
    engineer = await f.token("Engineer", { sub: "alice" });
    id = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "r", confirmed: true } })).json.data.id;
    await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
  });
  afterEach(() => f.close());

  const expectError = (reply: Awaited<ReturnType<HttpFixture["request"]>>, status: number, code: string) => {
    expect(reply.status, reply.text).to.equal(status);
    expect(reply.json.success).to.equal(false);
    expect(reply.json.error.code).to.equal(code);
    expect(reply.json.error.correlationId).to.equal(reply.headers.get("x-correlation-id"));
    expect(reply.text).to.not.match(/\n\s+at /);
  };

  it("spec authentication 1: a mutation without a token is 401, and so is every read", async () => {
    for (const [method, path, body] of RULE_MUTATIONS(id)) expectError(await f.request(method, path, { body }), 401, "unauthenticated");
    expect((await f.request("GET", "/api/rules")).headers.get("www-authenticate")).to.match(/^Bearer/);
    for (const path of READS(id)) expectError(await f.request("GET", path), 401, "unauthenticated");
    expectError(await f.request("POST", "/api/scheduler/reload"), 401, "unauthenticated");
    expectError(await f.request("GET", "/api/rules", { headers: { authorization: `Basic ${engineer}` } }), 401, "unauthenticated");
  });

  it("spec errors: an expired token is 401 (after the small clock tolerance)", async () => {
    const short = await f.token("Engineer", { ttlSeconds: 60 });
    expect((await f.request("GET", "/api/rules", { token: short })).status).to.equal(200);
    f.time.jump(66_000);
    expectError(await f.request("GET", "/api/rules", { token: short }), 401, "unauthenticated");
  });

  it("spec errors: a token signed with an algorithm outside the allow-list, or with alg none, is 401", async () => {
    const now = Math.floor(f.time.now() / 1000);
    const hs512 = await new SignJWT({ role: "Engineer" }).setProtectedHeader({ alg: "HS512" }).setSubject("mallory").setIssuedAt(now).setExpirationTime(now + 600).sign(SECRET);
    expectError(await f.request("POST", `/api/rules/${id}/enable`, { token: hs512, body: CONFIRMED }), 401, "unauthenticated");
    const none = `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ sub: "mallory", role: "Admin", exp: now + 600 })}.`;
    expectError(await f.request("POST", `/api/rules/${id}/enable`, { token: none, body: CONFIRMED }), 401, "unauthenticated");
    const tampered = `${engineer.split(".")[0]}.${base64url({ sub: "alice", role: "Admin", exp: now + 600 })}.${engineer.split(".")[2]}`;
    expectError(await f.request("GET", "/api/rules", { token: tampered }), 401, "unauthenticated");
    expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.enabled).to.equal(false);
  });

  it("spec errors: a Viewer may read but every mutation is 403, recorded in the audit log as denied", async () => {
    const viewer = await f.token("Viewer", { sub: "victor" });
    for (const path of READS(id)) expect((await f.request("GET", path, { token: viewer })).status, path).to.equal(200);
    for (const [method, path, body] of RULE_MUTATIONS(id)) expectError(await f.request(method, path, { token: viewer, body }), 403, "permission-denied");
    expectError(await f.request("POST", "/api/scheduler/reload", { token: viewer }), 403, "permission-denied");
    const denied = (await f.store.audit.list({ tenantId: "default", projectId: "default", subjectId: "victor", limit: 50 })).items;
    expect(denied.map((e) => e.action)).to.deep.equal(["rule.create", "rule.update", "rule.delete", "rule.enable", "rule.disable", "rule.execute", "scheduler.reload"]);
    expect(denied.every((e) => e.outcome === "denied" && e.subject.role === "Viewer")).to.equal(true);
    expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.name).to.equal("r");
  });

  it("spec authentication 2: a mutation without confirmed: true is refused (400 confirmation-required) and changes nothing", async () => {
    const before = (await f.request("GET", `/api/rules/${id}`, { token: engineer })).text;
    for (const [method, path, body] of RULE_MUTATIONS(id)) {
      const { confirmed: _c, ...unconfirmed } = body as Record<string, unknown>;
      for (const variant of [unconfirmed, { ...unconfirmed, confirmed: false }, { ...unconfirmed, confirmed: "true" }]) {
        expectError(await f.request(method, path, { token: engineer, body: variant }), 400, "confirmation-required");
      }
    }
    expectError(await f.request("POST", `/api/rules/${id}/enable`, { token: engineer }), 400, "confirmation-required");
    expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).text).to.equal(before);
    expect((await f.request("GET", "/api/rules", { token: engineer })).json.data.total).to.equal(1);
  });

  it("issue 19: a body declared in a charset other than UTF-8 is 415 and changes nothing; utf-8 in any spelling is read", async () => {
    const body = '{"confirmed":true,"name":"café","description":""}';
    for (const type of ["application/json; charset=iso-8859-1", "application/json;charset=UTF-16LE", 'application/json; charset="latin1"']) {
      const refused = await f.request("POST", "/api/rules", { token: engineer, body, headers: { "content-type": type } });
      expectError(refused, 415, "unsupported-media-type");
      expect(refused.json.error.message).to.match(/UTF-8 JSON, not charset=/);
    }
    expect((await f.request("GET", "/api/rules", { token: engineer })).json.data.total).to.equal(1);
    for (const [i, type] of ["application/json; charset=utf-8", 'application/json; charset="UTF-8"', "application/json; charset=utf8"].entries()) {
      const created = await f.request("POST", "/api/rules", { token: engineer, body: body.replace("café", `café ${i}`), headers: { "content-type": type } });
      expect(created.status, type).to.equal(201);
      expect(created.json.data.name).to.equal(`café ${i}`);
    }
  });

  it("bodies: JSON only (415 otherwise), no duplicate keys, syntax errors with line and column, 1 MiB limit (413)", async () => {
    const enable = `/api/rules/${id}/enable`;
    expectError(await f.request("POST", enable, { token: engineer, body: "confirmed=true", headers: { "content-type": "application/x-www-form-urlencoded" } }), 415, "unsupported-media-type");
    expectError(await f.request("POST", enable, { token: engineer, body: '{"confirmed":true}', headers: { "content-type": "text/plain" } }), 415, "unsupported-media-type");
    expectError(await f.request("POST", enable, { token: engineer, body: '{"confirmed":true}', headers: { "content-encoding": "gzip" } }), 415, "unsupported-media-type");
    const duplicate = await f.request("POST", enable, { token: engineer, body: '{"confirmed":false,"confirmed":true}' });
    expectError(duplicate, 400, "invalid-input");
    expect(duplicate.json.error.details.diagnostics[0]).to.include({ code: "json/duplicate-key", path: "/confirmed" });
    const syntax = await f.request("POST", enable, { token: engineer, body: '{\n  "confirmed": tru\n}' });
    expectError(syntax, 400, "invalid-input");
    expect(syntax.json.error.details.diagnostics[0].span.start).to.include({ line: 2 });
    const huge = { name: "x".repeat(1024 * 1024), confirmed: true };
    expectError(await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: huge }), 413, "payload-too-large");
    expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.enabled).to.equal(false);
  });

  it("unknown routes are 404 and a wrong method is 405, both in the error envelope", async () => {
    expectError(await f.request("GET", "/api/nothing", { token: engineer }), 404, "not-found");
    const wrong = await f.request("PATCH", `/api/rules/${id}`, { token: engineer, body: CONFIRMED });
    expectError(wrong, 405, "method-not-allowed");
    expect(wrong.headers.get("allow")).to.contain("PUT");
  });

  it("the caller's x-correlation-id is echoed when it is a plain token, replaced otherwise", async () => {
    const given = await f.request("GET", "/api/rules/999", { token: engineer, headers: { "x-correlation-id": "req-42" } });
    expect(given.headers.get("x-correlation-id")).to.equal("req-42");
    expect(given.json.error.correlationId).to.equal("req-42");
    const odd = await f.request("GET", "/api/rules", { token: engineer, headers: { "x-correlation-id": "<script>" } });
    expect(odd.headers.get("x-correlation-id")).to.match(/^[0-9a-f-]{36}$/);
  });
});

for (const [name, backend] of databaseBackends()) {
  describe(`audit guarantees of rule mutations on ${name}`, () => {
    let count = 0;
    after(() => backend.cleanup());

    it("spec authentication 3: the audit record is written in the change's transaction, before the store changes", async () => {
      const log: string[] = [];
      const f = await startHttpFixture({ store: await backend.open(`order${++count}`), wrapStore: (s) => recordingStore(s, log) });
      try {
        const token = await f.token("Engineer");
        const id = (await f.request("POST", "/api/rules", { token, body: { name: "r", confirmed: true } })).json.data.id;
        await f.request("PUT", `/api/rules/${id}`, { token, body: { ...VALVE_RULE, confirmed: true } });
        await f.request("POST", `/api/rules/${id}/enable`, { token, body: CONFIRMED });
        await f.request("DELETE", `/api/rules/${id}`, { token, body: CONFIRMED });
        expect(log).to.deep.equal([
          "audit.append rule.create", "rules.create",
          "audit.append rule.update", "rules.update",
          "audit.append rule.enable", "rules.setEnabled",
          "audit.append rule.delete", "rules.remove",
        ]);
      } finally {
        await f.close();
      }
    });

    it("fail closed: when the audit record cannot be written the mutation fails (500, no detail) and nothing changes", async () => {
      const failing = { on: false };
      const f = await startHttpFixture({ store: await backend.open(`closed${++count}`), wrapStore: (s) => failingAuditStore(s, failing) });
      try {
        const token = await f.token("Engineer");
        const id = (await f.request("POST", "/api/rules", { token, body: { name: "r", confirmed: true } })).json.data.id;
        const before = (await f.request("GET", `/api/rules/${id}`, { token })).text;
        failing.on = true;
        for (const [method, path, body] of RULE_MUTATIONS(id)) {
          const reply = await f.request(method, path, { token, body });
          expect(reply.status, `${method} ${path}`).to.equal(500);
          expect(reply.json.error.code).to.equal("internal");
          expect(reply.text).to.not.contain("disk full");
        }
        failing.on = false;
        expect((await f.request("GET", `/api/rules/${id}`, { token })).text).to.equal(before);
        expect((await f.request("GET", "/api/rules", { token })).json.data.total).to.equal(1);
        expect((await f.request("GET", `/api/rules/${id}/history`, { token })).json.data.items).to.deep.equal([]);
        expect(f.internalErrors.length).to.equal(RULE_MUTATIONS(id).length);
      } finally {
        await f.close();
      }
    });
  });
}

