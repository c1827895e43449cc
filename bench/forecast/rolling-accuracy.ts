// Rolling-origin accuracy: from every as_of on the task's grid across the held-out days, a
// forecast of the task's horizon from the task's history window (the cells before as_of only),
// each step scored against the actual cell. Three methods on the same windows: the reference
// processor's model, plain seasonal-naive (the value one season before each step's label) and
// persistence (the processor's own fallback). The model also forecasts the 0.1 and 0.9
// quantiles, to report how often the actual falls below each (calibration).
import { persistence, seasonalNaiveForecast, seasonSteps, type TargetHistory } from "../../runtime/processor/model/index.js";

export const METHODS = ["reference model", "seasonal-naive", "persistence"] as const;
export type Method = (typeof METHODS)[number];

export interface DayAccuracy {
  /** Mean absolute error of each method over every step of every forecast from the day's as_of points. */
  mae: Record<Method, number>;
  /** Forecasts scored (as_of points) and steps scored in all. */
  forecasts: number;
  steps: number;
  /** Share of the actuals below the model's 0.1 and 0.9 quantiles. */
  below: { q10: number; q90: number };
}

export interface RollingSetup {
  /** The target's cells, oldest first, no gaps in the grid; the first historySteps are history only. */
  cells: ReadonlyArray<number | null>;
  cadenceSeconds: number;
  historySteps: number;
  horizonSteps: number;
  heldOutDays: number;
  /** Label of cells[0], epoch ms. */
  firstLabel: number;
}

const QUANTILES = [0.1, 0.5, 0.9];

/** One entry per held-out day: the as_of points are the day's cells, the first at historySteps - 1. */
export function rollingAccuracy(setup: RollingSetup): DayAccuracy[] {
  const { cells, cadenceSeconds, historySteps, horizonSteps } = setup;
  const perDay = 86_400 / cadenceSeconds;
  const season = seasonSteps(cadenceSeconds);
  if (season === undefined || !Number.isInteger(perDay)) throw new Error("the cadence does not divide a day");
  if (cells.length < historySteps + setup.heldOutDays * perDay - 1 + horizonSteps) throw new Error("too few cells for the held-out days and the horizon");
  const days: DayAccuracy[] = [];
  for (let day = 0; day < setup.heldOutDays; day++) {
    const sums: Record<Method, number> = { "reference model": 0, "seasonal-naive": 0, persistence: 0 };
    let steps = 0;
    let below10 = 0;
    let below90 = 0;
    for (let last = historySteps - 1 + day * perDay; last < historySteps - 1 + (day + 1) * perDay; last++) {
      const history: TargetHistory = { asOf: setup.firstLabel + last * cadenceSeconds * 1000, cadenceSeconds, values: cells.slice(last + 1 - historySteps, last + 1) };
      const model = seasonalNaiveForecast(history, horizonSteps, QUANTILES);
      const fallback = persistence(history, horizonSteps);
      if (!model.ok || !fallback.ok) throw new Error(`no forecast at cell ${last}: ${model.ok ? "" : model.reason} ${fallback.ok ? "" : fallback.reason}`);
      for (let h = 1; h <= horizonSteps; h++) {
        const actual = cells[last + h];
        const naive = history.values[historySteps - 1 + h - season * Math.ceil(h / season)];
        if (actual === null || actual === undefined || naive === null || naive === undefined) throw new Error(`a missing cell near ${last + h}: the simulated history is complete`);
        const point = model.points[h - 1]!;
        sums["reference model"] += Math.abs(point.value - actual);
        sums["seasonal-naive"] += Math.abs(naive - actual);
        sums.persistence += Math.abs(fallback.points[h - 1]!.value - actual);
        if (actual < point.quantiles![0]!.value) below10++;
        if (actual < point.quantiles![2]!.value) below90++;
        steps++;
      }
    }
    const mae = Object.fromEntries(METHODS.map((m) => [m, sums[m] / steps])) as Record<Method, number>;
    days.push({ mae, forecasts: perDay, steps, below: { q10: below10 / steps, q90: below90 / steps } });
  }
  return days;
}
