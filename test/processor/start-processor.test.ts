// The reference processor's server runs inside the service's process: an error of the listening
// server (accept failing, e.g. out of file descriptors) is reported, never thrown.
import { expect } from "chai";
import { startProcessorFixture, type ProcessorFixture } from "./processor-fixture.js";

describe("reference processor server", () => {
  let p: ProcessorFixture;
  beforeEach(async () => (p = await startProcessorFixture({ nowMs: Date.UTC(2025, 0, 1) })));
  afterEach(() => p.close());

  it("issue 16.2 (audit): a server error after listening goes to onInternalError and the processor keeps answering", async () => {
    const failure = Object.assign(new Error("accept EMFILE"), { code: "EMFILE" });
    expect(() => p.server.emit("error", failure)).to.not.throw();
    expect(p.internalErrors).to.deep.equal([failure]);
    expect((await p.get("/v1/health")).status).to.equal(200);
  });
});
