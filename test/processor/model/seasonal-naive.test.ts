// Issue 7, item 5: the reference model (runtime/processor/model/seasonal-naive.ts) on its own:
// seasonal-naive with a daily season blended with the recent level, missing cells skipped,
// quantiles from in-sample residuals (spec: Forecast invariants; Processor obligations).
import { expect } from "chai";
import fc from "fast-check";
import {
  SEASONAL_NAIVE,
  empiricalQuantile,
  inSampleResiduals,
  levelCells,
  modelDescription,
  modelDigest,
  recentLevel,
  residualOffsets,
  seasonSteps,
  seasonalAnchor,
  seasonalNaiveForecast,
  type TargetHistory,
} from "../../../runtime/processor/model/index.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const CADENCE = 900;
const DAY = 96; // 15-minute cells per day
const AS_OF = Date.UTC(2026, 2, 2, 12, 0, 0);
const W = SEASONAL_NAIVE.seasonalWeight;

/** A daily curve with a sharp evening peak, kW. */
const curve = (t: number): number => {
  const hour = (t / 3_600_000) % 24;
  return 40 + 15 * Math.sin(((hour - 8) / 24) * 2 * Math.PI) + (hour >= 18 && hour < 19 ? 12 : 0);
};

function history(days: number, value: (t: number, i: number) => number | null = (t) => curve(t), cadence = CADENCE): TargetHistory {
  const n = (days * 86_400) / cadence;
  const values = Array.from({ length: n }, (_, i) => value(AS_OF - (n - 1 - i) * cadence * 1000, i));
  return { asOf: AS_OF, cadenceSeconds: cadence, values };
}


