// Issue 16.16: GET /api/v1/data-processing/tasks fills each entry's artifact from the route's
// processor (its /v1/health descriptor), over real HTTP with the reference processor; when the
// processor cannot be reached the list still answers, with the binding's artifact policy.
import { expect } from "chai";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { RunningProcessor } from "../../runtime/processor/start-processor.js";
import { MODEL_ARTIFACT } from "../../runtime/processor/descriptor.js";
import { demoPack, processingDeps, startReference } from "./data-processing-fixture.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";

describe("data-processing discovery: the artifact the processor names (issue 16.16)", function () {
  this.timeout(20_000);
  const pack = demoPack();
  let processor: RunningProcessor;
  let endpoint = "http://127.0.0.1:9";
  let f: HttpFixture;

  before(async () => {
    processor = await startReference(pack);
    f = await startHttpFixture({ processing: processingDeps({ pack, endpoint: () => endpoint, healthTimeoutMs: 1000 }) });
  });
  after(async () => {
    await f.close();
    await processor.close();
  });

  it("issue 16.16: a processor that cannot be reached leaves the artifact to the binding (null here) and the list still answers", async () => {
    endpoint = "http://127.0.0.1:9";
    const reply = await f.request("GET", "/api/v1/data-processing/tasks", { token: await f.token("Viewer") });
    expect(reply.status).to.equal(200);
    expect(reply.json.items.map((e: { artifact: unknown }) => e.artifact)).to.deep.equal([null, null]);
  });

  it("issue 16.16: each entry names the model artifact and digest its route's processor advertises", async () => {
    endpoint = processor.url;
    // The health route reads the descriptor at once; the tasks list uses it.
    expect((await f.request("GET", "/api/v1/data-processing/processors/health", { token: await f.token("Viewer") })).status).to.equal(200);
    const reply = await f.request("GET", "/api/v1/data-processing/tasks", { token: await f.token("Viewer") });
    expect(reply.status).to.equal(200);
    for (const entry of reply.json.items) {
      expect(entry.artifact).to.deep.equal({ kind: MODEL_ARTIFACT.kind, family: MODEL_ARTIFACT.family, version: MODEL_ARTIFACT.version, digest: MODEL_ARTIFACT.artifact_digest });
      const task = pack.commissioned.find((c) => c.task.id === entry.task.id)!.task;
      expect(validateContract(entry, { contract: "task-discovery-entry", task }).diagnostics).to.deep.equal([]);
    }
  });
});
