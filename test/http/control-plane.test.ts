// The control-plane routes of control-plane.md over real HTTP: public metadata without I/O, and
// the audit query routes with the configured bearer, tenant scope, filters, cursor and the SSE
// snapshot.
import { expect } from "chai";
import type { AuditEventInput } from "../../runtime/audit/audit-event.js";
import type { Store } from "../../runtime/store/store.js";
import { databaseBackends } from "../store/backends.js";
import { BEARER_ENV, VERSION, startHttpFixture, type HttpFixture, type Reply } from "./http-fixture.js";

const BEARER = BEARER_ENV.SVC_CLOUD_API_BEARER_TOKEN;

function event(n: number, overrides: Partial<AuditEventInput> = {}): AuditEventInput {
  return {
    occurredAt: new Date(Date.UTC(2026, 10, 21, 8, 0, n)).toISOString(),
    tenantId: "default",
    projectId: "default",
    subject: { id: n % 2 === 0 ? "alice" : "bob", role: "Engineer" },
    action: n % 3 === 0 ? "rule.delete" : "rule.update",
    resource: { kind: "rule", id: String(n % 4) },
    outcome: "allowed",
    risk: "medium",
    confirmation: "confirmed",
    correlationId: `c${n}`,
    ...overrides,
  };
}

function expectV1Error(reply: Reply, status: number, code: string): void {
  expect(reply.status, reply.text).to.equal(status);
  expect(Object.keys(reply.json)).to.deep.equal(["error"]);
  expect(Object.keys(reply.json.error).sort()).to.deep.equal(["code", "correlationId", "message"]);
  expect(reply.json.error.code).to.equal(code);
  expect(reply.json.error.correlationId).to.equal(reply.headers.get("x-correlation-id"));
}

/** A store whose every read or write throws: proves a route does no store I/O. */
function exploding(store: Store): Store {
  const part = (name: string) =>
    new Proxy({}, { get: (_target, method) => () => Promise.reject(new Error(`the route called store.${name}.${String(method)}`)) });
  return { ...store, rules: part("rules"), history: part("history"), points: part("points"), audit: part("audit") } as Store;
}

describe("control-plane public routes over HTTP", () => {
  let f: HttpFixture;
  beforeEach(async () => (f = await startHttpFixture()));
  afterEach(() => f.close());

  it("spec GET /health: 200 {status ok, service, version}, public", async () => {
    const reply = await f.request("GET", "/health");
    expect(reply.status).to.equal(200);
    expect(reply.json).to.deep.equal({ status: "ok", service: "svc", version: VERSION });
  });

  it("spec GET /api/v1/platform: the metadata fields, public, without tenant data", async () => {
    const reply = await f.request("GET", "/api/v1/platform");
    expect(reply.status).to.equal(200);
    expect(Object.keys(reply.json).sort()).to.deep.equal(["authority", "multiCloud", "name", "role"]);
    expect(Object.keys(reply.json.authority).sort()).to.deep.equal(["actualInfrastructure", "desiredRevision", "livePointState", "physicalControl", "placementPolicy", "tenantIdentity"]);
    expect(reply.json.multiCloud.executionEngines).to.be.an("array");
    expect(reply.text).to.not.contain("default");
  });
});

describe("control-plane routes do no I/O", () => {
  it("spec: /health and /api/v1/platform answer from a store that throws on any use", async () => {
    const f = await startHttpFixture({ wrapAppStore: exploding });
    try {
      expect((await f.request("GET", "/health")).status).to.equal(200);
      expect((await f.request("GET", "/api/v1/platform")).status).to.equal(200);
    } finally {
      await f.close();
    }
  });
});

