// Issue 6: the frame and request rules that goldens cannot show well: the frame rules are the
// same at `` and at `/frame`, stages stop a cascade, a broken big frame gives a bounded report,
// the benchmark's 672 x 10 request is cheap, and the rules no schema-valid document can reach.
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkForecastOptions } from "../../compiler/contracts/checks/check-forecast-options.js";
import { checkProcessorRequest } from "../../compiler/contracts/checks/check-processor-request.js";
import { MAX_CELL_REPORTS } from "../../compiler/contracts/checks/frame/capped-cells.js";
import { ContractReport } from "../../compiler/contracts/contract-report.js";
import { computeInputDigest } from "../../compiler/contracts/input-digest.js";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { DataProcessingTask, ForecastOptions, ProcessingFrame, ProcessorRequest } from "../../generated/types.js";
import { goldenCases } from "../helpers/golden.js";
import { fromRoot } from "../helpers/paths.js";

const fixture = <T>(name: string): T => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", name), "utf8")) as T;
const codesAndPaths = (diagnostics: ReadonlyArray<{ code: string; path?: string }>): string[] => diagnostics.map((d) => `${d.code} ${d.path}`);
const iso = (ms: number): string => new Date(ms).toISOString().replace(".000Z", "Z");

/** The fixture request carrying `frame`, with a correct input_digest. */
function requestWith(frame: ProcessingFrame, patch: (r: ProcessorRequest) => void = () => {}): ProcessorRequest {
  const request = { ...fixture<ProcessorRequest>("processor-request.json"), frame };
  patch(request);
  const digest = computeInputDigest(request);
  if (!digest.ok) throw new Error(JSON.stringify(digest.diagnostics));
  return { ...request, input_digest: digest.digest };
}

/** A coherent request with a history of `steps` x `features` numeric cells (the benchmark's shape). */
function largeRequest(steps: number, features: number): ProcessorRequest {
  const c = 900_000;
  const asOf = Date.UTC(2026, 0, 8);
  const timestamps = Array.from({ length: steps }, (_, i) => iso(asOf - (steps - 1 - i) * c));
  const series: ProcessingFrame["history"]["features"] = {};
  const provenance: ProcessingFrame["provenance"] = [];
  for (let f = 0; f < features; f++) {
    series[`feature_${f}`] = { value_type: "number", unit: "kW", values: timestamps.map((_, i) => Math.round(Math.sin(i + f) * 1e6) / 1e3), quality: timestamps.map(() => "good" as const) };
    provenance.push({ segment: "history", feature: `feature_${f}`, source_kind: "history", watermark: iso(asOf - 1000) });
  }
  const frame: ProcessingFrame = {
    schema: "svc.processing-frame.v1",
    as_of: iso(asOf),
    cadence_seconds: 900,
    history: { timestamps, features: series },
    quality: { input_watermark: iso(asOf - 1000), missing_ratio: 0, max_gap_seconds: 900, live_tail_included: false, substituted_samples: 0 },
    provenance,
  };
  return requestWith(frame, (r) => {
    delete r.artifact;
    delete r.frame.future_covariates;
    r.options = { kind: "forecast", horizon_steps: 4 };
  });
}

