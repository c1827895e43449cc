// The contracts benchmark (bench/contracts.bench.ts) times validation of a generated request; if
// that request were invalid it would time the error path. Its generator must stay valid per the
// spec as the semantic checks grow (spec: Processor request, Processing frame, Grid rules).
import { expect } from "chai";
import { computeInputDigest, type DigestSource } from "../../compiler/contracts/input-digest.js";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import { BENCH_CELLS, benchRequest, benchTask, HISTORY_STEPS, HORIZON_STEPS } from "../../bench/contracts/forecast-request.js";

describe("contracts benchmark request (bench/contracts/forecast-request.ts)", () => {
  const task = benchTask();
  const request = benchRequest();

  it("its task declaration is valid (spec: Task declaration)", () => {
    expect(validateContract(task).diagnostics).to.deep.equal([]);
  });

  it("the request is a valid processor request for that task: no diagnostic at all, not even a warning", () => {
    const { contract, diagnostics } = validateContract(request, { task });
    expect(contract?.id).to.equal("svc.data-processing.request.v1");
    expect(diagnostics).to.deep.equal([]);
  });

  it("carries 7 days of 15-minute history of 10 features (672 x 10 cells) and a one-day horizon of 2 covariates", () => {
    const { history, future_covariates } = request.frame;
    expect(history.timestamps).to.have.length(HISTORY_STEPS).and.to.have.length(672);
    expect(Object.keys(history.features)).to.have.length(10);
    for (const series of Object.values(history.features)) expect((series as { values: unknown[] }).values).to.have.length(672);
    expect(future_covariates?.timestamps).to.have.length(HORIZON_STEPS);
    expect(BENCH_CELLS).to.deep.equal({ history: 6720, future: 192 });
  });

  it("its input_digest is the one the service computes, and the checks notice when it is stale (spec: Processor request, input_digest)", () => {
    const computed = computeInputDigest(request as unknown as DigestSource);
    expect(computed.ok && computed.digest).to.equal(request.input_digest);
    const stale = structuredClone(request);
    (stale.frame.history.features.site_load as { values: unknown[] }).values[0] = 1;
    expect(validateContract(stale, { task }).diagnostics.map((d) => d.path)).to.include("/input_digest");
  });

  it("is the same every time it is generated (the bench measures fixed bytes)", () => {
    expect(benchRequest().input_digest).to.equal(request.input_digest);
  });
});
