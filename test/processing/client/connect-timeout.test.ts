// Issue 16.7: a processor route's connect_timeout_ms bounds the connection on its own (spec:
// Processor route configuration, Limits). A host that never accepts the connection fails the
// call with the connect-timeout error, not after request_timeout_ms; nothing was sent.
import { expect } from "chai";
import { createProcessorClient } from "../../../runtime/processing/client/index.js";
import { DEADLINE, errorOf, REQUEST, ROUTE, TOKEN, TOKEN_ENV } from "./client-fixture.js";
import { json, startHostileProcessor } from "./hostile-processor.js";
import { startNeverAcceptingHost, type NeverAcceptingHost } from "./never-accepting-host.js";

describe("processor client: connect_timeout_ms (issue 16.7)", function () {
  this.timeout(10_000);
  let host: NeverAcceptingHost;
  before(async () => {
    host = await startNeverAcceptingHost();
  });
  after(() => host.close());

  const client = () =>
    createProcessorClient({ ...ROUTE, endpoint: host.endpoint, connect_timeout_ms: 200, request_timeout_ms: 4000 }, { env: { [TOKEN_ENV]: TOKEN }, now: () => DEADLINE - 10_000 });

  it("issue 16.7: a host that never accepts fails /v1/process with PROCESSOR_CONNECT_TIMEOUT (not sent, retryable), not at request_timeout_ms", async () => {
    const error = errorOf(await client().process(REQUEST));
    expect(error).to.include({ code: "PROCESSOR_CONNECT_TIMEOUT", category: "unavailable", retryable: true, sent: false });
    expect(error.message).to.include("connect_timeout_ms").and.include("200 ms");
    expect(error).not.to.have.property("httpStatus");
  });

  it("issue 16.7: the health check is bounded by connect_timeout_ms as well", async () => {
    expect(errorOf(await client().health())).to.include({ code: "PROCESSOR_CONNECT_TIMEOUT", sent: false });
  });

  it("issue 16.7: a host that accepts at once is not refused by a short connect timeout (it bounds the connection only)", async () => {
    const processor = await startHostileProcessor();
    try {
      processor.answer((req, res, scene) => scene.later(400, () => json(200, { status: "ok" })(req, res, scene)));
      const call = await createProcessorClient({ ...ROUTE, endpoint: processor.endpoint, connect_timeout_ms: 100, request_timeout_ms: 4000 }, { env: { [TOKEN_ENV]: TOKEN }, now: () => DEADLINE - 10_000 }).health();
      expect(call.kind).to.equal("health");
    } finally {
      await processor.close();
    }
  });
});
