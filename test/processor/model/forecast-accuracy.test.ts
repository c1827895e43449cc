// Issue 16, item 18: the reference model is at least as accurate as the plain seasonal-naive
// forecast it is built on. An accuracy property, not a timing: rolling one-day forecasts over a
// held-out day of the demo site's simulated load (the simulation `npm start` seeds history with,
// runtime/points/virtual/simulate.ts, with the main meter's spec from examples/packs/demo/site.yaml
// and a fixed seed), each scored against the simulated actuals. `npm run bench -- forecast` runs
// the same comparison on the demo pack itself, over several held-out days.
import { expect } from "chai";
import type { PointSimulation } from "../../../generated/types.js";
import { simulatedValue } from "../../../runtime/points/virtual/simulate.js";
import { seasonalNaiveForecast, type TargetHistory } from "../../../runtime/processor/model/index.js";

const CADENCE_MS = 900_000;
const DAY = 96; // 15-minute cells per day
const MINUTE_MS = 60_000;
/** The demo main meter's load: about 230 kW at 04:00 UTC, 470 kW at 16:00 UTC, noise 8 kW. */
const SITE_LOAD: PointSimulation = { kind: "daily", base: 350, amplitude: 120, noise: 8, min: 0 };
const SEED = 0x5eed;
const START = Date.UTC(2026, 2, 2); // label of cell 0 is START + one cadence

/** 15-minute means (interval_end) of minute samples, as the demo's history and frame assembly make them. */
function simulatedCells(spec: PointSimulation, days: number): number[] {
  return Array.from({ length: days * DAY }, (_, i) => {
    const label = START + (i + 1) * CADENCE_MS;
    let sum = 0;
    for (let m = 14; m >= 0; m--) sum += simulatedValue(spec, label - m * MINUTE_MS, SEED);
    return sum / 15;
  });
}

/**
 * Mean absolute error over every step of one-day forecasts from as_of points every hour across
 * one held-out day that follows `historyDays` of history; `forecast` gets the history cells and
 * returns one value per step.
 */
function rollingMae(cells: readonly number[], historyDays: number, forecast: (history: TargetHistory) => number[]): number {
  let sum = 0;
  let count = 0;
  for (let last = historyDays * DAY - 1; last < (historyDays + 1) * DAY - 1; last += 4) {
    const history: TargetHistory = { asOf: START + (last + 1) * CADENCE_MS, cadenceSeconds: 900, values: cells.slice(last + 1 - historyDays * DAY, last + 1) };
    forecast(history).forEach((value, step) => {
      sum += Math.abs(value - cells[last + 1 + step]!);
      count++;
    });
  }
  return sum / count;
}

function model(history: TargetHistory): number[] {
  const outcome = seasonalNaiveForecast(history, DAY);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.points.map((p) => p.value);
}

/** Plain seasonal-naive: the value one day before each step's label. */
function seasonalNaive(history: TargetHistory): number[] {
  const n = history.values.length;
  return Array.from({ length: DAY }, (_, i) => history.values[n + i - DAY]!);
}

describe("reference model: accuracy against its seasonal-naive baseline (issue 16.18)", () => {
  it("issue 16.18: on the demo's simulated site load (3 days of history, one held-out day, hourly as_of), the model's MAE is not above plain seasonal-naive's", () => {
    const cells = simulatedCells(SITE_LOAD, 5);
    const modelMae = rollingMae(cells, 3, model);
    const naiveMae = rollingMae(cells, 3, seasonalNaive);
    expect(naiveMae).to.be.greaterThan(0.5).and.lessThan(3); // the noise, averaged over 15 minutes, on both days
    expect(modelMae, `model MAE ${modelMae.toFixed(3)} kW, seasonal-naive ${naiveMae.toFixed(3)} kW`).to.be.at.most(naiveMae);
  });
});
