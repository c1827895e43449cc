// Issue 7, item 5 and issue 16, item 18: the reference model (runtime/processor/model/seasonal-naive.ts)
// on its own: a daily seasonal profile (the mean of up to a week of same-time-of-day cells)
// adjusted by the recent deviation from it, fading over the horizon; missing cells skipped,
// quantiles from in-sample residuals (spec: Forecast invariants; Processor obligations).
import { expect } from "chai";
import fc from "fast-check";
import {
  SEASONAL_NAIVE,
  correctionCells,
  correctionWeight,
  empiricalQuantile,
  inSampleResiduals,
  modelDescription,
  modelDigest,
  observedSums,
  originAt,
  recentDeviation,
  residualOffsets,
  seasonSteps,
  seasonalNaiveForecast,
  seasonalProfile,
  type TargetHistory,
} from "../../../runtime/processor/model/index.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const CADENCE = 900;
const DAY = 96; // 15-minute cells per day
const AS_OF = Date.UTC(2026, 2, 2, 12, 0, 0);
const WEEK = SEASONAL_NAIVE.profileDays;

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


describe("reference model: a daily seasonal profile and the recent deviation from it (runtime/processor/model)", () => {
  it("issue 7 item 5 (seasonal-naive, daily season): recovers the daily curve exactly: on a pure daily curve the deviation is 0 and value = curve(L) at every step of a one-day horizon", () => {
    const h = history(2);
    const outcome = seasonalNaiveForecast(h, DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(recentDeviation(originAt(h.values, observedSums(h.values), h.values.length - 1, DAY, WEEK), correctionCells(CADENCE))).to.be.closeTo(0, 1e-9);
    expect(outcome.points).to.have.length(DAY);
    outcome.points.forEach((p, i) => {
      expect(p.t).to.equal(AS_OF + (i + 1) * CADENCE * 1000);
      expect(p.value).to.be.closeTo(curve(p.t), 1e-9);
      expect(p.quantiles).to.equal(undefined);
    });
  });

  it("issue 16.18: a day running higher than the week moves the whole profile by the difference of the days' levels and keeps the daily shape (no flat level blended in)", () => {
    const h = history(7, (t) => curve(t) + (AS_OF - t < 86_400_000 ? 30 : 0)); // the last 24 h, 30 kW higher
    const outcome = seasonalNaiveForecast(h, DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    // The last hour runs exactly on its own profile (its level is the same day's): no deviation.
    const origin = originAt(h.values, observedSums(h.values), h.values.length - 1, DAY, WEEK);
    expect(recentDeviation(origin, correctionCells(CADENCE))).to.be.closeTo(0, 1e-9);
    outcome.points.forEach((p) => expect(p.value).to.be.closeTo(curve(p.t) + 30, 1e-9));
  });

  it("issue 16.18: the profile is the median of the earlier days' shapes: one odd day (an extra evening peak) moves nothing", () => {
    const odd = (t: number): boolean => AS_OF - t >= 3 * 86_400_000 && AS_OF - t < 4 * 86_400_000 && (t / 3_600_000) % 24 >= 18 && (t / 3_600_000) % 24 < 21;
    const h = history(7, (t) => curve(t) + (odd(t) ? 50 : 0));
    const outcome = seasonalNaiveForecast(h, DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    outcome.points.forEach((p) => expect(p.value).to.be.closeTo(curve(p.t), 1e-9));
  });

  it("issue 16.18: a last hour running above its profile carries its deviation into the first steps, fading with the half-life", () => {
    const h = history(7, (t) => curve(t) + (AS_OF - t < 3_600_000 ? 20 : 0)); // the last four cells, 20 kW higher
    const outcome = seasonalNaiveForecast(h, 2 * DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    const origin = originAt(h.values, observedSums(h.values), h.values.length - 1, DAY, WEEK);
    const level = (20 * 4) / DAY; // the four cells raise the last day's level
    const d = recentDeviation(origin, correctionCells(CADENCE));
    expect(d).to.be.closeTo(20 - level, 1e-9);
    outcome.points.forEach((p, i) => {
      expect(seasonalProfile(origin, origin.at + i + 1)).to.be.closeTo(curve(p.t) + level, 1e-9);
      expect(p.value).to.be.closeTo(curve(p.t) + level + d * 2 ** (-((i + 1) * CADENCE) / SEASONAL_NAIVE.correctionHalfLifeSeconds), 1e-9);
    });
    expect(correctionWeight(SEASONAL_NAIVE.correctionHalfLifeSeconds / CADENCE, CADENCE)).to.be.closeTo(0.5, 1e-12);
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

  it("spec Processing frame (missing is never turned into zero): skips missing cells: a missing same-time cell drops its day from the median, a missing cell leaves the levels' and the deviation's means, nothing is read as zero", () => {
    const full = history(3);
    const n = full.values.length;
    const holes = new Set([n - 1, n - 3, n - DAY + 4, n - DAY + 5]); // the newest cells and two cells of yesterday
    const holed: TargetHistory = { ...full, values: full.values.map((v, i) => (holes.has(i) ? null : v)) };
    const outcome = seasonalNaiveForecast(holed, DAY);
    if (!outcome.ok) throw new Error(outcome.reason);
    const origin = originAt(holed.values, observedSums(holed.values), n - 1, DAY, WEEK);
    const mean = (from: number): number => {
      const observed = full.values.slice(from, from + DAY).filter((_, i) => !holes.has(from + i)) as number[];
      return observed.reduce((a, v) => a + v, 0) / observed.length;
    };
    expect(origin.levels).to.have.length(3);
    [n - DAY, n - 2 * DAY, 0].forEach((from, j) => expect(origin.levels[j]).to.be.closeTo(mean(from), 1e-9));
    // Steps 5 and 6 (yesterday's cells missing) use the day before only: level_0 + its shape.
    for (const step of [5, 6]) expect(seasonalProfile(origin, n - 1 + step)).to.be.closeTo(origin.levels[0]! + full.values[n - 1 + step - 2 * DAY]! - origin.levels[2]!, 1e-9);
    // Read as zero, the four missing cells would pull the last day's level down by over 2 kW; skipped, the forecast stays within 1 kW of the curve.
    outcome.points.forEach((p) => expect(p.value).to.be.closeTo(curve(p.t), 1));
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

  it("the correction window is one hour of cells, at least one", () => {
    expect([correctionCells(60), correctionCells(900), correctionCells(3600), correctionCells(86_400)]).to.deep.equal([60, 4, 1, 1]);
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
    expect(inSampleResiduals(longer.values, DAY, CADENCE)).to.have.length(extra);
    expect(seasonalNaiveForecast(longer, 4, [0.5])).to.deep.equal({ ok: false, reason: "INSUFFICIENT_HISTORY" });
    expect(seasonalNaiveForecast(longer, 4).ok).to.equal(true);
  });

  it("issue 16.18: in-sample residuals are the same method's errors one day ahead over the history's last day: none on a pure daily curve, that day's offset where it ran higher", () => {
    const h = history(2);
    const residuals = inSampleResiduals(h.values, DAY, CADENCE);
    expect(residuals).to.have.length(DAY);
    residuals.forEach((r) => expect(r).to.be.closeTo(0, 1e-9));
    const higher = history(3, (t) => curve(t) + (AS_OF - t < 86_400_000 ? 8 : 0)); // the last day 8 above
    const shifted = inSampleResiduals(higher.values, DAY, CADENCE);
    expect(shifted).to.have.length(DAY); // the last day only, whose profiles average every day before it
    shifted.forEach((r) => expect(r).to.be.closeTo(8, 1e-6)); // the origins' deviation (0) has faded over a day anyway
  });

  it("issue 16.18: quantiles from the residuals are calibrated on noisy days: about 10 % of the actuals below q0.1 and 90 % below q0.9, over a held-out day of rolling forecasts", () => {
    const random = seededRandom(16);
    const noisy = (t: number): number => curve(t) + 4 * (random() + random() + random() - 1.5);
    const h = history(9, noisy); // 7-day windows ending every hour of day 8, each scored a day ahead
    const n = h.values.length;
    let below10 = 0;
    let below90 = 0;
    let scored = 0;
    for (let last = 7 * DAY - 1; last < 8 * DAY - 1; last += 4) {
      const past: TargetHistory = { ...h, asOf: AS_OF - (n - 1 - last) * 900_000, values: h.values.slice(last + 1 - 7 * DAY, last + 1) };
      const outcome = seasonalNaiveForecast(past, DAY, [0.1, 0.9]);
      if (!outcome.ok) throw new Error(outcome.reason);
      outcome.points.forEach((p, i) => {
        const actual = h.values[last + 1 + i]!;
        if (actual < p.quantiles![0]!.value) below10++;
        if (actual < p.quantiles![1]!.value) below90++;
        scored++;
      });
    }
    expect(below10 / scored).to.be.within(0.03, 0.2);
    expect(below90 / scored).to.be.within(0.8, 0.97);
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
    expect(modelDigest()).to.equal("sha256:7f7db28bdc98e22e88d29a75549c15ed6b28a8ad09dde369316d915d57b66067");
    expect(modelDigest()).to.equal(modelDigest({ ...SEASONAL_NAIVE }));
    expect(modelDigest({ ...SEASONAL_NAIVE, profileDays: 6 })).to.not.equal(modelDigest());
    expect(modelDigest({ ...SEASONAL_NAIVE, correctionHalfLifeSeconds: 7200 })).to.not.equal(modelDigest());
    expect(modelDescription()).to.include({ family: "seasonal-naive", version: "2.0.0", profile_days: 7, season_seconds: 86_400 });
  });
});
