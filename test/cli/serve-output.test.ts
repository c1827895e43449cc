// `svc serve` whose log reader goes away (the pipe it writes to is closed) keeps running and
// shuts down cleanly: a write that meets EPIPE is not a crash.
import { expect } from "chai";
import { startServiceChild, type ServiceChild } from "../helpers/service-child.js";

describe("svc serve with a closed output pipe (child process)", function () {
  this.timeout(60_000);
  let svc: ServiceChild;
  beforeEach(async () => (svc = await startServiceChild()));
  afterEach(() => svc.stop());

  it("issue 16.2 (audit): after its stdout and stderr readers are gone it still answers, and SIGTERM still stops it with exit 0", async () => {
    svc.closeOutput();
    expect(await svc.answers()).to.equal(true);
    // The shutdown writes its log lines ("SIGTERM: stopping", "stopped") into the closed pipes.
    expect(await svc.signal("SIGTERM")).to.equal(0);
  });
});