describe("reference model: seasonal-naive with a daily season and the recent level (runtime/processor/model)", () => {
  it("issue 7 item 5 (seasonal-naive, daily season, blended with the recent level): recovers the daily curve: value = w * curve(L) + (1 - w) * level at every step of a one-day horizon", () => {
    const h = history(2);
    const outcome = seasonalNaiveForecast(h, DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    const level = recentLevel(h.values, h.values.length - 1, levelCells(CADENCE))!;
    expect(level).to.be.closeTo((curve(AS_OF) + curve(AS_OF - 900_000) + curve(AS_OF - 1_800_000) + curve(AS_OF - 2_700_000)) / 4, 1e-9);
    expect(outcome.points).to.have.length(DAY);
    outcome.points.forEach((p, i) => {
      expect(p.t).to.equal(AS_OF + (i + 1) * CADENCE * 1000);
      expect((p.value - (1 - W) * level) / W).to.be.closeTo(curve(p.t), 1e-9);
      expect(p.quantiles).to.equal(undefined);
    });
  });

  it("keeps the curve's shape: the forecast peaks at the curve's peak hour, and beats persistence on it", () => {
    const outcome = seasonalNaiveForecast(history(7), DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    const peak = (xs: Array<{ t: number; v: number }>): number => xs.reduce((a, b) => (b.v > a.v ? b : a)).t;
    const truth = outcome.points.map((p) => ({ t: p.t, v: curve(p.t) }));
    expect(peak(outcome.points.map((p) => ({ t: p.t, v: p.value })))).to.equal(peak(truth));
    const mae = (forecast: (t: number) => number): number => truth.reduce((sum, x) => sum + Math.abs(forecast(x.t) - x.v), 0) / truth.length;
    const model = new Map(outcome.points.map((p) => [p.t, p.value]));
    expect(mae((t) => model.get(t)!)).to.be.lessThan(mae(() => curve(AS_OF)) / 2);
  });

  it("a horizon beyond one day reuses the latest same-time-of-day cell (step h and h + 96 agree)", () => {
    const outcome = seasonalNaiveForecast(history(1), 2 * DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    for (let i = 0; i < DAY; i++) expect(outcome.points[i + DAY]!.value).to.equal(outcome.points[i]!.value);
  });

  it("spec Processing frame (missing is never turned into zero): skips missing cells: the anchor falls back a whole day, the level takes the last k non-missing cells, nothing is read as zero", () => {
    const full = history(3);
    const n = full.values.length;
    const holes = new Set([n - 1, n - 3, n - DAY + 4, n - DAY + 5]); // the newest cells and two anchors of yesterday
    const holed: TargetHistory = { ...full, values: full.values.map((v, i) => (holes.has(i) ? null : v)) };
    const outcome = seasonalNaiveForecast(holed, DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    const level = (full.values[n - 2]! + full.values[n - 4]! + full.values[n - 5]! + full.values[n - 6]!) / 4;
    expect(recentLevel(holed.values, n - 1, 4)).to.equal(level);
    // Steps 5 and 6 (anchors n - 96 + 4 and + 5 missing) use the cell two days back: the same curve value.
    for (const step of [5, 6]) {
      expect(seasonalAnchor(holed.values, n - 1 + step, DAY)).to.equal(full.values[n - 1 + step - 2 * DAY]);
      expect(outcome.points[step - 1]!.value).to.be.closeTo(W * curve(outcome.points[step - 1]!.t) + (1 - W) * level, 1e-9);
    }
    expect(outcome.points.every((p) => Number.isFinite(p.value) && p.value > 20)).to.equal(true);
  });

  it("spec Result envelope (reason code INSUFFICIENT_HISTORY): with less than one day of history the model has no forecast", () => {
    expect(seasonalNaiveForecast(history(0.5), 4)).to.deep.equal({ ok: false, reason: "INSUFFICIENT_HISTORY" });
    const short = history(1);
    expect(seasonalNaiveForecast({ ...short, values: short.values.slice(1) }, 4)).to.deep.equal({ ok: false, reason: "INSUFFICIENT_HISTORY" });
  });

  it("a day whose same-time-of-day cells are all missing, or a history without any value, is INSUFFICIENT_HISTORY too", () => {
    const h = history(2);
    const n = h.values.length;
    const noAnchor = h.values.map((v, i) => (i === n - DAY || i === n - 2 * DAY ? null : v));
    expect(seasonalNaiveForecast({ ...h, values: noAnchor }, 1)).to.deep.equal({ ok: false, reason: "INSUFFICIENT_HISTORY" });
    expect(seasonalNaiveForecast({ ...h, values: h.values.map(() => null) }, 1)).to.deep.equal({ ok: false, reason: "INSUFFICIENT_HISTORY" });
  });

  it("a cadence that does not divide a day has no same-time-of-day cell: SEASON_NOT_ALIGNED", () => {
    expect(seasonSteps(420)).to.equal(undefined);
    expect(seasonSteps(900)).to.equal(96);
    expect(seasonSteps(86_400)).to.equal(1);
    expect(seasonSteps(172_800)).to.equal(undefined);
    expect(seasonalNaiveForecast(history(2, (t) => curve(t), 420), 4)).to.deep.equal({ ok: false, reason: "SEASON_NOT_ALIGNED" });
  });

  it("the level window is one hour of cells, at least one", () => {
    expect([levelCells(60), levelCells(900), levelCells(3600), levelCells(86_400)]).to.deep.equal([60, 4, 1, 1]);
  });

  it("spec Forecast invariants: quantiles are exactly the requested probabilities, non-decreasing at every point, the 0.5 quantile equal to the value", () => {
    const random = seededRandom(7);
    const probabilities = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95];
    const outcome = seasonalNaiveForecast(history(7, (t) => curve(t) + 6 * (random() - 0.5)), DAY, probabilities);
    if (!outcome.ok) throw new Error(outcome.reason);
    for (const point of outcome.points) {
      const qs = point.quantiles!;
      expect(qs.map((q) => q.probability)).to.deep.equal(probabilities);
      for (let i = 1; i < qs.length; i++) expect(qs[i]!.value).to.be.at.least(qs[i - 1]!.value);
      expect(qs[3]!.value).to.equal(point.value);
      expect(qs[6]!.value - qs[0]!.value).to.be.greaterThan(1); // noise gives the interval a real width
    }
  });

  it("quantiles without 0.5 still centre on the value (below it for p < 0.5, above for p > 0.5)", () => {
    const random = seededRandom(11);
    const outcome = seasonalNaiveForecast(history(3, (t) => curve(t) + 4 * (random() - 0.5)), 8, [0.2, 0.8]);
    if (!outcome.ok) throw new Error(outcome.reason);
    for (const p of outcome.points) {
      expect(p.quantiles![0]!.value).to.be.at.most(p.value);
      expect(p.quantiles![1]!.value).to.be.at.least(p.value);
    }
  });

  it("quantiles need at least minResiduals in-sample residuals; fewer is INSUFFICIENT_HISTORY", () => {
    const h = history(1, (t) => curve(t));
    const extra = SEASONAL_NAIVE.minResiduals - 1;
    const longer: TargetHistory = { ...h, values: [...Array.from({ length: extra }, (_, i) => curve(AS_OF - (DAY + extra - i - 1) * 900_000)), ...h.values] };
    expect(inSampleResiduals(longer.values, DAY, 4, W)).to.have.length(extra);
    expect(seasonalNaiveForecast(longer, 4, [0.5])).to.deep.equal({ ok: false, reason: "INSUFFICIENT_HISTORY" });
    expect(seasonalNaiveForecast(longer, 4).ok).to.equal(true);
  });

  it("in-sample residuals of a pure daily curve are the level's error only (the same method, one day ahead)", () => {
    const h = history(2);
    const residuals = inSampleResiduals(h.values, DAY, 4, W);
    expect(residuals).to.have.length(DAY);
    const level = recentLevel(h.values, 0, 4)!; // the first origin has one cell
    expect(residuals[0]).to.be.closeTo(h.values[DAY]! - (W * h.values[0]! + (1 - W) * level), 1e-12);
  });
});

describe("reference model: empirical quantiles of residuals (runtime/processor/model/residual-quantiles.ts)", () => {
  it("type 7 (linear interpolation), as numpy's default", () => {
    expect(empiricalQuantile([1, 2, 3, 4], 0.5)).to.equal(2.5);
    expect(empiricalQuantile([1, 2, 3, 4], 0.1)).to.be.closeTo(1.3, 1e-12);
    expect(empiricalQuantile([5], 0.9)).to.equal(5);
  });

  it("offsets are 0 at 0.5, <= 0 below, >= 0 above and non-decreasing, for any residuals and probabilities (property)", () => {
    const probabilitySets = fc
      .uniqueArray(fc.double({ min: 0.001, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 9 })
      .map((ps) => [...ps].sort((a, b) => a - b));
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }), probabilitySets, fc.boolean(), (residuals, ps, withMedian) => {
        const probabilities = withMedian ? [...new Set([...ps, 0.5])].sort((a, b) => a - b) : ps;
        const offsets = residualOffsets(residuals, probabilities);
        probabilities.forEach((p, i) => {
          if (p === 0.5) expect(offsets[i]).to.equal(0);
          if (p < 0.5) expect(offsets[i]).to.be.at.most(0);
          if (p > 0.5) expect(offsets[i]).to.be.at.least(0);
          if (i > 0) expect(offsets[i]).to.be.at.least(offsets[i - 1]!);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("reference model: its artifact digest (runtime/processor/model/parameters.ts)", () => {
  it("is the SHA-256 of the canonical parameter description: fixed, and different when a parameter changes", () => {
    // Pinned: a change here must be deliberate, with a new MODEL_VERSION (results name the artifact).
    expect(modelDigest()).to.equal("sha256:24cb0a4878da56729c03dc371ada5fdb8b9e8de14934483f3338139073221456");
    expect(modelDigest()).to.equal(modelDigest({ ...SEASONAL_NAIVE }));
    expect(modelDigest({ ...SEASONAL_NAIVE, seasonalWeight: 0.6 })).to.not.equal(modelDigest());
    expect(modelDescription()).to.include({ family: "seasonal-naive", version: "1.0.0", seasonal_weight: 0.7, season_seconds: 86_400 });
  });
});
