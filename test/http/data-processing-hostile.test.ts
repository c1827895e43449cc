// A hostile processor behind the application route (issue 7 item 7; spec: States and transitions,
// Errors): each kind of invalid result or failure ends as 502 RESULT_REJECTED or the right typed
// error, with an audit record, an outcome record (rejected or error) and no derived data. Valid
// results are the reference processor's, forwarded and then tampered with, so every case breaks
// exactly one thing. Every slow answer is bounded by a short client timeout.
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "chai";
import { SCHEMAS } from "../../generated/schemas.js";
import type { ProcessingErrorEnvelope, ProcessorRequest } from "../../generated/types.js";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import { buildOpenApi, type JsonObject } from "../../runtime/http/openapi/build-openapi.js";
import { ROUTES } from "../../runtime/http/route-table.js";
import type { RunningProcessor } from "../../runtime/processor/start-processor.js";
import { endlessJson, json, MEDIA_TYPE, raw, slow, startHostileProcessor, type Behaviour, type HostileProcessor } from "../processing/client/hostile-processor.js";
import { START } from "../rules/engine-fixture.js";
import { demoPack, loadForecast, PROCESSOR_TOKEN, processingDeps, startReference } from "./data-processing-fixture.js";
import { startHttpFixture, type HttpFixture, type Reply } from "./http-fixture.js";

type Result = Record<string, any>;

const PROCESS = "/api/v1/data-processing/process";
const QUANTILES = { kind: "forecast" as const, horizon_steps: 8, quantiles: [0.1, 0.9] };
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

// The answers of this suite (502, 503, 504 among them) are checked against the OpenAPI document too.
const DOC_ID = "https://svc.example/openapi.json";
const doc = buildOpenApi(ROUTES, SCHEMAS, { title: "svc", version: "0.0.0-test" }) as { paths: Record<string, Record<string, { responses: Record<string, JsonObject> }>> };
const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true, formats: { "date-time": true } });
ajv.addSchema(doc, DOC_ID);

function expectDocumented(reply: Reply): void {
  const status = String(reply.status);
  expect(doc.paths[PROCESS]!.post!.responses[status], `the document lists no ${status} for processTask`).to.not.equal(undefined);
  const validate = ajv.getSchema(`${DOC_ID}#/paths/${PROCESS.replace(/\//g, "~1")}/post/responses/${status}/content/application~1json/schema`)!;
  expect(validate(reply.json), `${status} ${JSON.stringify(validate.errors)}`).to.equal(true);
}

