// Every client input gets a 4xx in the usual envelope, on both stores, never a 500; the checks run
// in the order authenticate, authorise, then the input; a mutation refused after authentication
// is audited (issue 16 items 4, 5 and part of 25).
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect } from "chai";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import type { Store } from "../../runtime/store/store.js";
import { databaseBackends } from "../store/backends.js";
import { demoPack, loadForecast, processingDeps } from "./data-processing-fixture.js";
import { startHttpFixture, type HttpFixture, type Reply } from "./http-fixture.js";
import { RULE_MUTATIONS, VALVE_RULE } from "./rule-flows.js";

const CONFIRMED = { confirmed: true };
const PROCESS = "/api/v1/data-processing/process";
const DEEP_OPEN = "[".repeat(100_000);
const DEEP_CLOSED = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

/** Every mutation route, with a body that would be accepted. */
const MUTATIONS = (id: number): [string, string, unknown][] => [
  ...RULE_MUTATIONS(id),
  ["POST", "/api/scheduler/reload", CONFIRMED],
  ["POST", PROCESS, loadForecast()],
];

async function auditOf(store: Store, correlationId: string): Promise<AuditEvent[]> {
  const page = await store.audit.list({ tenantId: "default", projectId: "default", limit: 500 });
  return page.items.filter((e) => e.correlationId === correlationId);
}

/** A request over node:http: fetch refuses some methods (TRACE) and re-encodes some bytes. */
function raw(url: string, method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers: options.headers ?? {}, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), text, json });
      });
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.end(options.body);
  });
}

function expectError(reply: Reply, status: number, code: string, envelope: "api" | "v1" = "api"): void {
  expect(reply.status, reply.text.slice(0, 400)).to.equal(status);
  expect(reply.headers.get("content-type")).to.match(/^application\/json/);
  if (envelope === "api") expect(reply.json.success).to.equal(false);
  expect(reply.json.error.code).to.equal(code);
  expect(reply.json.error.correlationId).to.equal(reply.headers.get("x-correlation-id"));
}

