// The history grid against a second, deliberately naive computation (issue 7 items 2 and 7; spec:
// Grid rules 1, 2, 4-6): for each label t, filter the raw samples with t-c < time <= t, drop the
// non-finite ones, resolve duplicates, sort, aggregate; then the live tail. Random samples (on,
// next to and between labels, before the window and after as_of, duplicates, NaN), cadences,
// window lengths, aggregations and duplicate policies. Every assembled frame passes its contract.
import { expect } from "chai";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import type { Aggregation, DataProcessingTask, DuplicatePolicy, ProcessingFrame } from "../../../generated/types.js";
import { assembleFrame } from "../../../runtime/processing/frame/assemble-frame.js";
import type { LiveValue, RawSample } from "../../../runtime/processing/frame/frame-input.js";
import { fromRoot } from "../../helpers/paths.js";

interface Case {
  cadenceMs: number;
  steps: number;
  asOf: number;
  aggregation: Aggregation;
  duplicatePolicy: DuplicatePolicy;
  liveTail: boolean;
  samples: RawSample[];
  live: LiveValue | undefined;
}

const fixtureTask = JSON.parse(readFileSync(fromRoot("test/fixtures/contracts/task.json"), "utf8")) as DataProcessingTask;

/** One measured history feature, site_load, with the case's alignment and a policy that accepts anything. */
function taskFor(c: Case): DataProcessingTask {
  return {
    ...fixtureTask,
    frame: { cadence_seconds: c.cadenceMs / 1000, history_steps: c.steps, horizon_steps: 1, timezone: "UTC", live_tail: c.liveTail ? "allowed" : "forbidden" },
    inputs: { history: [fixtureTask.inputs.history[0]!] },
    alignment: {
      aggregation: "mean",
      timestamp_semantics: "interval_end",
      duplicate_policy: "latest",
      feature_policies: [{ name: "site_load", aggregation: c.aggregation, duplicate_policy: c.duplicatePolicy, ...(c.liveTail ? { live_tail: true } : {}) }],
    },
    missing_policy: "allow",
    quality: { max_input_age_seconds: 1e12, max_gap_seconds: 1e12, max_missing_ratio: 1, require_input_watermark: false, require_covariate_issue_time_not_after_as_of: true },
  };
}

const value = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((v) => (v === 0 ? 0 : v)) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity) },
);

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    cadenceMs: fc.oneof(fc.constantFrom(1, 60, 300, 900, 3600, 86400), fc.integer({ min: 1, max: 7200 })).map((s) => s * 1000),
    steps: fc.integer({ min: 1, max: 24 }),
    aggregation: fc.constantFrom<Aggregation>("mean", "sum", "last", "min", "max"),
    duplicatePolicy: fc.constantFrom<DuplicatePolicy>("latest", "reject"),
    liveTail: fc.boolean(),
    gridIndex: fc.integer({ min: 30, max: 2_000_000 }),
  })
  .chain((base) => {
    const c = base.cadenceMs;
    const asOf = base.gridIndex * c;
    // Offsets from as_of: on labels, one millisecond either side, anywhere, before the window, after as_of.
    const label = fc.integer({ min: -base.steps - 1, max: 1 }).map((i) => asOf + i * c);
    const time = fc.oneof(label, label.map((t) => t + 1), label.map((t) => t - 1), fc.integer({ min: asOf - (base.steps + 1) * c, max: asOf + c }));
    const sample = fc.record({ t: time, v: value, seq: fc.integer({ min: 0, max: 30 }) });
    return fc.record({
      samples: fc.array(sample, { maxLength: 60 }),
      live: fc.option(fc.record({ t: fc.oneof(time, fc.integer({ min: asOf - c, max: asOf })), v: value }), { nil: undefined }),
    }).map(({ samples, live }) => ({ ...base, asOf, samples, live, liveTail: base.liveTail && base.aggregation === "last" }));
  });

/** Live-tail cases: `last` with the tail allowed, the live value on the edges that matter or on a sample's time. */
const liveCaseArb: fc.Arbitrary<Case> = caseArb.chain((c) => {
  const edges = [c.asOf, c.asOf - 1, c.asOf + 1, c.asOf - c.cadenceMs, c.asOf - c.cadenceMs + 1, ...c.samples.map((s) => s.t)];
  return fc.record({ t: fc.constantFrom(...edges), v: value }).map((live) => ({ ...c, aggregation: "last" as const, liveTail: true, live }));
});

interface Expected {
  rejected: boolean;
  values: Array<number | null>;
  watermark: number | undefined;
  live: boolean;
  maxGapSeconds: number;
}

