// The data-processing application routes over real HTTP (issue 7 item 6; spec: Endpoints,
// application routes; Authentication; Errors): the demo pack commissioned, a synthetic week of
// sources, the reference processor on loopback with a token. Every processing call is audited
// before the processor is called and recorded once; refusals never reach the processor.
import { expect } from "chai";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import { formatUtcTime } from "../../compiler/contracts/utc-time.js";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import type { CommissionedTask } from "../../runtime/processing/binding/index.js";
import type { RunningProcessor } from "../../runtime/processor/start-processor.js";
import type { Store } from "../../runtime/store/store.js";
import { START } from "../rules/engine-fixture.js";
import { demoPack, loadForecast, PROCESSOR_TOKEN, processingDeps, startReference, syntheticSources } from "./data-processing-fixture.js";
import { startHttpFixture, type HttpFixture, type Reply } from "./http-fixture.js";
import { failingAuditStore } from "./store-spies.js";

const PROCESS = "/api/v1/data-processing/process";

/** Audit events of one request, by its correlation id. */
async function auditOf(store: Store, correlationId: string): Promise<AuditEvent[]> {
  const page = await store.audit.list({ tenantId: "default", projectId: "default", limit: 500 });
  return page.items.filter((e) => e.correlationId === correlationId);
}

