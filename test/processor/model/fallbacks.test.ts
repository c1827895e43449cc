// Issue 7, item 5: the fallback strategies (runtime/processor/model/fallbacks.ts): built from the
// request's actual data, labelled by the caller, never a series the data do not contain
// (spec: States and transitions, fallback rules).
import { expect } from "chai";
import { fallbackForecast, historicalAverage, persistence, type TargetHistory } from "../../../runtime/processor/model/index.js";

const AS_OF = Date.UTC(2026, 2, 1, 12, 0, 0);
const history = (values: Array<number | null>): TargetHistory => ({ asOf: AS_OF, cadenceSeconds: 900, values });

describe("reference model: fallbacks persistence and historical_average", () => {
  it("persistence repeats the last observed value and is based on that cell's label (missing cells skipped)", () => {
    const outcome = persistence(history([41.5, 42.25, 43.125, null]), 3, [0.1, 0.5]);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.basedOnDataThrough).to.equal(AS_OF - 900_000);
    expect(outcome.points.map((p) => [p.t - AS_OF, p.value])).to.deep.equal([
      [900_000, 43.125],
      [1_800_000, 43.125],
      [2_700_000, 43.125],
    ]);
    expect(outcome.points[0]!.quantiles).to.deep.equal([
      { probability: 0.1, value: 43.125 },
      { probability: 0.5, value: 43.125 },
    ]);
  });

  it("historical_average is the mean of the observed cells, based on the newest observed label", () => {
    const outcome = historicalAverage(history([40, null, 44, 42]), 2);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.points.map((p) => p.value)).to.deep.equal([42, 42]);
    expect(outcome.points[0]!.quantiles).to.equal(undefined);
    expect(outcome.basedOnDataThrough).to.equal(AS_OF);
  });

  it("without any observed cell neither has a forecast (never a zero series): INSUFFICIENT_HISTORY", () => {
    for (const strategy of ["persistence", "historical_average"] as const) {
      expect(fallbackForecast(strategy, history([null, null]), 2)).to.deep.equal({ ok: false, reason: "INSUFFICIENT_HISTORY" });
    }
  });
});
