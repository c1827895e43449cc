// Issue 16 items 14 and 15: the reference processor checks a request in the spec's validation
// order (1 size, media type, JSON, contract major version; 2 identity, deadline, digest; 3 task,
// revision, kind, route; 4 features, value types, units; 5 timestamps, cadence, window, lengths;
// 6 quality; 7 artifact selector), so a request broken at two steps is answered for the earlier
// one; every error envelope carries details; an unavailable answer carries all three members.
import { expect } from "chai";
import type { ProcessingResult, ProcessorRequest } from "../../generated/types.js";
import { demoRequest, demoTask, fixture, withDigest } from "./demo-requests.js";
import { expectProcessorError } from "./envelope.js";
import { TOKEN, startProcessorFixture, type ProcessorFixture } from "./processor-fixture.js";

/** The fixture request's submitted_at + 1 s; its deadline is 12:00:35Z. */
const FIXTURE_NOW = Date.parse("2026-03-01T12:00:06Z");
const PAST_DEADLINE = Date.parse("2026-03-01T12:01:00Z");
const sampleRequest = (): ProcessorRequest => fixture<ProcessorRequest>("processor-request");

/** The sample request with its history timestamps out of order (step 5), digest recomputed. */
function swappedTimestamps(request: ProcessorRequest): ProcessorRequest {
  const timestamps = request.frame.history.timestamps;
  [timestamps[0], timestamps[1]] = [timestamps[1]!, timestamps[0]!];
  return request;
}

/** The target series (site_load, kW) in W (step 4). */
function wrongUnit(request: ProcessorRequest): ProcessorRequest {
  (request.frame.history.features.site_load as { unit: string }).unit = "W";
  return request;
}

