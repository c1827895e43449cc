// Issue 7, item 5: GET /v1/health of the reference processor (spec: Processor-facing routes; the
// body is "not shown": {status, processor, descriptor, tasks}, see docs/data-processing.md).
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { ForecastProcessorContract } from "../../generated/types.js";
import { MODEL_ARTIFACT } from "../../runtime/processor/descriptor.js";
import { modelDigest } from "../../runtime/processor/model/index.js";
import { fromRoot } from "../helpers/paths.js";
import { sampleRequest } from "./demo-requests.js";
import { expectProcessorError } from "./envelope.js";
import { startProcessorFixture, type ProcessorFixture } from "./processor-fixture.js";

describe("reference processor: GET /v1/health (runtime/processor)", function () {
  this.timeout(20_000);
  let f: ProcessorFixture;

  before(async () => {
    f = await startProcessorFixture({ nowMs: Date.UTC(2026, 2, 1, 12), limits: { max_horizon_steps: 96 } });
  });
  after(async () => {
    await f.close();
  });

  it("answers status ok, its identity, the tasks it serves and its descriptor, a valid svc.data-processing.forecast.v1", async () => {
    const reply = await f.get("/v1/health");
    expect(reply.status).to.equal(200);
    expect(reply.headers.get("content-type")).to.match(/^application\/json/);
    expect(reply.json).to.have.all.keys("status", "processor", "descriptor", "tasks");
    expect(reply.json.status).to.equal("ok");
    expect(reply.json.processor).to.deep.equal({ id: "reference-forecast", version: "0.1.0", contract: "svc.data-processing.forecast.v1" });
    expect(reply.json.tasks).to.deep.equal([
      { id: "site-load-forecast", revision: 1 },
      { id: "pv-forecast", revision: 1 },
      { id: "sample-load-forecast", revision: 1 },
    ]);
    const descriptor = reply.json.descriptor as ForecastProcessorContract;
    expect(validateContract(descriptor).diagnostics).to.deep.equal([]);
    expect(descriptor.artifacts).to.deep.equal([MODEL_ARTIFACT]);
    expect(descriptor.artifacts[0]!.artifact_digest).to.equal(modelDigest());
    expect(descriptor.limits.max_horizon_steps).to.equal(96);
    expect(descriptor.fallback_strategies.map((s) => s.strategy)).to.deep.equal(["persistence", "historical_average"]);
  });

  it("its descriptor accepts the fixture processor request at validation step 7 (artifact selector and limits)", async () => {
    const descriptor = (await f.get("/v1/health")).json.descriptor as ForecastProcessorContract;
    const request = sampleRequest(); // the fixture's selector on the current model version
    expect(validateContract(request, { descriptor: { ...descriptor, limits: { ...descriptor.limits, max_horizon_steps: 192 } } }).diagnostics).to.deep.equal([]);
  });

  it("spec Authentication 4: health needs the processor token too (401 without, 403 with another)", async () => {
    expectProcessorError(await f.get("/v1/health", { token: null }), 401, "PROCESSOR_AUTH_REQUIRED", "authorization");
    expectProcessorError(await f.get("/v1/health", { token: "not-the-token" }), 403, "PROCESSOR_AUTH_DENIED", "authorization");
  });

  it("docs/data-processing.md shows the health body as it is (status, processor, tasks; the descriptor abridged)", async () => {
    const docs = readFileSync(fromRoot("docs/data-processing.md"), "utf8");
    const section = docs.slice(docs.indexOf("### `GET /v1/health`"));
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as Record<string, unknown>;
    const actual = (await f.get("/v1/health")).json as Record<string, unknown>;
    expect(Object.keys(shown)).to.deep.equal(Object.keys(actual));
    expect(shown.processor).to.deep.equal(actual.processor);
    expect(shown.tasks).to.deep.equal(actual.tasks);
  });
});
