// Issue 7, item 5: the reference processor over HTTP on 127.0.0.1:0 (spec: Processor-facing
// routes; Processor request; Result envelope; Errors; Authentication, 4). Every accepted answer
// must pass the service's own result check with the request and the task declaration.
import { expect } from "chai";
import { request as httpRequest } from "node:http";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { DataProcessingTask, ProcessingResult, ProcessorRequest } from "../../generated/types.js";
import { benchRequest, benchTask } from "../../bench/contracts/forecast-request.js";
import { MODEL_ARTIFACT } from "../../runtime/processor/descriptor.js";
import { REFERENCE_TASKS, knownTaskOf } from "../../runtime/processor/known-tasks.js";
import { AS_OF, demoRequest, demoTask, fixture, sampleRequest, withDigest } from "./demo-requests.js";
import { expectProcessorError } from "./envelope.js";
import { MEDIA_TYPE, TOKEN, startProcessorFixture, type ProcessorFixture } from "./processor-fixture.js";

const sampleTask = fixture<DataProcessingTask>("task");
/** The fixture request's submitted_at + 1 s. */
const FIXTURE_NOW = Date.parse("2026-03-01T12:00:06Z");

function expectValidResult(reply: { status: number; json: unknown; text: string }, request: ProcessorRequest, task: DataProcessingTask): ProcessingResult {
  expect(reply.status, reply.text).to.equal(200);
  const diagnostics = validateContract(reply.json, { request, task }).diagnostics.filter((d) => d.severity === "error");
  expect(diagnostics, reply.text.slice(0, 500)).to.deep.equal([]);
  return reply.json as ProcessingResult;
}