describe("reference processor: the spec's validation order (issue 16.15)", function () {
  this.timeout(20_000);
  let f: ProcessorFixture;

  before(async () => {
    f = await startProcessorFixture({ nowMs: FIXTURE_NOW });
  });
  after(() => f.close());
  beforeEach(() => {
    f.now.ms = FIXTURE_NOW;
  });
  afterEach(() => {
    expect(f.internalErrors).to.deep.equal([]);
  });

  it("issue 16.15: a v2 schema with an expired deadline is 400 SCHEMA_UNSUPPORTED (step 1 before step 2)", async () => {
    f.now.ms = PAST_DEADLINE;
    const error = expectProcessorError(await f.post({ ...sampleRequest(), schema: "svc.data-processing.request.v2" }), 400, "SCHEMA_UNSUPPORTED", "invalid_request");
    expect(error.details).to.deep.equal({ path: "/schema", rule: "contract/unsupported-version" });
  });

  it("issue 16.15: a wrong target unit with swapped timestamps is 422 UNIT_UNSUPPORTED (step 4 before step 5)", async () => {
    const error = expectProcessorError(await f.post(withDigest(wrongUnit(swappedTimestamps(sampleRequest())))), 422, "UNIT_UNSUPPORTED", "invalid_data");
    expect(error.details).to.deep.equal({ path: "/frame/history/features/site_load/unit", rule: "target-unit" });
    // Each problem alone is answered by its own step.
    expectProcessorError(await f.post(withDigest(swappedTimestamps(sampleRequest()))), 422, "FRAME_INVALID", "invalid_data");
  });

  it("issue 16.15: an unknown task revision with swapped timestamps is 404 TASK_NOT_SUPPORTED (step 3 before step 5)", async () => {
    const request = swappedTimestamps(sampleRequest());
    request.task = { ...request.task, revision: 9 };
    const error = expectProcessorError(await f.post(withDigest(request)), 404, "TASK_NOT_SUPPORTED", "not_found");
    expect(error.details).to.deep.equal({ path: "/task", rule: "known-task" });
  });

  it("issue 16.15: an unknown task revision with a wrong target unit is 404 TASK_NOT_SUPPORTED (step 3 before step 4)", async () => {
    const request = wrongUnit(sampleRequest());
    request.task = { ...request.task, revision: 9 };
    expectProcessorError(await f.post(withDigest(request)), 404, "TASK_NOT_SUPPORTED", "not_found");
  });

  it("issue 16.15: an expired deadline with an unknown task is 504 DEADLINE_EXCEEDED (step 2 before step 3)", async () => {
    f.now.ms = PAST_DEADLINE;
    const request = sampleRequest();
    request.task = { ...request.task, revision: 9 };
    expectProcessorError(await f.post(withDigest(request)), 504, "DEADLINE_EXCEEDED", "timeout");
  });

  it("issue 16.15: a wrong input_digest with an unknown task and a wrong unit is 400 REQUEST_INVALID (step 2 before steps 3 and 4)", async () => {
    const request = wrongUnit(sampleRequest()); // the fixture's digest no longer matches
    request.task = { ...request.task, revision: 9 };
    const error = expectProcessorError(await f.post(request), 400, "REQUEST_INVALID", "invalid_request");
    expect(error.details).to.deep.include({ rule: "request/input-digest-mismatch" });
  });

  it("issue 16.15: a wrong target unit with a quality claim that contradicts the cells is 422 UNIT_UNSUPPORTED (step 4 before step 6)", async () => {
    const request = wrongUnit(sampleRequest());
    request.frame.quality.missing_ratio = 0.5;
    expectProcessorError(await f.post(withDigest(request)), 422, "UNIT_UNSUPPORTED", "invalid_data");
  });

  it("issue 16.15: swapped timestamps with an unknown artifact are 422 FRAME_INVALID (step 5 before step 7)", async () => {
    const request = swappedTimestamps(sampleRequest());
    request.artifact = { kind: "model", family: "gradient-boosting" };
    const error = expectProcessorError(await f.post(withDigest(request)), 422, "FRAME_INVALID", "invalid_data");
    expect(error.details).to.deep.include({ rule: "frame/timestamps-not-increasing" });
  });

  it("issue 16.15: 401 and 403 envelopes carry details like every other error", async () => {
    const required = expectProcessorError(await f.post(sampleRequest(), { token: null }), 401, "PROCESSOR_AUTH_REQUIRED", "authorization");
    expect(required.details).to.deep.equal({ rule: "bearer-token-required" });
    const denied = expectProcessorError(await f.post(sampleRequest(), { token: `${TOKEN}x` }), 403, "PROCESSOR_AUTH_DENIED", "authorization");
    expect(denied.details).to.deep.equal({ rule: "bearer-token-denied" });
    const health = expectProcessorError(await f.get("/v1/health", { token: null }), 401, "PROCESSOR_AUTH_REQUIRED", "authorization");
    expect(health.details).to.deep.equal({ rule: "bearer-token-required" });
    const route = await f.get("/v2/nothing");
    expect(route.status).to.equal(404);
    expect(route.json).to.deep.include({ code: "ROUTE_NOT_FOUND", details: { rule: "route-not-found" } });
    expect(expectProcessorError(await f.post(sampleRequest(), { method: "PUT" }), 405, "METHOD_NOT_ALLOWED", "invalid_request").details).to.deep.equal({ rule: "method-not-allowed", allow: "POST" });
  });
});

describe("reference processor: an unavailable answer (issue 16.14)", function () {
  this.timeout(20_000);

  it("issue 16.14: carries reason_code, retryable false and retry_after_seconds (one cadence: the earliest a new frame can differ)", async () => {
    const task = demoTask("pv-forecast");
    const request = demoRequest({ task, historySteps: 8, curve: () => 0, asOf: Date.UTC(2026, 2, 2, 0, 0, 0) });
    const f = await startProcessorFixture({ nowMs: Date.parse(request.submitted_at) });
    try {
      const reply = await f.post(request);
      expect(reply.status, reply.text).to.equal(200);
      const result = reply.json as ProcessingResult;
      expect(result.status).to.equal("unavailable");
      expect(result.unavailable).to.deep.equal({ reason_code: "FALLBACK_ZERO_SERIES", retryable: false, retry_after_seconds: task.frame.cadence_seconds });
    } finally {
      await f.close();
    }
  });
});
