// Issue 6: semantic rules of the result envelope (spec: Result envelope; Validation order, step 8;
// States and transitions, fallback rules). The goldens in test/golden/contracts/result show one
// broken rule per case; these tests prove what a single example cannot: boundaries, stage order,
// that the embedded output is checked exactly like a standalone one, and that checks never mutate.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { checkForecastOutputAt } from "../../compiler/contracts/checks/check-forecast-output.js";
import { ContractReport } from "../../compiler/contracts/contract-report.js";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { DataProcessingTask, ForecastOutput, ProcessingResult, ProcessorRequest } from "../../generated/types.js";
import { fromRoot } from "../helpers/paths.js";

const fixture = <T>(name: string): T => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", `${name}.json`), "utf8")) as T;
const task = fixture<DataProcessingTask>("task");
const request = fixture<ProcessorRequest>("processor-request");
const produced = (): ProcessingResult => fixture<ProcessingResult>("result-produced");
const codes = (document: unknown, context = { task, request }): string[] => validateContract(document, context).diagnostics.map((d) => `${d.code} ${d.path}`);

describe("result envelope checks (compiler/contracts/checks/check-result.ts)", () => {
  it("a value of 1e999 (Infinity after JSON.parse) is refused by the schema (spec: Common encoding rules, Numbers are finite)", () => {
    const text = JSON.stringify(produced()).replace('"value":43.5', '"value":1e999');
    const document: unknown = JSON.parse(text);
    expect((document as ProcessingResult).output!.points[0]!.value).to.equal(Number.POSITIVE_INFINITY);
    expect(codes(document)).to.deep.equal(["schema/type /output/points/0/value"]);
  });

  it("NaN and -Infinity in a quantile are refused as well (spec: Forecast invariants, values and quantile values are finite)", () => {
    for (const bad of [Number.NaN, Number.NEGATIVE_INFINITY]) {
      const result = produced();
      result.output!.points[1]!.quantiles![2]!.value = bad;
      expect(codes(result)).to.deep.equal(["schema/type /output/points/1/quantiles/2/value"]);
    }
  });

  it("a result for another request is rejected for that alone, not for its output too (spec: Validation order, step 8)", () => {
    const result = produced();
    result.request_id = "req-0002";
    result.output!.points.forEach((p) => (p.value = -1));
    result.output!.unit = "W";
    expect(codes(result)).to.deep.equal(["result/request-id-mismatch /request_id"]);
  });

  it("issued_at exactly at the deadline is accepted, one millisecond later is not (spec: Processor request, deadline)", () => {
    const atDeadline = produced();
    atDeadline.issued_at = request.deadline;
    expect(codes(atDeadline)).to.deep.equal([]);
    const late = produced();
    late.issued_at = "2026-03-01T12:00:35.001Z";
    expect(codes(late)).to.deep.equal(["result/issued-after-deadline /issued_at"]);
  });

  it("issued_at up to 5 s before submitted_at is clock skew and accepted; earlier is refused", () => {
    const skewed = produced();
    skewed.issued_at = "2026-03-01T12:00:00Z"; // submitted 12:00:05
    expect(codes(skewed)).to.deep.equal([]);
    skewed.issued_at = "2026-03-01T11:59:59.999Z";
    expect(codes(skewed)).to.deep.equal(["result/issued-before-submitted /issued_at"]);
  });

  it("expiry exactly at expires_after_seconds is within policy, one millisecond more is not (spec: Result envelope, expires_at)", () => {
    const result = produced();
    result.issued_at = "2026-03-01T12:00:10Z";
    result.expires_at = "2026-03-01T13:00:10Z";
    expect(codes(result)).to.deep.equal([]);
    result.expires_at = "2026-03-01T13:00:10.001Z";
    expect(codes(result)).to.deep.equal(["result/expiry-beyond-policy /expires_at"]);
  });

  it("input_watermark is compared as an instant: a zero fraction may be omitted (spec: Common encoding rules, Times)", () => {
    const frameWatermark: ProcessorRequest = {
      ...request,
      frame: { ...request.frame, quality: { ...request.frame.quality, input_watermark: "2026-03-01T11:59:42.100Z" } },
    };
    const result = produced();
    result.input_watermark = "2026-03-01T11:59:42.1Z";
    expect(codes(result, { task, request: frameWatermark })).to.deep.equal([]);
  });

  it("a warning that a fallback was used or applied on a produced result is a promoted fallback (spec: a processor cannot promote fallback to produced)", () => {
    const result = produced();
    result.warnings = ["LOW_CONFIDENCE", "PERSISTENCE_FALLBACK_APPLIED"];
    expect(codes(result)).to.deep.equal(["result/fallback-promoted /warnings/1"]);
    result.warnings = ["MODEL_FALLBACK_USED"];
    expect(codes(result)).to.deep.equal(["result/fallback-promoted /warnings/0"]);
    result.warnings = ["NO_FALLBACK_NEEDED", "FALLBACK_AVAILABLE"];
    expect(codes(result)).to.deep.equal([]);
  });

  it("a fallback's zero series is valid only when the task allows zero_baseline, and stays labelled fallback (spec: Fallback rules)", () => {
    const result = fixture<ProcessingResult>("result-fallback");
    result.output!.points.forEach((p) => {
      p.value = 0;
      p.quantiles!.forEach((q) => (q.value = 0));
    });
    expect(codes(result)).to.deep.equal(["result/zero-series /output/points"]);
    const zeroTask = structuredClone(task);
    zeroTask.output.fallback_policies!.push({ strategy: "zero_baseline", version: "1", source_feature: "site_load", max_output_age_seconds: 900 });
    expect(codes(result, { task: zeroTask, request })).to.deep.equal([]);
  });

  it("the embedded output gets exactly the standalone forecast-output diagnostics, under /output (spec: Result envelope, output is the typed output)", () => {
    const breakages: Array<(o: ForecastOutput) => void> = [
      (o) => (o.points[2]!.timestamp = "2026-03-01T12:50:00Z"),
      (o) => o.points.pop(),
      (o) => (o.points[0]!.quantiles![2]!.value = 0),
      (o) => (o.sign_convention = "positive_generation"),
      (o) => o.points.forEach((p) => delete p.quantiles),
    ];
    for (const breakIt of breakages) {
      const result = produced();
      breakIt(result.output!);
      const alone = new ContractReport();
      checkForecastOutputAt(result.output!, "", { task, request }, alone);
      const embedded = validateContract(result, { task, request }).diagnostics;
      expect(alone.diagnostics).to.have.length.greaterThan(0);
      expect(embedded).to.deep.equal(alone.diagnostics.map((d) => ({ ...d, path: `/output${d.path}` })));
    }
  });

  it("checks never mutate the document or its context (spec: semantic checks report, never change input)", () => {
    const names = ["result-produced", "result-fallback", "result-unavailable", "forecast-output", "derived-data", "error", "forecast-contract"];
    for (const name of names) {
      const document = fixture<Record<string, unknown>>(name);
      const context = { task: structuredClone(task), request: structuredClone(request) };
      const before = structuredClone({ document, context });
      validateContract(document, context);
      expect({ document, context }, name).to.deep.equal(before);
    }
  });
});