describe("data-processing routes with a hostile processor (issue 7 items 6 and 7)", function () {
  this.timeout(20_000);
  // The load forecast allows two quantiles here, so that quantiles can be out of order.
  const pack = demoPack((c) => (c.task.id !== "site-load-forecast" ? c : { ...c, task: { ...c.task, output: { ...c.task.output, max_quantiles: 2, median_policy: "may_differ" } } }));
  let reference: RunningProcessor;
  let hostile: HostileProcessor;
  let f: HttpFixture;
  let ids = 0;

  before(async () => {
    reference = await startReference(pack);
    hostile = await startHostileProcessor();
    f = await startHttpFixture({
      processing: processingDeps({ pack, endpoint: () => hostile.endpoint, processor: { request_timeout_ms: 400, connect_timeout_ms: 400, max_response_bytes: 64 * 1024 }, healthTimeoutMs: 300 }),
    });
  });
  after(async () => {
    await f.close();
    await hostile.close();
    await reference.close();
  });

  /** The request the hostile processor received last. */
  const lastRequest = (): ProcessorRequest => JSON.parse(hostile.received.at(-1)!.body) as ProcessorRequest;

  /** The reference processor's answer to the request, changed by `change` (an object, or JSON text), after `delayMs`. */
  function forwarded(change: (result: Result, request: ProcessorRequest) => Result | string, delayMs = 0): Behaviour {
    return (_req, res, scene) => {
      // The request being answered is the one received last, now; later calls may have arrived by the time it answers.
      const body = hostile.received.at(-1)!.body;
      const answer = () => void (async () => {
        const answer = await fetch(`${reference.url}/v1/process`, {
          method: "POST",
          headers: { "content-type": MEDIA_TYPE, authorization: `Bearer ${PROCESSOR_TOKEN}` },
          body,
          signal: AbortSignal.timeout(5000),
        });
        const changed = change((await answer.json()) as Result, JSON.parse(body) as ProcessorRequest);
        res.writeHead(200, { "content-type": MEDIA_TYPE });
        res.end(typeof changed === "string" ? changed : JSON.stringify(changed));
      })().catch(() => res.destroy());
      if (delayMs > 0) scene.later(delayMs, answer);
      else answer();
    };
  }

  /** A valid error envelope answering the last request. */
  const envelope = (status: number, fields: Partial<ProcessingErrorEnvelope> & Pick<ProcessingErrorEnvelope, "code" | "category" | "retryable">): Behaviour => (req, res, scene) =>
    json(status, { schema: "svc.data-processing.error.v1", request_id: lastRequest().request_id, message: "hostile", ...fields })(req, res, scene);

  async function post(options: { quantiles?: boolean } = {}): Promise<Reply & { correlationId: string; requestId: string }> {
    const correlationId = `hostile-${++ids}`;
    const requestId = `req-hostile-${ids}`;
    const body = loadForecast(options.quantiles ? { options: QUANTILES } : { options: { kind: "forecast", horizon_steps: 8 } });
    const reply = await f.request("POST", PROCESS, { token: await f.token("Engineer"), body, headers: { "x-correlation-id": correlationId, "x-request-id": requestId } });
    expectDocumented(reply);
    return { ...reply, correlationId, requestId };
  }

  async function expectNothingStored(reply: { correlationId: string; requestId: string }, outcome: string, code: string | RegExp): Promise<{ details: Record<string, unknown> | null }> {
    const events = (await f.store.audit.list({ tenantId: "default", projectId: "default", limit: 500 })).items.filter((e: AuditEvent) => e.correlationId === reply.correlationId);
    expect(events.map((e) => [e.action, e.outcome])).to.deep.equal([["data_processing.process", "allowed"]]);
    const outcomes = await f.store.processing.listOutcomes({ requestId: reply.requestId, limit: 5 });
    expect(outcomes).to.have.length(1);
    expect([outcomes[0]!.outcome, outcomes[0]!.result_id]).to.deep.equal([outcome, null]);
    if (typeof code === "string") expect(outcomes[0]!.code).to.equal(code);
    else expect(outcomes[0]!.code).to.match(code);
    const derived = await f.request("GET", "/api/v1/data-processing/derived?task_id=site-load-forecast", { token: await f.token("Viewer") });
    expect(derived.json).to.deep.equal({ items: [], nextCursor: null });
    return outcomes[0]!;
  }

  const points = (r: Result): Array<Record<string, any>> => r.output.points;
  const rejections: Array<[string, (r: Result, q: ProcessorRequest) => Result | string, string, boolean?]> = [
    ["one point too few", (r) => ((r.output.points = points(r).slice(0, -1)), r), "forecast/point-count"],
    ["timestamps one cadence late", (r) => (points(r).forEach((p) => (p.timestamp = iso(Date.parse(p.timestamp) + 900_000))), r), "forecast/horizon-mismatch"],
    ["a value of 1e999 (not finite)", (r) => JSON.stringify(r).replace(/"value":-?[0-9.eE+-]+/, '"value":1e999'), "schema/type"],
    ["quantiles out of order", (r) => ((points(r)[0]!.quantiles = [...points(r)[0]!.quantiles].reverse().map((q: Result, i: number) => ({ ...q, probability: [0.1, 0.9][i] }))), r), "forecast/quantile-crossing", true],
    ["another input_digest", (r) => ({ ...r, input_digest: `sha256:${"0".repeat(64)}` }), "result/input-digest-mismatch"],
    ["another request_id", (r) => ({ ...r, request_id: "req-somebody-else" }), "result/request-id-mismatch"],
    ["an expires_at thirty days ahead", (r) => ({ ...r, expires_at: iso(START + 30 * 86_400_000) }), "result/expiry-beyond-policy"],
    [
      "a fallback with a strategy the task does not allow",
      (r, q) => ({
        ...r,
        status: "fallback",
        expires_at: iso(START + 600_000),
        warnings: ["MODEL_FALLBACK_USED"],
        fallback: { strategy: "historical_average", strategy_version: "1", reason_code: "MODEL_UNAVAILABLE", source_feature: "site_load", based_on_data_through: q.frame.history.timestamps.at(-1) },
      }),
      "result/fallback-not-allowed",
    ],
    ["produced claimed for a fallback (MODEL_FALLBACK_USED)", (r) => ({ ...r, warnings: ["MODEL_FALLBACK_USED"] }), "result/fallback-promoted"],
  ];
  for (const [what, change, code, quantiles] of rejections) {
    it(`${what}: 502 RESULT_REJECTED, recorded rejected (${code}), audited, no derived data (spec: any check fails -> rejected)`, async () => {
      hostile.answer(forwarded(change));
      const reply = await post({ quantiles: quantiles === true });
      expect([reply.status, reply.json.error?.code], reply.text.slice(0, 400)).to.deep.equal([502, "RESULT_REJECTED"]);
      expect(reply.json.error.correlationId).to.equal(reply.correlationId);
      const record = await expectNothingStored(reply, "rejected", /\//);
      const codes = (record.details!.diagnostics as Array<{ code: string }>).map((d) => d.code);
      expect(codes, JSON.stringify(codes)).to.include(code);
      expect(reply.json.error.message).to.include(code);
    });
  }

  const failures: Array<[string, () => Behaviour, number, string, string, string?]> = [
    ["a body over max_response_bytes", () => endlessJson(1024 * 1024), 502, "PROCESSOR_FAILED", "RESPONSE_TOO_LARGE"],
    ["an answer slower than the timeout", () => slow(10_000, json(200, {})), 504, "DEADLINE_EXCEEDED", "DEADLINE_EXCEEDED"],
    ["429 with retry_after_seconds", () => envelope(429, { code: "PROCESSOR_BUSY", category: "capacity", retryable: true, retry_after_seconds: 7 }), 503, "PROCESSOR_BUSY", "PROCESSOR_BUSY", "7"],
    ["503 retryable", () => envelope(503, { code: "MODEL_RUNTIME_UNAVAILABLE", category: "unavailable", retryable: true, retry_after_seconds: 30 }), 503, "PROCESSOR_UNAVAILABLE", "MODEL_RUNTIME_UNAVAILABLE", "30"],
    ["401", () => raw(401, ""), 502, "PROCESSOR_FAILED", "PROCESSOR_AUTH_REQUIRED"],
  ];
  for (const [what, behaviour, status, wire, recorded, retryAfter] of failures) {
    it(`${what}: ${status} ${wire}, recorded as error ${recorded}, audited, no derived data (spec: Errors)`, async () => {
      hostile.answer(behaviour());
      const started = performance.now();
      const reply = await post();
      expect(performance.now() - started).to.be.below(3000);
      expect([reply.status, reply.json.error?.code], reply.text.slice(0, 400)).to.deep.equal([status, wire]);
      expect(reply.json.error.message).to.include(recorded);
      expect(reply.headers.get("retry-after")).to.equal(retryAfter ?? null);
      expect(reply.text).to.not.include(PROCESSOR_TOKEN).and.not.include(hostile.endpoint);
      await expectNothingStored(reply, "error", recorded);
    });
  }

  it("a completed unavailable answer is 200 with the reason, recorded unavailable, audited, no derived data (spec: a completed unavailable result is not an error)", async () => {
    hostile.answer(forwarded((r) => {
      const { expires_at: _e, output: _o, fallback: _f, ...rest } = r;
      return { ...rest, status: "unavailable", warnings: [], unavailable: { reason_code: "INSUFFICIENT_HISTORY", retryable: true, retry_after_seconds: 60 } };
    }));
    const reply = await post();
    expect(reply.status, reply.text.slice(0, 400)).to.equal(200);
    expect(reply.json).to.deep.equal({ outcome: "unavailable", request_id: reply.requestId, unavailable: { reason_code: "INSUFFICIENT_HISTORY", retryable: true, retry_after_seconds: 60 } });
    await expectNothingStored(reply, "unavailable", "INSUFFICIENT_HISTORY");
  });

  it("the route's max_concurrency bounds calls in flight: the call over it is 503 PROCESSOR_BUSY with Retry-After, audited and recorded (spec: Limits, per route)", async () => {
    hostile.answer(forwarded((r) => {
      const { expires_at: _e, output: _o, fallback: _f, ...rest } = r;
      return { ...rest, status: "unavailable", warnings: [], unavailable: { reason_code: "INSUFFICIENT_HISTORY", retryable: false } };
    }, 250));
    const limit = pack.commissioned[0]!.route.max_concurrency;
    const replies = await Promise.all(Array.from({ length: limit + 1 }, () => post()));
    const busy = replies.filter((r) => r.status === 503);
    expect(replies.map((r) => r.status).sort()).to.deep.equal([...Array.from({ length: limit }, () => 200), 503]);
    expect([busy[0]!.json.error.code, busy[0]!.headers.get("retry-after")]).to.deep.equal(["PROCESSOR_BUSY", "1"]);
    await expectNothingStored(busy[0]!, "error", "PROCESSOR_BUSY");
  });

  it("processor health: a slow check is bounded, a 401 and a reported non-ok status are unavailable with their code", async () => {
    const viewer = await f.token("Viewer");
    const health = async () => (await f.request("GET", "/api/v1/data-processing/processors/health", { token: viewer })).json.items[0];
    hostile.answer(slow(10_000, json(200, { status: "ok" })));
    const started = performance.now();
    expect(await health()).to.include({ status: "unavailable", code: "DEADLINE_EXCEEDED" });
    expect(performance.now() - started).to.be.below(2000);
    hostile.answer(raw(401, ""));
    expect(await health()).to.include({ status: "unavailable", code: "PROCESSOR_AUTH_REQUIRED" });
    hostile.answer(json(200, { status: "degraded" }, { "content-type": "application/json" }));
    expect(await health()).to.include({ status: "unavailable", code: "PROCESSOR_UNHEALTHY" });
    hostile.answer(json(200, { status: "ok" }, { "content-type": "application/json" }));
    expect(await health()).to.include({ status: "ok" }).and.not.have.property("code");
  });

  it("after all that, a faithful answer with quantiles is accepted: the harness itself is sound (the only derived data of this suite)", async () => {
    hostile.answer(forwarded((r) => r));
    const reply = await post({ quantiles: true });
    expect(reply.status, reply.text.slice(0, 400)).to.equal(200);
    expect(reply.json.derived_data.data.points[0].quantiles.map((q: { probability: number }) => q.probability)).to.deep.equal([0.1, 0.9]);
    const derived = await f.request("GET", "/api/v1/data-processing/derived?task_id=site-load-forecast", { token: await f.token("Viewer") });
    expect(derived.json.items.map((d: { request_id: string }) => d.request_id)).to.deep.equal([reply.requestId]);
  });
});
