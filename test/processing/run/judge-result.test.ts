// A processor's answer becomes derived data, an unavailable outcome, or `rejected` (spec: States
// and transitions; Validation order 8), and the request the service sends is built with its digest.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import { parseUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { DataProcessingTask, ProcessingResult, ProcessorRequest } from "../../../generated/types.js";
import { buildProcessorRequest } from "../../../runtime/processing/run/build-processor-request.js";
import { judgeResult } from "../../../runtime/processing/run/judge-result.js";
import { fromRoot } from "../../helpers/paths.js";

const fixture = <T>(name: string): T => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", `${name}.json`), "utf8")) as T;
const request = fixture<ProcessorRequest>("processor-request");
const task = fixture<DataProcessingTask>("task");
const acceptedAt = parseUtcTime("2026-03-01T12:00:07Z")!;
const judge = (body: unknown, at = acceptedAt) => judgeResult(body, { request, task, resultId: "res-1", acceptedAt: at });

describe("judging a processor's answer (runtime/processing/run)", () => {
  it("a produced result that passes every check becomes derived data with the service's result_id and accepted_at (spec: produced -> accepted)", () => {
    const judged = judge(fixture("result-produced"));
    expect(judged.outcome).to.equal("produced");
    if (judged.outcome !== "produced") return;
    expect(validateContract(judged.derived, { request, task }).diagnostics).to.deep.equal([]);
    expect(judged.derived).to.include({ result_id: "res-1", accepted_at: "2026-03-01T12:00:07Z", request_id: request.request_id, input_digest: request.input_digest, processing_status: "produced" });
    expect(judged.derived.quality).to.deep.equal({ input_watermark: request.frame.quality.input_watermark, missing_ratio: request.frame.quality.missing_ratio, fallback_used: false });
  });

  it("a fallback is accepted as derived data with fallback_used true (spec: fallback -> accepted, quality.fallback_used)", () => {
    const judged = judge(fixture("result-fallback"));
    expect(judged.outcome).to.equal("fallback");
    if (judged.outcome === "fallback") expect(judged.derived.quality.fallback_used).to.equal(true);
  });

  it("unavailable is recorded without output and creates no derived data (spec: unavailable)", () => {
    const judged = judge(fixture("result-unavailable"));
    expect(judged).to.have.property("outcome", "unavailable");
    expect(judged).to.not.have.property("derived");
  });

  it("any failed check is rejected with its diagnostics and no derived data: another request_id, a promoted fallback, an asserted rejected (spec: any check fails -> rejected)", () => {
    const other = { ...fixture<ProcessingResult>("result-produced"), request_id: "req-other" };
    const promoted = { ...fixture<ProcessingResult>("result-produced"), warnings: ["MODEL_FALLBACK_USED"] };
    const asserted = { ...fixture<ProcessingResult>("result-produced"), status: "rejected" };
    const codes = [other, promoted, asserted].map((body) => {
      const judged = judge(body);
      expect(judged).to.not.have.property("derived");
      return judged.outcome === "rejected" ? judged.diagnostics.map((d) => d.code) : [judged.outcome];
    });
    expect(codes).to.deep.equal([["result/request-id-mismatch"], ["result/fallback-promoted"], ["schema/enum"]]);
  });

  it("a result accepted only after it expired is rejected, not stored (derived/expired-on-acceptance)", () => {
    const judged = judge(fixture("result-produced"), parseUtcTime("2026-03-01T13:00:00Z")!);
    expect(judged.outcome).to.equal("rejected");
    if (judged.outcome === "rejected") expect(judged.diagnostics.map((d) => d.code)).to.deep.equal(["derived/expired-on-acceptance"]);
  });

  it("buildProcessorRequest gives the request the service sends, digest included: the sample request exactly (spec: Processor request)", () => {
    const built = buildProcessorRequest({
      requestId: request.request_id,
      submittedAt: parseUtcTime(request.submitted_at)!,
      deadline: parseUtcTime(request.deadline)!,
      task,
      binding: request.binding,
      artifact: request.artifact!,
      frame: request.frame,
      options: request.options,
    });
    expect(built).to.deep.equal({ ok: true, request });
  });
});