describe("frame rules inside a processor request (spec: Processor request, frame: valid processing frame)", () => {
  const root = fromRoot("test/golden/contracts/processing-frame");
  for (const { name, dir } of goldenCases("contracts/processing-frame")) {
    it(`${name}: the request reports what the frame alone reports, below /frame`, () => {
      const frame = JSON.parse(readFileSync(join(dir, "input.json"), "utf8")) as ProcessingFrame;
      const taskFile = join(root, name, "task.json");
      const task = existsSync(taskFile) ? (JSON.parse(readFileSync(taskFile, "utf8")) as DataProcessingTask) : undefined;
      const alone = validateContract(frame, task === undefined ? {} : { task }).diagnostics;
      // The request asks for as many future cells as the frame has, so only the frame's own rules speak.
      const inRequest = requestWith(frame, (r) => {
        r.options = { kind: "forecast", horizon_steps: frame.future_covariates?.timestamps.length ?? 4 };
      });
      const diagnostics = validateContract(inRequest, task === undefined ? {} : { task }).diagnostics;
      const shape = (d: { code: string; severity: string; path?: string }): string => `${d.severity} ${d.code} ${d.path}`;
      expect(diagnostics.map((d) => shape({ ...d, path: d.path?.replace(/^\/frame/, "") }))).to.deep.equal(alone.map(shape));
      for (const d of diagnostics) expect(d.path).to.match(/^\/frame(\/|$)/);
    });
  }
});

describe("processor request stages (spec: Validation order)", () => {
  it("a wrong digest stops the check before the frame's grid is judged", () => {
    const request = requestWith(fixture<ProcessingFrame>("frame.json"));
    request.frame.history.timestamps[1] = "2026-03-01T11:20:00Z";
    expect(codesAndPaths(validateContract(request).diagnostics)).to.deep.equal(["request/input-digest-mismatch /input_digest"]);
    const fixed = requestWith(request.frame);
    expect(codesAndPaths(validateContract(fixed).diagnostics)).to.deep.equal(["frame/history-grid /frame/history/timestamps/1"]);
  });

  it("a task mismatch (stage 3) hides a feature-set problem (stage 4)", () => {
    const frame = fixture<ProcessingFrame>("frame.json");
    (frame.history.features.outdoor_temp as { unit: string }).unit = "degF";
    const request = requestWith(frame, (r) => (r.task.revision = 2));
    const task = fixture<DataProcessingTask>("task.json");
    expect(codesAndPaths(validateContract(request, { task }).diagnostics)).to.deep.equal(["request/task-mismatch /task/revision"]);
  });
});

describe("rules that no schema-valid document reaches (spec: Forecast options, kind equals task kind)", () => {
  // v1 knows only the kind `forecast`; these guard the day a second kind exists.
  it("options for another kind than the request's task: request/options-kind-mismatch", () => {
    const request = requestWith(fixture<ProcessingFrame>("frame.json"), (r) => (r.options = { ...r.options, kind: "classify" as "forecast" }));
    const report = new ContractReport();
    checkProcessorRequest(request, {}, report);
    expect(codesAndPaths(report.diagnostics)).to.deep.equal(["request/options-kind-mismatch /options/kind"]);
  });

  it("options for another kind than the task: options/kind-mismatch", () => {
    const options = fixture<{ options: ForecastOptions }>("process-task-request.json").options;
    const task = fixture<DataProcessingTask>("task.json");
    const report = new ContractReport();
    checkForecastOptions(options, "/options", { ...task, kind: "classify" as "forecast" }, report);
    expect(codesAndPaths(report.diagnostics)).to.deep.equal(["options/kind-mismatch /options/kind"]);
  });
});

describe("aggregate quality (spec: Processing frame, Aggregate quality)", () => {
  function withRatio(missingRatio: number): string[] {
    const frame = fixture<ProcessingFrame>("frame.json");
    frame.history.features.outdoor_temp!.values[0] = null;
    frame.history.features.outdoor_temp!.quality[0] = "missing";
    frame.quality.missing_ratio = missingRatio; // 2 of the 16 required cells (4 x 2 history, 4 x 2 future covariates)
    return codesAndPaths(validateContract(frame).diagnostics);
  }

  it("missing_ratio: a rounded quotient within 1e-9 passes, a wrong one fails", () => {
    expect(withRatio(0.125)).to.deep.equal([]);
    expect(withRatio(0.1250000001)).to.deep.equal([]);
    expect(withRatio(0.1251)).to.deep.equal(["frame/missing-ratio /quality/missing_ratio"]);
    // History cells alone (2 of 8) are not the ratio: missing future covariates count too.
    expect(withRatio(0.25)).to.deep.equal(["frame/missing-ratio /quality/missing_ratio"]);
  });
});