/** The plain loop: no sorting of the whole input, no moving index, nothing shared with the runtime. */
function naive(c: Case): Expected {
  const { cadenceMs, steps, asOf } = c;
  const labels = Array.from({ length: steps }, (_, i) => asOf - (steps - 1 - i) * cadenceMs);
  let rejected = false;
  const participating: number[][] = [];
  const values = labels.map((t) => {
    const inBucket = c.samples.filter((s) => s.t > t - cadenceMs && s.t <= t && Number.isFinite(s.v));
    const byTime = new Map<number, RawSample>();
    for (const s of inBucket) {
      const seen = byTime.get(s.t);
      if (seen !== undefined && c.duplicatePolicy === "reject") rejected = true;
      // latest: the highest write order; of equal ones, the later in the input.
      if (seen === undefined || s.seq >= seen.seq) byTime.set(s.t, s);
    }
    const resolved = [...byTime.values()].sort((a, b) => a.t - b.t);
    participating.push(resolved.map((s) => s.t));
    if (resolved.length === 0) return null;
    const vs = resolved.map((s) => s.v);
    switch (c.aggregation) {
      case "mean":
        return vs.reduce((a, b) => a + b) / vs.length;
      case "sum":
        return vs.reduce((a, b) => a + b);
      case "last":
        return vs[vs.length - 1]!;
      case "min":
        return vs.reduce((a, b) => (b < a ? b : a));
      case "max":
        return vs.reduce((a, b) => (b > a ? b : a));
    }
  });
  const finalTimes = participating[steps - 1]!;
  const live = c.live;
  const useLive = c.liveTail && live !== undefined && Number.isFinite(live.v) && live.t <= asOf && live.t > asOf - cadenceMs && finalTimes.every((t) => live.t > t);
  if (useLive) {
    values[steps - 1] = live.v;
    participating[steps - 1] = [live.t];
  }
  const times = participating.flat();
  const edges = [asOf - steps * cadenceMs, ...times, asOf];
  let gap = 0;
  for (let i = 1; i < edges.length; i++) gap = Math.max(gap, edges[i]! - edges[i - 1]!);
  return { rejected, values, watermark: times.length === 0 ? undefined : Math.max(...times), live: useLive, maxGapSeconds: Math.ceil(gap / 1000) };
}

function assemble(c: Case): ReturnType<typeof assembleFrame> {
  const history = { site_load: c.samples };
  return assembleFrame({ task: taskFor(c), asOf: c.asOf, horizonSteps: 1, history, ...(c.live === undefined ? {} : { live: { site_load: c.live } }) });
}

const iso = (ms: number): string => new Date(ms).toISOString().replace(".000Z", "Z");

describe("frame assembly against a naive loop over the raw samples (spec: Grid rules; issue 7 item 2)", () => {
  it("history cells, watermark, live tail and max gap agree with the plain loop; duplicates under reject are FRAME_INVALID", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const expected = naive(c);
        const result = assemble(c);
        if (expected.rejected) {
          expect(result.ok).to.equal(false);
          if (!result.ok) {
            expect(result.code).to.equal("FRAME_INVALID");
            expect(result.diagnostics.map((d) => d.code)).to.include("frame/duplicate-sample");
          }
          return;
        }
        if (!result.ok) expect.fail(JSON.stringify(result.diagnostics));
        const frame = result.frame;
        const series = frame.history.features.site_load!;
        expect(series.values).to.deep.equal(expected.values);
        expect(series.quality).to.deep.equal(expected.values.map((v) => (v === null ? "missing" : "good")));
        expect(frame.quality.input_watermark).to.equal(expected.watermark === undefined ? null : iso(expected.watermark));
        expect(frame.quality.live_tail_included).to.equal(expected.live);
        expect(frame.quality.max_gap_seconds).to.equal(expected.maxGapSeconds);
        expect(validateContract(frame, { task: taskFor(c) }).diagnostics.filter((d) => d.severity === "error")).to.deep.equal([]);
      }),
      { numRuns: 400 },
    );
  });

  it("the live tail replaces only the final cell, only when newer than its stored samples and not after as_of (grid rule 5)", () => {
    fc.assert(
      fc.property(liveCaseArb, (c) => {
        const expected = naive(c);
        const result = assemble(c);
        if (expected.rejected || !result.ok) return void expect(expected.rejected && !result.ok).to.equal(true);
        expect(result.frame.history.features.site_load!.values).to.deep.equal(expected.values);
        expect(result.frame.quality.live_tail_included).to.equal(expected.live);
        expect(result.frame.quality.input_watermark).to.equal(expected.watermark === undefined ? null : iso(expected.watermark));
        expect(result.frame.quality.max_gap_seconds).to.equal(expected.maxGapSeconds);
      }),
      { numRuns: 300 },
    );
  });

  it("max_gap_seconds is never below t2 - t1 - c for present cells t1 < t2 with only missing cells between (contract: frame/max-gap-understated)", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const result = assemble(c);
        if (!result.ok) return;
        const frame: ProcessingFrame = result.frame;
        const values = frame.history.features.site_load!.values;
        const labels = frame.history.timestamps.map((t) => Date.parse(t));
        let previous: number | undefined;
        values.forEach((v, i) => {
          if (v === null) return;
          if (previous !== undefined) expect(frame.quality.max_gap_seconds * 1000).to.be.at.least(labels[i]! - labels[previous]! - c.cadenceMs);
          previous = i;
        });
      }),
      { numRuns: 200 },
    );
  });

  it("does not change its input (the samples are sorted on a copy)", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const before = JSON.stringify(c.samples);
        assemble(c);
        expect(JSON.stringify(c.samples)).to.equal(before);
      }),
      { numRuns: 50 },
    );
  });
});