for (const [name, backend] of databaseBackends()) {
  describe(`client input on ${name} (issue 16 items 4, 5, 25)`, function () {
    this.timeout(20_000);
    let count = 0;
    let f: HttpFixture;
    let engineer: string;
    let id: number;
    beforeEach(async () => {
      f = await startHttpFixture({ store: await backend.open(`input${++count}`), processing: processingDeps({ pack: demoPack(), endpoint: () => "http://127.0.0.1:9" }) });
      engineer = await f.token("Engineer", { sub: "alice" });
      id = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "r", confirmed: true } })).json.data.id;
      await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
    });
    afterEach(() => f.close());
    after(() => backend.cleanup());
    /** A test that also fails when the service answered any 500. */
    const it = (title: string, fn: () => Promise<void>) =>
      globalThis.it(title, async () => {
        await fn();
        expect(f.internalErrors.map(String), "500s").to.deep.equal([]);
      });

    it("issue 16.4: JSON nested 100,000 deep (open or closed) is a 400 that names the depth limit and where, on every body route", async () => {
      for (const text of [DEEP_OPEN, DEEP_CLOSED, `{"confirmed": true, "x": ${DEEP_OPEN}`]) {
        for (const [method, path] of MUTATIONS(id)) {
          const reply = await f.request(method, path, { token: engineer, body: text });
          expectError(reply, 400, "invalid-input", path === PROCESS ? "v1" : "api");
          expect(reply.json.error.message, path).to.include("64 levels");
          if (path !== PROCESS) {
            const [diagnostic] = reply.json.error.details.diagnostics;
            expect(diagnostic.code).to.equal("json/too-deep");
            expect(diagnostic.span.start.line).to.equal(1);
          }
        }
      }
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.name).to.equal("r");
    });

    it("issue 16.4: a Viewer's mutation is 403 whatever its body or query (not read), audited as denied with confirmation unknown", async () => {
      const viewer = await f.token("Viewer", { sub: "victor" });
      const bodies: [string, Record<string, string>][] = [
        [DEEP_OPEN, {}],
        ['{"confirmed": tru', {}],
        ['{"confirmed": true}', { "content-type": "text/plain" }],
      ];
      for (const [method, path] of MUTATIONS(id)) {
        for (const [body, headers] of bodies) {
          const reply = await f.request(method, `${path}?unknown=1`, { token: viewer, body, headers });
          expectError(reply, 403, "permission-denied", path === PROCESS ? "v1" : "api");
        }
      }
      const denied = (await f.store.audit.list({ tenantId: "default", projectId: "default", subjectId: "victor", limit: 500 })).items;
      expect(denied).to.have.length(MUTATIONS(id).length * bodies.length);
      expect(denied.every((e) => e.outcome === "denied" && e.confirmation === "unknown")).to.equal(true);
    });

    it("issue 16.4: rule ids from 2^31 to 2^53-1 are a 400 on every rule route (never a database error), ids within the range a 404", async () => {
      for (const big of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
        for (const path of [`/api/rules/${big}`, `/api/rules/${big}/variables`, `/api/rules/${big}/history`]) {
          const reply = await f.request("GET", path, { token: engineer });
          expectError(reply, 400, "invalid-input");
          expect(reply.json.error.message).to.include("2147483647");
        }
        for (const [method, path, body] of MUTATIONS(big).slice(1, 6)) expectError(await f.request(method, path, { token: engineer, body }), 400, "invalid-input");
      }
      expectError(await f.request("GET", `/api/rules/${2 ** 31 - 1}`, { token: engineer }), 404, "not-found");
      expectError(await f.request("DELETE", `/api/rules/${2 ** 31 - 1}`, { token: engineer, body: CONFIRMED }), 404, "not-found");
      expect((await f.request("GET", `/api/rules/${2 ** 31 - 1}/history`, { token: engineer })).json.data.items).to.deep.equal([]);
      // History ids are 64-bit: the whole safe range is accepted, one past it is not.
      expect((await f.request("GET", `/api/rules/${id}/history?after_id=${Number.MAX_SAFE_INTEGER}`, { token: engineer })).status).to.equal(200);
      expectError(await f.request("GET", `/api/rules/${id}/history?after_id=9007199254740992`, { token: engineer }), 400, "invalid-input");
      // The store itself never passes such an id to the database (the live socket's rule_id reaches it directly).
      expect(await f.store.rules.get(2 ** 31)).to.equal(undefined);
      expect(await f.store.history.list(2 ** 40, { limit: 5 })).to.deep.equal([]);
    });

    it("issue 16.4: NUL and lone surrogates in bodies, queries and token claims are refused (400, 401 naming the claim), never stored changed", async () => {
      const before = (await f.request("GET", `/api/rules/${id}`, { token: engineer })).text;
      const bodies: [string, string, string, string][] = [
        ["POST", "/api/rules", '{"name": "a\\u0000b", "confirmed": true}', "/name"],
        ["POST", "/api/rules", '{"name": "ok", "description": "x\\ud800y", "confirmed": true}', "/description"],
        ["PUT", `/api/rules/${id}`, '{"description": "\\udc00", "confirmed": true}', "/description"],
        ["PUT", `/api/rules/${id}`, '{"name": "n", "confirmed": true, "flow_json": {"nodes": [{"id": "\\u0000"}]}}', "/flow_json/nodes/0/id"],
      ];
      for (const [method, path, body, pointer] of bodies) {
        const reply = await f.request(method, path, { token: engineer, body });
        expectError(reply, 400, "invalid-input");
        expect(reply.json.error.details.diagnostics[0]).to.include({ code: "http/unstorable-string", path: pointer });
      }
      // Bytes that are not UTF-8 would be replaced by U+FFFD: a changed string.
      const latin1 = await raw(f.url, "POST", "/api/rules", { headers: { authorization: `Bearer ${engineer}`, "content-type": "application/json" }, body: Buffer.from('{"name": "caf\xe9", "confirmed": true}', "latin1") });
      expectError(latin1, 400, "invalid-input");
      const admin = await f.token("Admin");
      for (const query of ["subjectId=%00", "resourceId=a%00b", "action=%ED%A0%80", "subjectId=%FF", "subjectId=%E0%A4"]) {
        expectError(await f.request("GET", `/api/v1/audit/events?${query}`, { token: admin }), 400, "invalid-input", "v1");
      }
      for (const claims of [{ sub: "a\u0000b" }, { sub: "x\ud800" }, { sub: "ok", tenant: "\udfff" }, { sub: "ok", project: "p\u0000" }]) {
        const token = await f.token("Engineer", claims);
        const claim = Object.entries(claims).find(([, v]) => /[\u0000\ud800-\udfff]/.test(v))![0];
        for (const [method, path, body] of [...MUTATIONS(id), ["GET", "/api/rules", undefined] as [string, string, unknown]]) {
          const reply = await f.request(method, path, { token, body });
          expectError(reply, 401, "unauthenticated", path === PROCESS ? "v1" : "api");
          expect(reply.json.error.message).to.include(`${claim} claim`);
        }
      }
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).text).to.equal(before);
      expect((await f.request("GET", "/api/rules", { token: engineer })).json.data.total).to.equal(1);
    });

    it("issue 17: a flow holding {\"valueOf\": 0} where items must be unique is a 400 from PUT and valid:false from validate, not a 500", async () => {
      const before = (await f.request("GET", `/api/rules/${id}`, { token: engineer })).text;
      const flow_json: unknown = JSON.parse(`{"nodes": [{"id": "s", "type": "start", "position": {"x": 0, "y": 0}, "data": {"config": {"wires": {"default": [{}, {"valueOf": 0}]}}}}], "edges": []}`);
      const put = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { flow_json, confirmed: true } });
      expect(put.status, put.text).to.equal(400);
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).text).to.equal(before);
      const validate = await f.request("POST", "/api/rules/validate", { token: engineer, body: { flow_json } });
      expect(validate.status, validate.text).to.equal(200);
      expect(validate.json.data.valid).to.equal(false);
    });

    it("issue 17.4: GET, PUT and DELETE of /api/rules/validate are a 405 with Allow: POST, not a malformed rule id", async () => {
      const headers = { authorization: `Bearer ${engineer}`, "content-type": "application/json" };
      for (const method of ["GET", "PUT", "DELETE"]) {
        const reply = await raw(f.url, method, "/api/rules/validate", { headers });
        expectError(reply, 405, "method-not-allowed");
        expect(reply.headers.get("allow"), method).to.equal("POST");
      }
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).status, "a rule id still reads").to.equal(200);
    });

    it("issue 16.5: unknown methods (TRACE, PROPFIND, LINK, PURGE ...) answer the JSON 405 with Allow where the path exists, 404 where it does not", async () => {
      const headers = { authorization: `Bearer ${engineer}` };
      for (const method of ["TRACE", "PROPFIND", "LINK", "UNLINK", "PURGE", "MKCOL", "PATCH"]) {
        const known = await raw(f.url, method, `/api/rules/${id}`, { headers });
        expectError(known, 405, "method-not-allowed");
        expect(known.headers.get("allow")).to.include("GET").and.include("PUT").and.include("DELETE");
        const v1 = await raw(f.url, method, "/api/v1/audit/events", { headers });
        expectError(v1, 405, "method-not-allowed", "v1");
        expect(v1.headers.get("allow")).to.include("GET");
        const unknown = await raw(f.url, method, "/api/nothing", { headers });
        expectError(unknown, 404, "not-found");
        expect(unknown.headers.get("allow")).to.equal(null);
      }
    });

    it("issue 16.5: unknown, repeated or undecodable query parameters are a 400 on every route, mutations included, and change nothing", async () => {
      const before = (await f.request("GET", `/api/rules/${id}`, { token: engineer })).text;
      for (const [method, path, body] of MUTATIONS(id)) {
        for (const query of ["dry_run=1", "confirmed=true&confirmed=true", "x=%FF"]) {
          const reply = await f.request(method, `${path}?${query}`, { token: engineer, body });
          expectError(reply, 400, "invalid-input", path === PROCESS ? "v1" : "api");
        }
      }
      for (const path of [`/api/rules/${id}`, `/api/rules/${id}/variables`, "/api/scheduler/status", "/api/rules?page=1&page=2", `/api/rules/${id}/history?limit=5&limit=6`, "/api/rules?page=%FF"]) {
        expectError(await f.request("GET", path.includes("?") ? path : `${path}?verbose=1`, { token: engineer }), 400, "invalid-input");
      }
      expectError(await f.request("GET", "/health?verbose=1"), 400, "invalid-input", "v1");
      expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).text).to.equal(before);
      expect((await f.request("GET", "/api/rules", { token: engineer })).json.data.total).to.equal(1);
    });

    it("issue 16.25: a mutation refused after authentication for its body, query, confirmation or by the change leaves one audit event (outcome invalid)", async () => {
      const cases: [string, string, string | unknown, string, string, string | null][] = [
        ["PUT", `/api/rules/${id}`, { name: 5, confirmed: true }, "rule.update", "confirmed", String(id)],
        ["PUT", `/api/rules/${id}`, '{"name": ', "rule.update", "unknown", String(id)],
        ["POST", `/api/rules/${id}/enable`, {}, "rule.enable", "missing", String(id)],
        ["POST", "/api/rules?x=1", { name: "q", confirmed: true }, "rule.create", "unknown", null],
        ["POST", "/api/rules/abc/enable", CONFIRMED, "rule.enable", "unknown", null],
        ["POST", "/api/scheduler/reload", { force: true }, "scheduler.reload", "not-required", null],
        ["POST", PROCESS, '{"task_id": ', "data_processing.process", "unknown", null],
        ["POST", PROCESS, { ...loadForecast(), frame: {} }, "data_processing.process", "not-required", "site-load-forecast"],
        // Refused by the change itself: its allowed event rolled back with it, the refusal stays.
        ["PUT", "/api/rules/999", { name: "z", confirmed: true }, "rule.update", "confirmed", "999"],
        ["DELETE", "/api/rules/999", CONFIRMED, "rule.delete", "confirmed", "999"],
        ["POST", "/api/rules/999/execute", CONFIRMED, "rule.execute", "confirmed", "999"],
      ];
      let n = 0;
      for (const [method, path, body, action, confirmation, resourceId] of cases) {
        const correlationId = `refused-${++n}`;
        const reply = await f.request(method, path, { token: engineer, body, headers: { "x-correlation-id": correlationId } });
        expect(reply.status, `${method} ${path}`).to.be.oneOf([400, 404]);
        const events = await auditOf(f.store, correlationId);
        expect(events.map((e) => [e.action, e.outcome, e.confirmation, e.resource.id, e.subject.id]), `${method} ${path}`).to.deep.equal([[action, "invalid", confirmation, resourceId, "alice"]]);
      }
    });

    it("issue 16.4: a body cut off by the client (the connection closed mid-body) is the client's mistake: audited as invalid, never an internal error", async () => {
      const { port } = new URL(f.url);
      const socket = connect(Number(port), "127.0.0.1");
      socket.on("error", () => undefined);
      await new Promise<void>((resolve) => socket.on("connect", resolve));
      socket.write(`POST /api/rules HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${engineer}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nx-correlation-id: cut-off\r\n\r\n{"name":`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      let events: AuditEvent[] = [];
      for (let i = 0; i < 40 && events.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        events = await auditOf(f.store, "cut-off");
      }
      expect(events.map((e) => [e.action, e.outcome])).to.deep.equal([["rule.create", "invalid"]]);
      expect(f.internalErrors).to.deep.equal([]);
    });
  });
}
