// Frame assembly rules the goldens do not show well (issue 7 item 2): input that cannot make a
// frame is FRAME_INVALID with a path where the frame would carry it, covariates in the history
// segment, and the floor of a cut to the grid.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import type { DataProcessingTask } from "../../../generated/types.js";
import { assembleFrame } from "../../../runtime/processing/frame/assemble-frame.js";
import type { FrameInput } from "../../../runtime/processing/frame/frame-input.js";
import { floorToGrid } from "../../../runtime/processing/frame/grid.js";
import { fromRoot } from "../../helpers/paths.js";

const task = JSON.parse(readFileSync(fromRoot("test/fixtures/contracts/task.json"), "utf8")) as DataProcessingTask;
const C = 900_000;
const AS_OF = Date.UTC(2026, 2, 1, 12);
const codesAndPaths = (input: FrameInput): string[] => {
  const result = assembleFrame(input);
  return result.ok ? [] : result.diagnostics.map((d) => `${d.code} ${d.path}`);
};
const base: FrameInput = {
  task,
  asOf: AS_OF,
  horizonSteps: 4,
  history: {
    site_load: [1, 2, 3, 4].map((i) => ({ t: AS_OF - (4 - i) * C - 60_000, v: 40 + i, seq: i })),
    outdoor_temp: [1, 2, 3, 4].map((i) => ({ t: AS_OF - (4 - i) * C - 120_000, v: 7 + i, seq: i })),
  },
  covariates: { temp_forecast: [1, 2, 3, 4].map((i) => ({ t: AS_OF + i * C, v: 8, issuedAt: AS_OF - 3_600_000 })) },
};

describe("assembleFrame: input that cannot make a frame is FRAME_INVALID (spec: Grid rules 1-3)", () => {
  it("as_of off the epoch-anchored grid; floorToGrid gives the label at or before a cut", () => {
    expect(codesAndPaths({ ...base, asOf: AS_OF + 1 })).to.deep.equal(["frame/as-of-off-grid /as_of"]);
    expect(floorToGrid(AS_OF + C - 1, C)).to.equal(AS_OF);
    expect(floorToGrid(AS_OF, C)).to.equal(AS_OF);
  });

  it("a history that would start before the Unix epoch", () => {
    expect(codesAndPaths({ ...base, asOf: 2 * C })).to.deep.equal(["frame/before-epoch /history/timestamps/0"]);
  });

  it("a horizon of no steps, or more than the task allows", () => {
    expect(codesAndPaths({ ...base, horizonSteps: 0 })).to.deep.equal(["frame/horizon-steps /future_covariates/timestamps"]);
    expect(codesAndPaths({ ...base, horizonSteps: 2.5 })).to.deep.equal(["frame/horizon-steps /future_covariates/timestamps"]);
  });

  it("data for a feature of another source kind: live state of a calendar feature, rows for a measured one", () => {
    expect(codesAndPaths({ ...base, live: { quarter_hour: { t: AS_OF, v: 1 } }, covariates: { site_load: [] } })).to.deep.equal([
      "frame/unexpected-input /future_covariates/features/quarter_hour",
      "frame/unexpected-input /history/features/site_load",
    ]);
  });

  it("a source_ref that is not a semantic identifier (spec: Provenance entry, never a query, path or address)", () => {
    expect(codesAndPaths({ ...base, sourceRefs: { site_load: "https://meter.example/x" } })).to.deep.equal(["frame/source-ref /history/features/site_load"]);
  });

  it("a calendar feature in a timezone Intl does not know", () => {
    const lost = { ...task, frame: { ...task.frame, timezone: "Mars/Olympus_Mons" } };
    expect(codesAndPaths({ ...base, task: lost })).to.deep.equal(["frame/unknown-timezone /future_covariates/features/quarter_hour"]);
  });
});

describe("assembleFrame: a covariate declared in the history segment", () => {
  const withHistoryCovariate: DataProcessingTask = {
    ...task,
    inputs: {
      ...task.inputs,
      history: [...task.inputs.history, { name: "temp_observed", unit: "degC", source: { kind: "covariate", dataset_ref: "weather.analysis", field: "air_temperature" } }],
    },
  };

  it("reads the newest issue at or before as_of per history label, counts as observed, and its gaps count", () => {
    const rows = [
      { t: AS_OF - 3 * C, v: 5, issuedAt: AS_OF - 3 * C },
      { t: AS_OF, v: 6, issuedAt: AS_OF - 60_000 },
      { t: AS_OF, v: 7, issuedAt: AS_OF + 1 }, // issued after as_of: never used
    ];
    const result = assembleFrame({ ...base, task: withHistoryCovariate, covariates: { ...base.covariates, temp_observed: rows } });
    if (!result.ok) expect.fail(JSON.stringify(result.diagnostics));
    expect(result.frame.history.features.temp_observed!.values).to.deep.equal([5, null, null, 6]);
    const entry = result.frame.provenance.find((e) => e.feature === "temp_observed");
    expect(entry).to.deep.include({ segment: "history", source_kind: "covariate", source_ref: "weather.analysis.air_temperature", watermark: "2026-03-01T11:59:00Z", issued_at: "2026-03-01T11:15:00Z" });
    // Present at 11:15 and 12:00 with two missing cells between: a 45 minute stretch without an observation.
    expect(result.frame.quality.max_gap_seconds).to.equal(2700);
    expect(validateContract(result.frame, { task: withHistoryCovariate }).diagnostics.filter((d) => d.severity === "error")).to.deep.equal([]);
  });
});

describe("assembleFrame: input_watermark (spec: Aggregate quality, input_watermark)", () => {
  it("issue 16.17: a weather forecast issued 5 minutes ago does not hide a meter last read 50 minutes ago", () => {
    const stale: FrameInput = {
      ...base,
      task: { ...task, quality: { ...task.quality, max_missing_ratio: 1, max_gap_seconds: 86_400 } },
      history: { site_load: [{ t: AS_OF - 50 * 60_000, v: 41, seq: 1 }], outdoor_temp: [{ t: AS_OF - 55 * 60_000, v: 7, seq: 1 }] },
      covariates: { temp_forecast: [1, 2, 3, 4].map((i) => ({ t: AS_OF + i * C, v: 8, issuedAt: AS_OF - 5 * 60_000 })) },
    };
    const result = assembleFrame(stale);
    if (result.ok) expect.fail(`a frame whose newest measurement is 50 minutes old was accepted with input_watermark ${result.frame.quality.input_watermark}`);
    if (result.code !== "QUALITY_REJECTED") expect.fail(`expected QUALITY_REJECTED, got ${result.code}`);
    expect(result.diagnostics.map((d) => d.code)).to.deep.equal(["quality/input-too-old"]);
    expect(result.frame.quality.input_watermark).to.equal("2026-03-01T11:10:00Z");
    // The forecast keeps its own issue time as its entry's watermark.
    expect(result.frame.provenance.find((e) => e.feature === "temp_forecast")).to.deep.include({ watermark: "2026-03-01T11:55:00Z", issued_at: "2026-03-01T11:55:00Z" });
  });
});