describe("max_gap_seconds against the cells (spec: Aggregate quality, max_gap_seconds; Grid rule 1)", () => {
  const QUALITY = { g: "good", u: "uncertain", s: "substituted", m: "missing" } as const;

  /** The fixture frame with the given history cells (`g m s u`, one letter a cell), its counts recomputed. */
  function gapCodes(cells: Record<string, string>, maxGapSeconds: number): string[] {
    const frame = fixture<ProcessingFrame>("frame.json");
    for (const [name, pattern] of Object.entries(cells)) {
      const quality = pattern.split(" ").map((c) => QUALITY[c as keyof typeof QUALITY]);
      const series = frame.history.features[name] as { quality: typeof quality; values: Array<number | null> };
      series.quality = quality;
      series.values = quality.map((q, i) => (q === "missing" ? null : 40 + i));
    }
    const all = [...Object.values(frame.history.features), ...Object.values(frame.future_covariates!.features)].flatMap((s) => s!.quality);
    frame.quality.missing_ratio = all.filter((q) => q === "missing").length / all.length;
    frame.quality.substituted_samples = all.filter((q) => q === "substituted").length;
    frame.quality.max_gap_seconds = maxGapSeconds;
    return codesAndPaths(validateContract(frame).diagnostics);
  }
  const understated = ["frame/max-gap-understated /quality/max_gap_seconds"];

  it("k missing cells between observed ones prove a gap of more than k·c: exactly k·c passes, less fails", () => {
    expect(gapCodes({ site_load: "g m m g" }, 1800)).to.deep.equal([]);
    expect(gapCodes({ site_load: "g m m g" }, 1799)).to.deep.equal(understated);
    expect(gapCodes({ site_load: "u m u g" }, 899)).to.deep.equal(understated);
  });

  it("the widest run of any history feature sets the bound", () => {
    expect(gapCodes({ site_load: "g m m g", outdoor_temp: "g m g g" }, 900)).to.deep.equal(understated);
    expect(gapCodes({ site_load: "g m g g", outdoor_temp: "g m g g" }, 900)).to.deep.equal([]);
  });

  it("runs at the window's edges bound nothing: the observation beyond them may lie outside the window", () => {
    expect(gapCodes({ site_load: "m m g g" }, 0)).to.deep.equal([]);
    expect(gapCodes({ site_load: "g g m m" }, 0)).to.deep.equal([]);
  });

  it("a substituted cell proves no observation and ends a run", () => {
    expect(gapCodes({ site_load: "g m s g" }, 900)).to.deep.equal([]);
    expect(gapCodes({ site_load: "s m g g" }, 0)).to.deep.equal([]);
  });

  it("the final cell of a live-fed feature proves no observation in its interval (live state may be older)", () => {
    // outdoor_temp's provenance is history_and_live in the fixture.
    expect(gapCodes({ site_load: "g g g g", outdoor_temp: "g m m g" }, 0)).to.deep.equal([]);
    expect(gapCodes({ site_load: "g g g g", outdoor_temp: "g m g g" }, 0)).to.deep.equal(understated);
  });
});

describe("static features against the task (spec: Processing frame, static_features)", () => {
  const task = fixture<DataProcessingTask>("task.json");
  const withStatic: DataProcessingTask = { ...task, inputs: { ...task.inputs, static: [{ name: "site_peak_kw", value_type: "number", unit: "kW", value: 120 }] } };

  it("`{}` or no member is fine when the task declares no static feature", () => {
    expect(validateContract({ ...fixture<ProcessingFrame>("frame.json"), static_features: {} }, { task }).diagnostics).to.deep.equal([]);
  });

  it("a declared static feature is required, whether the member is `{}` or absent: frame/missing-feature", () => {
    const missing = ["frame/missing-feature /static_features"];
    expect(codesAndPaths(validateContract({ ...fixture<ProcessingFrame>("frame.json"), static_features: {} }, { task: withStatic }).diagnostics)).to.deep.equal(missing);
    expect(codesAndPaths(validateContract(fixture<ProcessingFrame>("frame.json"), { task: withStatic }).diagnostics)).to.deep.equal(missing);
  });
});

