// Issue 6: forecast output invariants (spec: Forecast output; Forecast invariants). Generated
// grids prove the horizon rule across cadences and lengths, which single goldens cannot.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { formatUtcTime, parseUtcTime } from "../../compiler/contracts/utc-time.js";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { ForecastOutput, ProcessorRequest } from "../../generated/types.js";
import { fromRoot } from "../helpers/paths.js";

const fixture = <T>(name: string): T => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", `${name}.json`), "utf8")) as T;
const baseRequest = fixture<ProcessorRequest>("processor-request");
const AS_OF = "2026-03-01T12:00:00Z";

function requestFor(cadence: number, steps: number): ProcessorRequest {
  const { quantiles: _none, ...options } = baseRequest.options;
  return { ...baseRequest, frame: { ...baseRequest.frame, as_of: AS_OF, cadence_seconds: cadence }, options: { ...options, horizon_steps: steps } };
}

function outputFor(cadence: number, steps: number): ForecastOutput {
  const points = Array.from({ length: steps }, (_, k) => ({ timestamp: formatUtcTime(parseUtcTime(AS_OF)! + (k + 1) * cadence * 1000), value: 40 + k }));
  return { ...fixture<ForecastOutput>("forecast-output"), cadence_seconds: cadence, points };
}

const diagnose = (output: ForecastOutput, request: ProcessorRequest): string[] =>
  validateContract(output, { request }).diagnostics.map((d) => `${d.code} ${d.path}`);

describe("forecast output checks (compiler/contracts/checks/check-forecast-output.ts)", () => {
  it("the exact horizon as_of + k × cadence passes for any cadence and length (spec: point timestamps match the requested horizon)", () => {
    for (const cadence of [60, 900, 3600])
      for (const steps of [1, 4, 96]) expect(diagnose(outputFor(cadence, steps), requestFor(cadence, steps)), `${cadence} s × ${steps}`).to.deep.equal([]);
  });

  it("moving any one point by a single second is found (spec: timestamps match the horizon and cadence exactly)", () => {
    for (const steps of [1, 4, 12]) {
      for (let k = 0; k < steps; k++) {
        const output = outputFor(900, steps);
        output.points[k]!.timestamp = formatUtcTime(parseUtcTime(output.points[k]!.timestamp)! + 1000);
        const found = diagnose(output, requestFor(900, steps));
        expect(found, `step ${k} of ${steps}`).to.have.length(1);
        expect(found[0]).to.match(/^forecast\/(cadence-gap|horizon-mismatch) \/points\/\d+\/timestamp$/);
      }
    }
  });

  it("a 192-step horizon shifted by one cadence is one finding, not 192 (spec: Forecast invariants)", () => {
    const output = outputFor(900, 192);
    output.points.forEach((p) => (p.timestamp = formatUtcTime(parseUtcTime(p.timestamp)! + 900_000)));
    const { diagnostics } = validateContract(output, { request: requestFor(900, 192) });
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).to.deep.equal(["forecast/horizon-mismatch /points/0/timestamp"]);
    expect(diagnostics[0]!.message).to.contain("191 more");
  });

  it("impossible dates on every point are one finding at the first of them (spec: Common encoding rules, Times)", () => {
    const output = outputFor(900, 96);
    output.points.forEach((p) => (p.timestamp = "2026-02-30T00:00:00Z"));
    const { diagnostics } = validateContract(output);
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).to.deep.equal(["time/not-a-date /points/0/timestamp"]);
  });

  it("an empty quantiles array is refused by the schema: quantiles are omitted, not empty (spec: quantile values only when quantiles were requested)", () => {
    const output = outputFor(900, 4);
    output.points.forEach((p) => (p.quantiles = []));
    expect(diagnose(output, requestFor(900, 4))).to.deep.equal([0, 1, 2, 3].map((i) => `schema/min-items /points/${i}/quantiles`));
  });

  it("alone, an output is checked only for its own invariants (spec: horizon rules need the request)", () => {
    const output = outputFor(900, 4);
    expect(validateContract(output).diagnostics).to.deep.equal([]);
    expect(diagnose(output, requestFor(900, 8))).to.deep.equal(["forecast/point-count /points"]);
  });
});