describe("data-processing routes over HTTP with the reference processor (issue 7 item 6)", function () {
  this.timeout(20_000);
  const pack = demoPack();
  const faults = { audit: false, outcome: false, gappy: false, conflicting: false };
  let processor: RunningProcessor;
  let endpoint = "http://127.0.0.1:9";
  let calls = 0;
  let f: HttpFixture;
  let ids = 0;

  const faulty = (store: Store): Store => {
    const audited = failingAuditStore(store, { get on() { return faults.audit; } });
    const recordOutcome: Store["processing"]["recordOutcome"] = (outcome, derived) => (faults.outcome ? Promise.reject(new Error("database gone (test)")) : store.processing.recordOutcome(outcome, derived));
    return { ...audited, processing: { ...store.processing, recordOutcome } };
  };

  before(async () => {
    processor = await startReference(pack);
    endpoint = processor.url;
    f = await startHttpFixture({
      wrapAppStore: faulty,
      processing: processingDeps({
        pack,
        endpoint: () => endpoint,
        onProcess: () => calls++,
        readSources: async (c, asOf, horizon) => sources(c, asOf, horizon),
      }),
    });
  });
  after(async () => {
    await f.close();
    await processor.close();
  });
  beforeEach(() => {
    calls = 0;
    Object.assign(faults, { audit: false, outcome: false, gappy: false, conflicting: false });
  });

  function sources(c: CommissionedTask, asOf: number, horizon: number) {
    const s = syntheticSources(c, asOf, horizon);
    // Half an hour without any sample: empty cells, which missing_policy reject refuses.
    if (faults.gappy) s.history = Object.fromEntries(Object.entries(s.history).map(([name, samples]) => [name, samples.filter((x) => x.t < asOf - 3_600_000 || x.t > asOf - 1_800_000)]));
    // Two rows of one issue with different values for one label.
    if (!faults.conflicting) return s;
    const covariates = Object.fromEntries(Object.entries(s.covariates).map(([name, rows]) => [name, [...rows, { ...rows[0]!, v: rows[0]!.v + 1 }]]));
    return { ...s, covariates };
  }

  async function post(body: unknown, options: { role?: "Admin" | "Engineer" | "Viewer"; requestId?: string; headers?: Record<string, string> } = {}): Promise<Reply & { correlationId: string }> {
    const correlationId = `dp-test-${++ids}`;
    const headers: Record<string, string> = { "x-correlation-id": correlationId, ...options.headers };
    if (options.requestId !== undefined) headers["x-request-id"] = options.requestId;
    const reply = await f.request("POST", PROCESS, { token: await f.token(options.role ?? "Engineer"), body, headers });
    return { ...reply, correlationId };
  }

  it("GET tasks: a Viewer lists one entry per enabled binding, each a valid discovery entry of its task (spec: Task discovery entry; Authentication 1)", async () => {
    const reply = await f.request("GET", "/api/v1/data-processing/tasks", { token: await f.token("Viewer") });
    expect(reply.status).to.equal(200);
    const items = reply.json.items as Array<{ task: { id: string }; binding: { id: string } }>;
    expect(items.map((e) => [e.task.id, e.binding.id])).to.deep.equal([["site-load-forecast", "site-load-main"], ["pv-forecast", "pv-main"]]);
    for (const entry of items) {
      const task = pack.commissioned.find((c) => c.task.id === entry.task.id)!.task;
      expect(validateContract(entry, { contract: "task-discovery-entry", task }).diagnostics).to.deep.equal([]);
    }
    expect(reply.text).to.not.include(processor.url).and.not.include(PROCESSOR_TOKEN);
  });

  it("the read routes need a token and refuse unknown query parameters (spec: Authentication 1)", async () => {
    expect((await f.request("GET", "/api/v1/data-processing/tasks")).status).to.equal(401);
    const viewer = await f.token("Viewer");
    const unknown = await f.request("GET", "/api/v1/data-processing/tasks?all=1", { token: viewer });
    expect([unknown.status, unknown.json.error.code]).to.deep.equal([400, "invalid-input"]);
    const noTask = await f.request("GET", "/api/v1/data-processing/derived", { token: viewer });
    expect([noTask.status, noTask.json.error.code]).to.deep.equal([400, "invalid-input"]);
  });

  it("GET processors/health: ok while the processor runs, unavailable with a typed code once it is stopped; never the endpoint or the token", async () => {
    const spare = await startReference(pack);
    endpoint = spare.url;
    try {
      const viewer = await f.token("Viewer");
      const ok = await f.request("GET", "/api/v1/data-processing/processors/health", { token: viewer });
      expect(ok.status).to.equal(200);
      expect(ok.json.items).to.deep.equal([{ route: "reference-forecast", processor: { id: "reference-forecast", version: "0.1.0" }, status: "ok", checked_at: formatUtcTime(START) }]);
      await spare.close();
      const down = await f.request("GET", "/api/v1/data-processing/processors/health", { token: viewer });
      expect(down.json.items).to.deep.equal([{ route: "reference-forecast", processor: { id: "reference-forecast", version: "0.1.0" }, status: "unavailable", code: "PROCESSOR_UNREACHABLE", checked_at: formatUtcTime(START) }]);
      for (const reply of [ok, down]) expect(reply.text).to.not.include(spare.url).and.not.include(PROCESSOR_TOKEN);
    } finally {
      endpoint = processor.url;
      await spare.close().catch(() => undefined);
    }
  });

  it("POST process: the demo load forecast is accepted as derived data, echoed x-request-id, audited once before, recorded produced, and listed by GET derived (spec: What the service does 1)", async () => {
    const reply = await post(loadForecast(), { requestId: "req-http-1" });
    expect(reply.status, reply.text.slice(0, 500)).to.equal(200);
    expect(reply.headers.get("x-request-id")).to.equal("req-http-1");
    expect(reply.json).to.include({ outcome: "produced", request_id: "req-http-1" });
    const derived = reply.json.derived_data;
    expect(derived).to.include({ schema: "svc.derived-data.v1", request_id: "req-http-1", processing_status: "produced" });
    expect(derived.data.points).to.have.length(96);
    expect(calls).to.equal(1);

    const events = await auditOf(f.store, reply.correlationId);
    expect(events.map((e) => [e.action, e.outcome, e.risk, e.confirmation, e.resource.kind, e.resource.id, e.subject.role])).to.deep.equal([
      ["data_processing.process", "allowed", "medium", "not-required", "data-processing-task", "site-load-forecast", "Engineer"],
    ]);
    const outcomes = await f.store.processing.listOutcomes({ requestId: "req-http-1", limit: 5 });
    expect(outcomes.map((o) => [o.outcome, o.result_id, o.details?.correlation_id])).to.deep.equal([["produced", derived.result_id, reply.correlationId]]);

    const page = await f.request("GET", "/api/v1/data-processing/derived?task_id=site-load-forecast&limit=5", { token: await f.token("Viewer") });
    expect(page.status).to.equal(200);
    expect(page.json.items.map((d: { result_id: string }) => d.result_id)).to.include(derived.result_id);
    expect(page.json.items[0]).to.deep.equal(derived);
    const other = await f.request("GET", "/api/v1/data-processing/derived?task_id=pv-forecast", { token: await f.token("Viewer") });
    expect(other.json).to.deep.equal({ items: [], nextCursor: null });
  });

  it("GET derived pages newest first with nextCursor and before", async () => {
    const first = await post(loadForecast(), { requestId: "req-page-a" });
    const second = await post(loadForecast(), { requestId: "req-page-b" });
    expect([first.status, second.status]).to.deep.equal([200, 200]);
    const viewer = await f.token("Viewer");
    const one = await f.request("GET", "/api/v1/data-processing/derived?task_id=site-load-forecast&limit=1", { token: viewer });
    expect(one.json.items.map((d: { request_id: string }) => d.request_id)).to.deep.equal(["req-page-b"]);
    expect(one.json.nextCursor).to.be.a("number");
    const next = await f.request("GET", `/api/v1/data-processing/derived?task_id=site-load-forecast&limit=1&before=${one.json.nextCursor}`, { token: viewer });
    expect(next.json.items.map((d: { request_id: string }) => d.request_id)).to.deep.equal(["req-page-a"]);
  });

  it("without x-request-id the service makes one and echoes it; an x-request-id that is not an identifier is 400, audited as invalid, and nothing is run", async () => {
    const made = await post(loadForecast());
    expect(made.status).to.equal(200);
    expect(made.headers.get("x-request-id")).to.match(/^request-\d+$/).and.equal(made.json.request_id);
    calls = 0;
    const bad = await post(loadForecast(), { requestId: "has space" });
    expect([bad.status, bad.json.error.code, bad.json.error.correlationId]).to.deep.equal([400, "invalid-input", bad.correlationId]);
    expect((await auditOf(f.store, bad.correlationId)).map((e) => [e.outcome, e.resource.id])).to.deep.equal([["invalid", "site-load-forecast"]]);
    expect(calls).to.equal(0);
  });

  it("the body is the strict application request: unknown fields, a frame, or no body are 400, audited as invalid, and nothing runs (spec: The body is the strict application request; issue 16 item 25)", async () => {
    for (const body of [{ ...loadForecast(), endpoint: "http://evil" }, { ...loadForecast(), frame: {} }, { ...loadForecast(), options: { kind: "forecast", horizon_steps: 4, smoothing: 1 } }, undefined]) {
      const reply = await post(body);
      expect([reply.status, reply.json.error.code], JSON.stringify(body)).to.deep.equal([400, "invalid-input"]);
      expect((await auditOf(f.store, reply.correlationId)).map((e) => [e.action, e.outcome, e.resource.id])).to.deep.equal([["data_processing.process", "invalid", body === undefined ? null : "site-load-forecast"]]);
    }
    expect(calls).to.equal(0);
  });

  const refusals: Array<[string, () => unknown, number, string]> = [
    ["a binding that serves another task", () => loadForecast({ task_id: "pv-forecast" }), 404, "TASK_NOT_FOUND"],
    ["an unknown binding", () => loadForecast({ binding_id: "nope" }), 404, "BINDING_NOT_FOUND"],
    ["another task revision", () => loadForecast({ expected_task_revision: 2 }), 409, "TASK_REVISION_MISMATCH"],
    ["another binding revision", () => loadForecast({ expected_binding_revision: 3 }), 409, "BINDING_REVISION_MISMATCH"],
    ["quantiles the task does not allow", () => loadForecast({ options: { kind: "forecast", horizon_steps: 4, quantiles: [0.5] } }), 400, "OPTIONS_INVALID"],
    ["an as_of in the future", () => loadForecast({ as_of: formatUtcTime(START + 60_000) }), 400, "AS_OF_IN_FUTURE"],
    ["sources with a gap (missing_policy reject)", () => ((faults.gappy = true), loadForecast()), 422, "QUALITY_REJECTED"],
    ["conflicting covariate rows of one issue", () => ((faults.conflicting = true), loadForecast()), 422, "FRAME_INVALID"],
  ];
  for (const [what, body, status, code] of refusals) {
    it(`${what} is refused ${status} ${code}, audited and recorded, and the processor is never called (spec: Application request; Versioning 7; Errors)`, async () => {
      const reply = await post(body(), { requestId: `req-${code.toLowerCase()}` });
      expect([reply.status, reply.json.error?.code], reply.text).to.deep.equal([status, code]);
      expect(reply.json.error.correlationId).to.equal(reply.correlationId);
      expect(reply.headers.get("x-request-id")).to.equal(`req-${code.toLowerCase()}`);
      expect(calls).to.equal(0);
      expect((await auditOf(f.store, reply.correlationId)).map((e) => [e.action, e.outcome])).to.deep.equal([["data_processing.process", "allowed"]]);
      const outcomes = await f.store.processing.listOutcomes({ requestId: `req-${code.toLowerCase()}`, limit: 5 });
      expect(outcomes.map((o) => [o.outcome, o.code, o.result_id])).to.deep.equal([["error", code, null]]);
    });
  }

  it("a Viewer may not run processing: 403 before the body is read, audited as denied, and the processor is never called (spec: Authentication 1)", async () => {
    const reply = await post(loadForecast(), { role: "Viewer" });
    expect([reply.status, reply.json.error.code]).to.deep.equal([403, "permission-denied"]);
    expect(reply.json.error.message).to.include("data_processing.run");
    const events = await auditOf(f.store, reply.correlationId);
    // Authorisation comes before the body is read (issue 16 item 4): the task is not known.
    expect(events.map((e) => [e.action, e.outcome, e.resource.id, e.subject.role, e.confirmation])).to.deep.equal([["data_processing.process", "denied", null, "Viewer", "unknown"]]);
    expect(calls).to.equal(0);
  });

  it("the audit record of each call is readable on the audit route by an Admin (spec: every processing call produces an audit record)", async () => {
    const reply = await post(loadForecast());
    const page = await f.request("GET", `/api/v1/audit/events?action=data_processing.process&resourceId=site-load-forecast&limit=500`, { token: await f.token("Admin") });
    expect(page.status).to.equal(200);
    expect(page.json.items.filter((e: AuditEvent) => e.correlationId === reply.correlationId)).to.have.length(1);
  });

  it("fails closed when the audit log cannot record: 500 without detail, the processor never called, nothing recorded (spec: data_processing.process fails closed)", async () => {
    faults.audit = true;
    const reply = await post(loadForecast(), { requestId: "req-no-audit" });
    expect([reply.status, reply.json.error.code]).to.deep.equal([500, "internal"]);
    expect(reply.json.error.message).to.equal(`internal error (correlation id ${reply.correlationId})`);
    expect(calls).to.equal(0);
    expect(await f.store.processing.listOutcomes({ requestId: "req-no-audit", limit: 5 })).to.deep.equal([]);
  });

  it("when the terminal outcome cannot be recorded the call is a 500 and no derived data exists, but its audit record does", async () => {
    faults.outcome = true;
    const reply = await post(loadForecast(), { requestId: "req-no-outcome" });
    expect([reply.status, reply.json.error.code]).to.deep.equal([500, "internal"]);
    expect(await auditOf(f.store, reply.correlationId)).to.have.length(1);
    const page = await f.store.processing.listDerived("site-load-forecast", { limit: 500 });
    expect(page.items.filter((d) => d.request_id === "req-no-outcome")).to.deep.equal([]);
  });
});