describe("the benchmark's request: 672 steps x 10 features (spec: Limits; issue 6 performance)", () => {
  it("a coherent one is valid", () => {
    expect(validateContract(largeRequest(672, 10)).diagnostics).to.deep.equal([]);
  });

  it("a broken one reports at most 10 cells per series and rule, then one summary", () => {
    const request = largeRequest(672, 10);
    for (const series of Object.values(request.frame.history.features)) series!.quality = series!.quality.map(() => "missing");
    const diagnostics = validateContract(requestWith(request.frame, (r) => { delete r.artifact; delete r.frame.future_covariates; r.options = request.options; })).diagnostics;
    expect(diagnostics).to.have.length(10 * (MAX_CELL_REPORTS + 1));
    expect(new Set(diagnostics.map((d) => d.code))).to.deep.equal(new Set(["frame/missing-value-quality"]));
    expect(diagnostics[MAX_CELL_REPORTS]!.path).to.equal("/frame/history/features/feature_0/values");
    expect(diagnostics[MAX_CELL_REPORTS]!.message).to.contain("662 more cells");
  });

  it("its semantic check (digest included) runs many times per second", () => {
    const request = largeRequest(672, 10);
    for (let i = 0; i < 5; i++) checkProcessorRequest(request, {}, new ContractReport());
    const runs = 50;
    const start = performance.now();
    for (let i = 0; i < runs; i++) checkProcessorRequest(request, {}, new ContractReport());
    const perRun = (performance.now() - start) / runs;
    // About 2 ms on a laptop core, most of it the digest's canonical JSON; the bound leaves room for a busy CI machine.
    expect(perRun).to.be.below(25);
  });
});

describe("issue 16.17: input_watermark is the newest actual observation (spec: Aggregate quality)", () => {
  /** The fixture frame with the weather forecast issued at 11:55 and the meters last read at `newest`. */
  function staleMeter(inputWatermark: string): string[] {
    const frame = fixture<ProcessingFrame>("frame.json");
    for (const entry of frame.provenance) {
      if (entry.source_kind === "covariate") Object.assign(entry, { watermark: "2026-03-01T11:55:00Z", issued_at: "2026-03-01T11:55:00Z" });
      else entry.watermark = "2026-03-01T11:10:00Z";
    }
    frame.quality.input_watermark = inputWatermark;
    return codesAndPaths(validateContract(frame).diagnostics);
  }

  it("issue 16.17: a forecast's issue time is not an observation: it does not advance input_watermark", () => {
    expect(staleMeter("2026-03-01T11:55:00Z")).to.deep.equal(["frame/watermark-mismatch /quality/input_watermark"]);
    expect(staleMeter("2026-03-01T11:10:00Z")).to.deep.equal([]);
  });

  it("issue 16.17: with the task, a meter 50 minutes old fails max_input_age_seconds 1800 although the forecast is fresh", () => {
    const frame = fixture<ProcessingFrame>("frame.json");
    const task = fixture<DataProcessingTask>("task.json");
    for (const entry of frame.provenance) {
      if (entry.source_kind === "covariate") Object.assign(entry, { watermark: "2026-03-01T11:55:00Z", issued_at: "2026-03-01T11:55:00Z" });
      else entry.watermark = "2026-03-01T11:10:00Z";
    }
    frame.quality.input_watermark = "2026-03-01T11:10:00Z";
    expect(codesAndPaths(validateContract(frame, { task }).diagnostics)).to.deep.equal(["quality/input-too-old /quality/input_watermark"]);
  });
});