describe("reference processor: POST /v1/process (runtime/processor)", function () {
  this.timeout(20_000);
  let f: ProcessorFixture;

  before(async () => {
    f = await startProcessorFixture({ nowMs: FIXTURE_NOW, tasks: [...REFERENCE_TASKS, knownTaskOf(benchTask())] });
  });
  after(async () => {
    await f.close();
  });
  beforeEach(() => {
    f.now.ms = FIXTURE_NOW;
  });
  afterEach(() => {
    expect(f.internalErrors).to.deep.equal([]);
  });

  describe("accepted answers", () => {
    it("spec Processor request: the fixture processor-request.json gets 200 and a result valid for the request and test/fixtures/contracts/task.json (an hour of history: a labelled persistence fallback)", async () => {
      const request = sampleRequest();
      const reply = await f.post(request);
      expect(reply.headers.get("content-type")).to.equal(MEDIA_TYPE);
      const result = expectValidResult(reply, request, sampleTask);
      expect(result).to.include({ status: "fallback", issued_at: "2026-03-01T12:00:06Z", expires_at: "2026-03-01T12:15:06Z", input_watermark: "2026-03-01T11:59:42.125Z" });
      expect(result.processor).to.deep.equal({ id: "reference-forecast", version: "0.1.0", contract: "svc.data-processing.forecast.v1" });
      expect(result.warnings).to.deep.equal(["MODEL_FALLBACK_USED"]);
      expect(result.fallback).to.deep.equal({
        strategy: "persistence",
        strategy_version: "1",
        reason_code: "INSUFFICIENT_HISTORY",
        source_feature: "site_load",
        based_on_data_through: "2026-03-01T12:00:00Z",
      });
      expect(result.artifact).to.equal(undefined); // a fallback ran no model
      expect(result.output!.points.map((p) => p.value)).to.deep.equal([43.125, 43.125, 43.125, 43.125]);
      expect(result.output!.points[0]!.quantiles!.map((q) => q.probability)).to.deep.equal([0.1, 0.5, 0.9]);
    });

    it("spec Result envelope: a demo-task request (site-load-forecast, 672 history steps, frame from the runtime's assembly) is produced by the model, valid with the request and the task", async () => {
      const task = demoTask("site-load-forecast");
      const request = demoRequest({ task });
      expect(request.frame.history.timestamps).to.have.length(672);
      f.now.ms = AS_OF + 6_000;
      const result = expectValidResult(await f.post(request), request, task);
      expect(result.status).to.equal("produced");
      expect(result.warnings).to.deep.equal([]);
      expect(result.artifact).to.deep.equal(MODEL_ARTIFACT);
      expect(result.expires_at).to.equal(new Date(AS_OF + 6_000 + 3_600_000).toISOString().replace(".000Z", "Z"));
      expect(result.output).to.include({ target: "site_load", unit: "kW", sign_convention: "positive_consumption", cadence_seconds: 900 });
      expect(result.output!.points).to.have.length(96);
      expect(result.output!.points.every((p) => p.quantiles === undefined && p.value > 35 && p.value < 65)).to.equal(true);
    });

    it("spec Forecast output: the PV demo task answers in its own sign convention (positive_generation)", async () => {
      const task = demoTask("pv-forecast");
      const pv = (t: number): number => Math.max(0, Math.round(30 * Math.sin((((t / 3_600_000) % 24) - 6) / 12 * Math.PI) * 1000) / 1000);
      const request = demoRequest({ task, curve: pv });
      f.now.ms = AS_OF + 6_000;
      const result = expectValidResult(await f.post(request), request, task);
      expect(result.status).to.equal("produced");
      expect(result.output).to.include({ target: "pv_power", sign_convention: "positive_generation" });
    });

    it("spec Forecast invariants: requested quantiles come back exactly, non-decreasing, 0.5 equal to the value (also under median_policy equals_value)", async () => {
      const request = benchRequest();
      f.now.ms = Date.parse(request.submitted_at) + 1_000;
      const reply = await f.post(request);
      const result = expectValidResult(reply, request, benchTask());
      const strict = { ...benchTask(), output: { ...benchTask().output, median_policy: "equals_value" as const } };
      expectValidResult(reply, request, strict);
      expect(result.status).to.equal("produced");
      for (const point of result.output!.points) {
        const qs = point.quantiles!;
        expect(qs.map((q) => q.probability)).to.deep.equal([0.1, 0.5, 0.9]);
        expect(qs[0]!.value).to.be.at.most(qs[1]!.value);
        expect(qs[1]!.value).to.equal(point.value);
        expect(qs[2]!.value).to.be.at.least(qs[1]!.value);
      }
    });

    it("spec States and transitions, fallback rules: half a day of history is a labelled persistence fallback of the actual data, valid for the demo task", async () => {
      const task = demoTask("site-load-forecast");
      const request = demoRequest({ task, historySteps: 48 });
      f.now.ms = AS_OF + 6_000;
      const result = expectValidResult(await f.post(request), request, task);
      expect(result.status).to.equal("fallback");
      expect(result.fallback).to.include({ strategy: "persistence", reason_code: "INSUFFICIENT_HISTORY", based_on_data_through: request.frame.as_of });
      const last = request.frame.history.features.site_load!.values.at(-1);
      expect(result.output!.points.every((p) => p.value === last)).to.equal(true);
      expect(Date.parse(result.expires_at!) - Date.parse(result.issued_at)).to.equal(900_000);
    });

    it("spec Processor obligations (never a failure as a zero series): a zero persistence fallback (PV at night, short history) is answered unavailable", async () => {
      const task = demoTask("pv-forecast");
      const request = demoRequest({ task, historySteps: 8, curve: () => 0, asOf: Date.UTC(2026, 2, 2, 0, 0, 0) });
      f.now.ms = Date.parse(request.submitted_at);
      const result = expectValidResult(await f.post(request), request, task);
      expect(result.status).to.equal("unavailable");
      expect(result.unavailable).to.deep.equal({ reason_code: "FALLBACK_ZERO_SERIES", retryable: false, retry_after_seconds: 900 });
      expect(result).to.not.have.any.keys("output", "expires_at", "fallback");
    });

    it("the media type's name is case-insensitive and its version may be quoted, with charset=utf-8 tolerated", async () => {
      const reply = await f.post(sampleRequest(), { contentType: 'Application/VND.svc.data-processing+json; Version="1"; charset=UTF-8' });
      expect(reply.status, reply.text).to.equal(200);
    });
  });

  describe("typed errors (spec: Errors)", () => {
    it("spec Validation order 1, media type: application/json, text/plain and a type without version are 415", async () => {
      for (const contentType of ["application/json", "text/plain", "application/vnd.svc.data-processing+json", `${MEDIA_TYPE};profile=x`]) {
        const error = expectProcessorError(await f.post(sampleRequest(), { contentType }), 415, "MEDIA_TYPE_UNSUPPORTED", "invalid_request");
        expect(error.request_id).to.equal(null);
      }
      expectProcessorError(await f.post(sampleRequest(), { headers: { "content-encoding": "gzip" } }), 415, "MEDIA_TYPE_UNSUPPORTED", "invalid_request");
    });

    it("spec Versioning 1, contract major version: media type version=2 and a body schema .v2 are 400 SCHEMA_UNSUPPORTED", async () => {
      expectProcessorError(await f.post(sampleRequest(), { contentType: "application/vnd.svc.data-processing+json;version=2" }), 400, "SCHEMA_UNSUPPORTED", "invalid_request");
      const v2 = { ...sampleRequest(), schema: "svc.data-processing.request.v2" };
      const error = expectProcessorError(await f.post(v2), 400, "SCHEMA_UNSUPPORTED", "invalid_request");
      expect(error.details).to.deep.equal({ path: "/schema", rule: "contract/unsupported-version" });
    });

    it("spec Validation order 1, JSON syntax: invalid JSON, duplicate keys and an empty body are 400 REQUEST_INVALID", async () => {
      const syntax = expectProcessorError(await f.post('{"schema": '), 400, "REQUEST_INVALID", "invalid_request");
      expect((syntax.details as { rule: string }).rule).to.equal("json/syntax");
      const text = JSON.stringify(sampleRequest()).replace('"request_id":"req-0001"', '"request_id":"req-0001","request_id":"req-0002"');
      const duplicate = expectProcessorError(await f.post(text), 400, "REQUEST_INVALID", "invalid_request");
      expect(duplicate.details).to.deep.equal({ rule: "json/duplicate-key", path: "/request_id" });
      expectProcessorError(await f.post(""), 400, "REQUEST_INVALID", "invalid_request");
    });

    it("spec Processor request, schema: an invalid body is 400 REQUEST_INVALID with the first diagnostic's path and rule; an unknown option is 400 OPTION_UNKNOWN", async () => {
      const { frame: _frame, ...noFrame } = sampleRequest();
      const invalid = expectProcessorError(await f.post(noFrame), 400, "REQUEST_INVALID", "invalid_request");
      expect(invalid.details).to.deep.equal({ path: "", rule: "schema/required" });
      expect(invalid.request_id).to.equal("req-0001");
      const request = sampleRequest();
      (request.options as unknown as Record<string, unknown>).temperature_boost = 2;
      const option = expectProcessorError(await f.post(withDigest(request)), 400, "OPTION_UNKNOWN", "invalid_request");
      expect(option.details).to.deep.equal({ path: "/options/temperature_boost", rule: "schema/additional-properties" });
    });

    it("spec Processor request, input_digest: a stale digest is 400 REQUEST_INVALID (request/input-digest-mismatch)", async () => {
      const request = sampleRequest();
      request.frame.history.features.site_load!.values[0] = 41.75;
      const error = expectProcessorError(await f.post(request), 400, "REQUEST_INVALID", "invalid_request");
      expect(error.details).to.deep.equal({ path: "/input_digest", rule: "request/input-digest-mismatch" });
    });

    it("spec Grid rules: a frame off its grid is 422 FRAME_INVALID with the first diagnostic's path and rule", async () => {
      const request = sampleRequest();
      request.frame.history.timestamps[1] = "2026-03-01T11:31:00Z";
      const sent = withDigest(request);
      const first = validateContract(sent, { contract: "processor-request" }).diagnostics[0]!;
      const error = expectProcessorError(await f.post(sent), 422, "FRAME_INVALID", "invalid_data");
      expect(error.details).to.deep.equal({ path: first.path, rule: first.code });
      expect(first.path!.startsWith("/frame/history")).to.equal(true);
    });

    it("spec Errors, 413: a body over limits.max_request_bytes is FRAME_TOO_LARGE, by Content-Length and when sent chunked", async () => {
      const small = await startProcessorFixture({ nowMs: FIXTURE_NOW, limits: { max_request_bytes: 2048 } });
      try {
        const error = expectProcessorError(await small.post(sampleRequest()), 413, "FRAME_TOO_LARGE", "resource_limit");
        expect(error).to.include({ request_id: null, retryable: false });
        const chunked = await postChunked(small.url, JSON.stringify(sampleRequest()));
        expect(chunked.status).to.equal(413);
        expect(JSON.parse(chunked.body)).to.include({ code: "FRAME_TOO_LARGE" });
      } finally {
        await small.close();
      }
    });

    it("spec Limits (processor descriptor): a horizon beyond max_horizon_steps is 413 FRAME_TOO_LARGE (request/limit-exceeded)", async () => {
      const limited = await startProcessorFixture({ nowMs: FIXTURE_NOW, limits: { max_horizon_steps: 2 } });
      try {
        const error = expectProcessorError(await limited.post(sampleRequest()), 413, "FRAME_TOO_LARGE", "resource_limit");
        expect(error.details).to.deep.equal({ path: "/options/horizon_steps", rule: "request/limit-exceeded" });
      } finally {
        await limited.close();
      }
    });

    it("spec Validation order 7, artifact selector: an artifact the processor does not have is 404 MODEL_NOT_FOUND", async () => {
      for (const artifact of [
        { kind: "model", family: "transformer" },
        { kind: "model", family: "seasonal-naive", version: "9.9.9" },
        { kind: "model", family: "seasonal-naive", artifact_digest: `sha256:${"0".repeat(64)}` },
      ]) {
        const error = expectProcessorError(await f.post(withDigest({ ...sampleRequest(), artifact })), 404, "MODEL_NOT_FOUND", "not_found");
        expect(error).to.include({ request_id: "req-0001", retryable: false });
      }
      // The advertised digest itself is found.
      const pinned = withDigest({ ...sampleRequest(), artifact: { ...MODEL_ARTIFACT } });
      expectValidResult(await f.post(pinned), pinned, sampleTask);
    });

    it("spec Processor obligations, unsupported kinds and contracts: another task kind or processor contract is 404 TASK_NOT_SUPPORTED", async () => {
      const kind = sampleRequest();
      (kind.task as { kind: string }).kind = "anomaly";
      (kind.options as { kind: string }).kind = "anomaly";
      expectProcessorError(await f.post(withDigest(kind)), 404, "TASK_NOT_SUPPORTED", "not_found");
      const contract = withDigest({ ...sampleRequest(), processor_contract: "svc.data-processing.classification.v1" });
      expectProcessorError(await f.post(contract), 404, "TASK_NOT_SUPPORTED", "not_found");
    });

    it("spec Processor obligations, unsupported tasks: a task id or revision the processor does not know is 404 TASK_NOT_SUPPORTED", async () => {
      for (const task of [
        { id: "chiller-load-forecast", revision: 1, kind: "forecast" as const },
        { id: "sample-load-forecast", revision: 2, kind: "forecast" as const },
      ]) {
        const error = expectProcessorError(await f.post(withDigest({ ...sampleRequest(), task })), 404, "TASK_NOT_SUPPORTED", "not_found");
        expect(error.details).to.deep.equal({ path: "/task", rule: "known-task" });
      }
    });

    it("spec Processor obligations, unsupported features: without the target series it is 422 FRAME_INVALID; in another unit 422 UNIT_UNSUPPORTED", async () => {
      const otherTarget = await startProcessorFixture({
        nowMs: FIXTURE_NOW,
        tasks: [{ ...REFERENCE_TASKS[2]!, target: { name: "grid_power", unit: "kW", sign_convention: "positive_consumption" } }],
      });
      const otherUnit = await startProcessorFixture({ nowMs: FIXTURE_NOW, tasks: [{ ...REFERENCE_TASKS[2]!, target: { ...REFERENCE_TASKS[2]!.target, unit: "W" } }] });
      try {
        const missing = expectProcessorError(await otherTarget.post(sampleRequest()), 422, "FRAME_INVALID", "invalid_data");
        expect(missing.details).to.deep.equal({ path: "/frame/history/features/grid_power", rule: "target-feature-missing" });
        const unit = expectProcessorError(await otherUnit.post(sampleRequest()), 422, "UNIT_UNSUPPORTED", "invalid_data");
        expect(unit.details).to.deep.equal({ path: "/frame/history/features/site_load/unit", rule: "target-unit" });
      } finally {
        await otherTarget.close();
        await otherUnit.close();
      }
    });

    it("spec Authentication 4: no token is 401 PROCESSOR_AUTH_REQUIRED (with WWW-Authenticate), a wrong one 403 PROCESSOR_AUTH_DENIED, before the body is read", async () => {
      for (const headers of <Array<Record<string, string>>>[{}, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` }, { authorization: "Bearer" }]) {
        const reply = await f.post("not even JSON", { token: null, headers });
        expectProcessorError(reply, 401, "PROCESSOR_AUTH_REQUIRED", "authorization");
        expect(reply.headers.get("www-authenticate")).to.match(/^Bearer /);
      }
      for (const token of [`${TOKEN}x`, TOKEN.slice(1), "x"]) {
        const error = expectProcessorError(await f.post(sampleRequest(), { token }), 403, "PROCESSOR_AUTH_DENIED", "authorization");
        expect(error.message).to.not.include(TOKEN);
      }
    });

    it("spec Processor request, deadline: a deadline already passed (or reached) is 504 DEADLINE_EXCEEDED, retryable, and no work starts", async () => {
      for (const now of [Date.parse("2026-03-01T12:00:35Z"), Date.parse("2026-03-01T12:05:00Z")]) {
        f.now.ms = now;
        const error = expectProcessorError(await f.post(sampleRequest()), 504, "DEADLINE_EXCEEDED", "timeout");
        expect(error).to.include({ request_id: "req-0001", retryable: true });
      }
      // Even an invalid request past its deadline is not checked further.
      const { frame: _frame, ...noFrame } = sampleRequest();
      f.now.ms = Date.parse("2026-03-01T12:01:00Z");
      expectProcessorError(await f.post(noFrame), 504, "DEADLINE_EXCEEDED", "timeout");
    });

    it("spec Processor request, deadline: a deadline that passes while the processor works gives 504, never an accepted result after it", async () => {
      const deadline = Date.parse("2026-03-01T12:00:35Z");
      let calls = 0;
      // The clock reads 1 ms before the deadline for the first two reads, then after it.
      const late = await startProcessorFixture({ nowMs: deadline - 1 });
      const slow = await startProcessorFixture({ nowMs: 0, clock: () => (++calls <= 2 ? deadline - 1 : deadline + 1) });
      try {
        expectProcessorError(await slow.post(sampleRequest()), 504, "DEADLINE_EXCEEDED", "timeout");
        expect(calls).to.equal(3);
        const ok = await late.post(sampleRequest()); // 1 ms before the deadline throughout: accepted
        expect(ok.status).to.equal(200);
        expect(ok.json.issued_at).to.equal("2026-03-01T12:00:34.999Z");
      } finally {
        await slow.close();
        await late.close();
      }
    });

    it("spec Errors, 500: a result that would fail the service's own checks is never sent; it is 500 PROCESSOR_INTERNAL without detail", async () => {
      const broken = await startProcessorFixture({
        nowMs: FIXTURE_NOW,
        tasks: [{ ...REFERENCE_TASKS[2]!, target: { ...REFERENCE_TASKS[2]!.target, sign_convention: "sideways" as never } }],
      });
      try {
        const error = expectProcessorError(await broken.post(sampleRequest()), 500, "PROCESSOR_INTERNAL", "internal");
        expect(error).to.include({ message: "internal error", request_id: "req-0001" });
        expect(error).to.not.have.property("details");
        expect(broken.internalErrors).to.have.length(1);
      } finally {
        await broken.close();
      }
    });

    it("other methods are 405 with Allow; other paths are 404 ROUTE_NOT_FOUND", async () => {
      const reply = await f.get("/v1/process");
      expect(reply.status).to.equal(405);
      expect(reply.json).to.include({ code: "METHOD_NOT_ALLOWED" });
      expect(reply.headers.get("allow")).to.equal("POST");
      const missing = await f.get("/v1/models");
      expect(missing.status).to.equal(404);
      expect(missing.json).to.include({ code: "ROUTE_NOT_FOUND", category: "not_found" });
    });
  });

  it("without a configured token the routes are open (a processor on a trusted loopback)", async () => {
    const open = await startProcessorFixture({ nowMs: FIXTURE_NOW, token: undefined });
    try {
      expect((await open.post(sampleRequest(), { token: null })).status).to.equal(200);
    } finally {
      await open.close();
    }
  });
});

/** POST with Transfer-Encoding: chunked (no Content-Length), in 512-byte chunks. */
function postChunked(base: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/v1/process`, {
      method: "POST",
      headers: { "content-type": MEDIA_TYPE, authorization: `Bearer ${TOKEN}`, "transfer-encoding": "chunked" },
      timeout: 10_000,
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("timeout", () => req.destroy(new Error("chunked POST timed out")));
    req.on("error", reject);
    for (let i = 0; i < body.length; i += 512) req.write(body.slice(i, i + 512));
    req.end();
  });
}