describe("issue 16.14: the unavailable member (spec: Result envelope, unavailable {reason_code, retryable, retry_after_seconds})", () => {
  const unavailable = (info: unknown): unknown => ({
    ...fixture<Record<string, unknown>>("result-unavailable"),
    unavailable: info,
  });

  it("issue 16.14: all three members with retryable false and retry_after_seconds 3600 are accepted", () => {
    expect(codes(unavailable({ reason_code: "INSUFFICIENT_HISTORY", retryable: false, retry_after_seconds: 3600 }))).to.deep.equal([]);
  });

  it("issue 16.14: retry_after_seconds is a positive integer; a retryable answer still says when", () => {
    expect(codes(unavailable({ reason_code: "INSUFFICIENT_HISTORY", retryable: false, retry_after_seconds: 0 }))).to.deep.equal(["schema/minimum /unavailable/retry_after_seconds"]);
    expect(codes(unavailable({ reason_code: "INSUFFICIENT_HISTORY", retryable: false, retry_after_seconds: 1.5 }))).to.deep.equal(["schema/type /unavailable/retry_after_seconds"]);
    expect(codes(unavailable({ reason_code: "MODEL_RUNTIME_UNAVAILABLE", retryable: true }))).to.deep.equal(["schema/required /unavailable"]);
    expect(codes(unavailable({ reason_code: "INSUFFICIENT_HISTORY", retryable: false }))).to.deep.equal([]);
  });
});