for (const [name, backend] of databaseBackends()) {
  describe(`control-plane audit routes over HTTP on ${name}`, () => {
    let f: HttpFixture;
    let count = 0;
    beforeEach(async () => {
      f = await startHttpFixture({ store: await backend.open(`cp${++count}`) });
    });
    afterEach(() => f.close());
    after(() => backend.cleanup());

    const seed = async (n: number, overrides: Partial<AuditEventInput> = {}) => {
      for (let i = 1; i <= n; i++) await f.store.audit.append(event(i, overrides));
    };
    const get = (path: string, token = BEARER, headers: Record<string, string> = {}) => f.request("GET", path, { token, headers });

    it("spec authentication 2-3: the configured bearer reads a page {items, nextCursor}; x-correlation-id on every response", async () => {
      await seed(3);
      const reply = await get("/api/v1/audit/events");
      expect(reply.status, reply.text).to.equal(200);
      expect(reply.json.items.map((e: { sequence: string }) => e.sequence)).to.deep.equal(["1", "2", "3"]);
      expect(reply.json.nextCursor).to.equal(null);
      expect(reply.headers.get("x-correlation-id")).to.be.a("string");
      expect(reply.json.items[0]).to.include.keys("subject", "action", "resource", "outcome", "risk", "confirmation", "correlationId", "evidenceDigest");
    });

    it("spec errors 401: no token, a wrong bearer (of any length), another scheme", async () => {
      expectV1Error(await f.request("GET", "/api/v1/audit/events"), 401, "unauthenticated");
      expectV1Error(await get("/api/v1/audit/events", "wrong"), 401, "unauthenticated");
      expectV1Error(await get("/api/v1/audit/events", `${BEARER}x`), 401, "unauthenticated");
      expectV1Error(await f.request("GET", "/api/v1/audit/events/stream", { headers: { authorization: `Basic ${BEARER}` } }), 401, "unauthenticated");
    });

    it("spec errors 403: a subject without audit.event.read (an Engineer JWT); an Admin JWT may read", async () => {
      await seed(1);
      expectV1Error(await get("/api/v1/audit/events", await f.token("Engineer")), 403, "permission-denied");
      expectV1Error(await get("/api/v1/audit/events/stream", await f.token("Viewer")), 403, "permission-denied");
      const admin = await get("/api/v1/audit/events", await f.token("Admin"));
      expect(admin.json.items).to.have.length(1);
    });

    it("spec search 1: scope is the identity's tenant and project; the request cannot name one", async () => {
      await seed(2);
      await f.store.audit.append(event(9, { tenantId: "other", projectId: "default" }));
      await f.store.audit.append(event(10, { tenantId: "default", projectId: "other" }));
      expect((await get("/api/v1/audit/events")).json.items).to.have.length(2);
      const foreign = await get("/api/v1/audit/events", await f.token("Admin", { tenant: "other" }));
      expect(foreign.json.items.map((e: { correlationId: string }) => e.correlationId)).to.deep.equal(["c9"]);
      for (const query of ["tenantId=other", "tenant=other", "projectId=other"]) expectV1Error(await get(`/api/v1/audit/events?${query}`), 400, "invalid-input");
    });

    it("spec search 2-3: limit defaults to 50 and is bounded; the cursor resumes after a sequence", async () => {
      await seed(60);
      const first = await get("/api/v1/audit/events");
      expect(first.json.items).to.have.length(50);
      expect(first.json.nextCursor).to.equal("50");
      const rest = await get(`/api/v1/audit/events?cursor=${first.json.nextCursor}`);
      expect(rest.json.items.map((e: { sequence: string }) => e.sequence)).to.deep.equal(Array.from({ length: 10 }, (_, i) => String(51 + i)));
      expect(rest.json.nextCursor).to.equal(null);
      expect((await get("/api/v1/audit/events?limit=500")).json.items).to.have.length(60);
      for (const query of ["limit=0", "limit=501", "limit=ten", "cursor=-1", "cursor=abc", "limit=5&limit=6"]) expectV1Error(await get(`/api/v1/audit/events?${query}`), 400, "invalid-input");
    });

    it("spec query fields: action, resourceKind, resourceId, subjectId, from and to (RFC 3339) filter", async () => {
      await seed(12);
      const sequences = async (query: string) => (await get(`/api/v1/audit/events?${query}`)).json.items.map((e: { correlationId: string }) => e.correlationId);
      expect(await sequences("action=rule.delete")).to.deep.equal(["c3", "c6", "c9", "c12"]);
      expect(await sequences("subjectId=bob&resourceId=1")).to.deep.equal(["c1", "c5", "c9"]);
      expect(await sequences("resourceKind=scheduler")).to.deep.equal([]);
      expect(await sequences("from=2026-11-21T08:00:10Z")).to.deep.equal(["c10", "c11", "c12"]);
      expect(await sequences("to=2026-11-21T08:00:03Z")).to.deep.equal(["c1", "c2"]);
      expect(await sequences("from=2026-11-21T09:00:02%2B01:00&to=2026-11-21T08:00:04.000Z")).to.deep.equal(["c2", "c3"]);
      for (const query of ["from=yesterday", "to=2026-11-21", "from=2026-11-21T08:00:05Z&to=2026-11-21T08:00:01Z"]) expectV1Error(await get(`/api/v1/audit/events?${query}`), 400, "invalid-input");
    });

    it("spec search 5: the stream is the same result as server-sent events, ids are sequences, ending with the snapshot-complete comment", async () => {
      await seed(3);
      const reply = await get("/api/v1/audit/events/stream");
      expect(reply.status).to.equal(200);
      expect(reply.headers.get("content-type")).to.match(/^text\/event-stream/);
      expect(reply.headers.get("x-correlation-id")).to.be.a("string");
      const page = (await get("/api/v1/audit/events")).json.items;
      const expected = page.map((e: { sequence: string }) => `id: ${e.sequence}\nevent: audit\ndata: ${JSON.stringify(e)}\n\n`).join("");
      expect(reply.text).to.equal(`${expected}: snapshot-complete\n\n`);
    });

    it("spec search 5: Last-Event-ID resumes after a sequence and must agree with the cursor", async () => {
      await seed(5);
      const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1]);
      expect(ids((await get("/api/v1/audit/events/stream", BEARER, { "last-event-id": "3" })).text)).to.deep.equal(["4", "5"]);
      expect(ids((await get("/api/v1/audit/events/stream?cursor=3", BEARER, { "last-event-id": "3" })).text)).to.deep.equal(["4", "5"]);
      expectV1Error(await get("/api/v1/audit/events/stream?cursor=2", BEARER, { "last-event-id": "3" }), 400, "invalid-input");
      expectV1Error(await get("/api/v1/audit/events/stream", BEARER, { "last-event-id": "three" }), 400, "invalid-input");
      const done = await get("/api/v1/audit/events/stream", BEARER, { "last-event-id": "5" });
      expect(done.text).to.equal(": snapshot-complete\n\n");
      const cut = await get("/api/v1/audit/events/stream?limit=2");
      expect(ids(cut.text)).to.deep.equal(["1", "2"]);
      expect(cut.text.endsWith(": more-after 2\n\n: snapshot-complete\n\n")).to.equal(true);
    });
  });
}

describe("control-plane audit routes without bearer configuration", () => {
  it("spec authentication 3: when configuration is missing, every protected request is denied", async () => {
    for (const missing of Object.keys(BEARER_ENV)) {
      const f = await startHttpFixture({ bearerEnv: { ...BEARER_ENV, [missing]: undefined } });
      try {
        expectV1Error(await f.request("GET", "/api/v1/audit/events", { token: BEARER }), 401, "unauthenticated");
        expectV1Error(await f.request("GET", "/api/v1/audit/events/stream", { token: BEARER }), 401, "unauthenticated");
      } finally {
        await f.close();
      }
    }
  });
});