describe("data-processing routes: route policy (issue 7 item 6)", function () {
  this.timeout(20_000);
  // pv-main disabled; the load forecast's route requires confirmation.
  const pack = demoPack((c) =>
    c.binding.id === "pv-main" ? { ...c, binding: { ...c.binding, enabled: false } } : { ...c, route: { ...c.route, id: "confirmed-forecast", confirmation: "required" } },
  );
  let processor: RunningProcessor;
  let f: HttpFixture;

  before(async () => {
    processor = await startReference(pack);
    f = await startHttpFixture({ processing: processingDeps({ pack, endpoint: () => processor.url }) });
  });
  after(async () => {
    await f.close();
    await processor.close();
  });

  it("a disabled binding is not listed and is refused 409 BINDING_DISABLED (spec: Application request: an enabled commissioned binding)", async () => {
    const tasks = await f.request("GET", "/api/v1/data-processing/tasks", { token: await f.token("Viewer") });
    expect(tasks.json.items.map((e: { binding: { id: string } }) => e.binding.id)).to.deep.equal(["site-load-main"]);
    const reply = await f.request("POST", PROCESS, { token: await f.token("Engineer"), body: { ...loadForecast(), task_id: "pv-forecast", binding_id: "pv-main" } });
    expect([reply.status, reply.json.error.code]).to.deep.equal([409, "BINDING_DISABLED"]);
  });

  it("a route that requires confirmation needs x-svc-confirmed: true; with it the call runs and the audit says confirmed (spec: Endpoints: x-svc-confirmed where route policy requires it)", async () => {
    const token = await f.token("Admin");
    for (const headers of [{}, { "x-svc-confirmed": "yes" }, { "x-svc-confirmed": "TRUE" }] as Array<Record<string, string>>) {
      const refused = await f.request("POST", PROCESS, { token, body: loadForecast(), headers: { ...headers, "x-correlation-id": "confirm-missing" } });
      expect([refused.status, refused.json.error.code], JSON.stringify(headers)).to.deep.equal([400, "confirmation-required"]);
    }
    expect((await auditOf(f.store, "confirm-missing")).map((e) => [e.outcome, e.confirmation])).to.deep.equal(Array(3).fill(["invalid", "missing"]));
    const reply = await f.request("POST", PROCESS, { token, body: loadForecast(), headers: { "x-svc-confirmed": "true", "x-correlation-id": "confirm-given" } });
    expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
    expect((await auditOf(f.store, "confirm-given")).map((e) => [e.outcome, e.confirmation])).to.deep.equal([["allowed", "confirmed"]]);
  });

  it("the demo route says confirmation: never, so the shipped load forecast needs no header", () => {
    expect(demoPack().commissioned.map((c) => c.route.confirmation)).to.deep.equal(["never", "never"]);
  });
});

describe("data-processing routes when data processing is disabled (spec: mounted only when data processing is enabled)", () => {
  it("are not mounted: 404 like any unknown path, and the rest of the service answers", async () => {
    const f = await startHttpFixture();
    try {
      const token = await f.token("Admin");
      for (const [method, path] of [["GET", "/api/v1/data-processing/tasks"], ["GET", "/api/v1/data-processing/processors/health"], ["POST", PROCESS], ["GET", "/api/v1/data-processing/derived?task_id=x"]] as const) {
        const reply = await f.request(method, path, { token, ...(method === "POST" ? { body: loadForecast() } : {}) });
        expect([reply.status, reply.json.error.code], path).to.deep.equal([404, "not-found"]);
      }
      expect((await f.request("GET", "/api/rules", { token })).status).to.equal(200);
    } finally {
      await f.close();
    }
  });
});
