// Quantiles of a forecast output, in dependency order: probabilities strictly increase within a
// point, every point carries the same set, that set is exactly the requested one, and then the
// values: non-decreasing by probability, and the 0.5 quantile equal to the value when the task's
// median_policy says so. A later rule only runs when the earlier ones hold.
import type { ForecastOutput, QuantileValue } from "../../../../generated/types.js";
import type { ContractContext } from "../../contract-context.js";
import { pointer, type ContractReport } from "../../contract-report.js";
import { reportFirstHit, type Hit } from "./first-hit.js";

export function checkOutputQuantiles(output: ForecastOutput, base: string, context: ContractContext, report: ContractReport): void {
  const at = (...tokens: Array<string | number>): string => `${base}${pointer("points", ...tokens)}`;
  if (reportFirstHit(report, "forecast/quantile-order", orderHits(output, at))) return;
  if (reportFirstHit(report, "forecast/quantile-set-varies", varyingHits(output, at))) return;
  if (context.request !== undefined && reportFirstHit(report, "forecast/quantile-set", requestedHits(output, context.request.options.quantiles, at))) return;
  reportFirstHit(report, "forecast/quantile-crossing", crossingHits(output, at));
  if (context.task?.output.median_policy === "equals_value") reportFirstHit(report, "forecast/median-differs", medianHits(output, at));
}

type At = (...tokens: Array<string | number>) => string;

const probabilities = (quantiles: readonly QuantileValue[] | undefined): number[] => (quantiles ?? []).map((q) => q.probability);
const list = (values: readonly number[]): string => `[${values.join(", ")}]`;
const sameList = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

function orderHits(output: ForecastOutput, at: At): Hit[] {
  const hits: Hit[] = [];
  output.points.forEach((point, i) => {
    const qs = point.quantiles ?? [];
    const j = qs.findIndex((q, k) => k > 0 && q.probability <= qs[k - 1]!.probability);
    if (j > 0) {
      hits.push({
        path: at(i, "quantiles", j, "probability"),
        message: `probability ${qs[j]!.probability} follows ${qs[j - 1]!.probability}; quantile probabilities must strictly increase`,
      });
    }
  });
  return hits;
}

function varyingHits(output: ForecastOutput, at: At): Hit[] {
  const first = probabilities(output.points[0]?.quantiles);
  const hits: Hit[] = [];
  output.points.forEach((point, i) => {
    const own = probabilities(point.quantiles);
    if (!sameList(own, first)) {
      hits.push({
        path: at(i, ...(point.quantiles === undefined ? [] : ["quantiles"])),
        message: `point ${i} has quantile probabilities ${list(own)}, but the first point has ${list(first)}; every point carries the same set`,
      });
    }
  });
  return hits;
}

function requestedHits(output: ForecastOutput, requested: readonly number[] | undefined, at: At): Hit[] {
  const wanted = requested ?? [];
  const hits: Hit[] = [];
  output.points.forEach((point, i) => {
    if (wanted.length === 0) {
      if (point.quantiles !== undefined)
        hits.push({ path: at(i, "quantiles"), message: "the request asked for no quantiles, so points carry no `quantiles` member" });
      return;
    }
    const own = probabilities(point.quantiles);
    if (!sameList(own, wanted)) {
      hits.push({
        path: at(i, ...(point.quantiles === undefined ? [] : ["quantiles"])),
        message: `quantile probabilities are ${list(own)}, but the request asked for exactly ${list(wanted)}`,
      });
    }
  });
  return hits;
}

function crossingHits(output: ForecastOutput, at: At): Hit[] {
  const hits: Hit[] = [];
  output.points.forEach((point, i) => {
    const qs = point.quantiles ?? [];
    const j = qs.findIndex((q, k) => k > 0 && q.value < qs[k - 1]!.value);
    if (j > 0) {
      const [low, high] = [qs[j - 1]!, qs[j]!];
      hits.push({
        path: at(i, "quantiles", j, "value"),
        message: `quantile ${high.probability} is ${high.value}, below quantile ${low.probability} (${low.value}); quantile values must not decrease with probability`,
      });
    }
  });
  return hits;
}

function medianHits(output: ForecastOutput, at: At): Hit[] {
  const hits: Hit[] = [];
  output.points.forEach((point, i) => {
    const j = (point.quantiles ?? []).findIndex((q) => q.probability === 0.5);
    const median = point.quantiles?.[j];
    if (median !== undefined && median.value !== point.value) {
      hits.push({
        path: at(i, "quantiles", j, "value"),
        message: `the 0.5 quantile is ${median.value}, but the point's value is ${point.value}; the task's median_policy is equals_value`,
      });
    }
  });
  return hits;
}
