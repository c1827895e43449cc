// The source adapters (runtime/processing/sources): point history, read-only live state and
// covariate rows read through injected fakes for a commissioned task. Spec: Grid rules 1, 2
// (history (as_of - N c, as_of], nothing after as_of), 3 (future covariates from as_of + c), 5
// (live tail), 6 (one snapshot); issue 7 item 1.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import type { SiteModel } from "../../../generated/types.js";
import { commissionPack, findCommissioned, loadProcessingPack, type CommissionedTask } from "../../../runtime/processing/binding/index.js";
import { readCovariateSnapshot, type CovariateRangeReader } from "../../../runtime/processing/sources/covariate-snapshot.js";
import { createLiveStateReader, readLiveSnapshot } from "../../../runtime/processing/sources/live-state.js";
import { readMeasurementSnapshot, type PointRangeReader } from "../../../runtime/processing/sources/measurement-snapshot.js";
import { readSourceSnapshot } from "../../../runtime/processing/sources/source-snapshot.js";
import { loadSite } from "../../../runtime/points/load-site.js";
import { createPointPlane } from "../../../runtime/points/point-plane.js";
import type { PointKey, StoredCovariateRow } from "../../../runtime/store/store.js";
import { fromRoot } from "../../helpers/paths.js";

const C = 900_000;
const AS_OF = Date.UTC(2026, 2, 1, 12);
const METER: PointKey = { instance: 30, point_type: "measurement", point: 11 };
const TEMP: PointKey = { instance: 5, point_type: "measurement", point: 1 };

/** A point history that answers range() from samples, inclusive at both ends like the store, and records the calls. */
function fakePoints(samples: Record<string, Array<{ at: number; value: number }>>): PointRangeReader & { calls: Array<[PointKey, number, number]> } {
  const calls: Array<[PointKey, number, number]> = [];
  return {
    calls,
    async range(ref, from, to) {
      calls.push([ref, from, to]);
      return (samples[`${ref.instance}/${ref.point}`] ?? []).filter((s) => s.at >= from && s.at <= to).sort((a, b) => a.at - b.at);
    },
  };
}

function fakeCovariates(rows: Record<string, StoredCovariateRow[]>): CovariateRangeReader & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    async range(dataset, field, from, to, issuedNotAfter) {
      calls.push([dataset, field, from, to, issuedNotAfter]);
      return (rows[`${dataset}/${field}`] ?? []).filter((r) => r.target_time >= from && r.target_time <= to && r.issued_at <= issuedNotAfter);
    },
  };
}

function demo(): { site: SiteModel; load: CommissionedTask } {
  const read = (file: string) => ({ file, text: readFileSync(fromRoot("examples/packs/demo", file), "utf8") });
  const site = read("site.yaml");
  const loaded = loadProcessingPack(["tasks/site-load-forecast.yaml", "bindings/site-load-main.yaml", "routes/reference-forecast.yaml"].map(read), site);
  if (!loaded.ok) throw new Error("the demo pack does not load");
  return { site: loadSite(site.text, "site.yaml").site!, load: findCommissioned(commissionPack(loaded.pack), "site-load-main", 1)! };
}

describe("source adapters (processing/sources)", () => {
  it("spec (grid rules 1, 2): point history is read for (as_of - N c, as_of], as raw samples in the store's order", async () => {
    const points = fakePoints({
      "30/11": [
        { at: AS_OF - 4 * C, value: 1 }, // the window's open end: not read
        { at: AS_OF - 4 * C + 1, value: 2 },
        { at: AS_OF - C, value: 3 },
        { at: AS_OF, value: 4 },
        { at: AS_OF + 1, value: 5 }, // after as_of: never read
      ],
    });
    const read = await readMeasurementSnapshot(points, { site_load: METER, outdoor_temp: TEMP }, { asOf: AS_OF, historySteps: 4, cadenceMs: C });
    expect(points.calls).to.deep.equal([
      [METER, AS_OF - 4 * C + 1, AS_OF],
      [TEMP, AS_OF - 4 * C + 1, AS_OF],
    ]);
    expect(read).to.deep.equal({
      site_load: [
        { t: AS_OF - 4 * C + 1, v: 2, seq: 0 },
        { t: AS_OF - C, v: 3, seq: 1 },
        { t: AS_OF, v: 4, seq: 2 },
      ],
      outdoor_temp: [],
    });
  });

  it("spec (grid rule 5): live state is read from the point plane without writing; an unavailable or undeclared point has none", () => {
    const { site } = demo();
    let now = AS_OF - 60_000;
    const plane = createPointPlane({ site, clock: { now: () => now } });
    plane.setMeasurement(METER, 420.5);
    now = AS_OF;
    plane.setMeasurement(TEMP, Number.NaN);
    const values = Float64Array.from(plane.live.values);
    const times = Float64Array.from(plane.live.times);
    const view = { catalog: plane.catalog, live: { get: plane.live.get, timeOf: plane.live.timeOf, set: () => expect.fail("live state was written") } };
    const reader = createLiveStateReader(view);
    expect(readLiveSnapshot(reader, { site_load: METER, outdoor_temp: TEMP, nothing: { instance: 999, point_type: "measurement", point: 1 } })).to.deep.equal({ site_load: { t: AS_OF - 60_000, v: 420.5 } });
    expect(plane.live.values).to.deep.equal(values);
    expect(plane.live.times).to.deep.equal(times);
  });

  it("spec (grid rules 2, 3): covariates are read for the segment's labels, only rows issued at or before as_of, every such issue", async () => {
    const row = (t: number, issued: number, v: number): StoredCovariateRow => ({ target_time: t, issued_at: issued, value: v });
    const covariates = fakeCovariates({
      "weather-forecast/air_temperature": [row(AS_OF, AS_OF - 6 * 3_600_000, 9), row(AS_OF + C, AS_OF - 6 * 3_600_000, 10), row(AS_OF + C, AS_OF, 11), row(AS_OF + C, AS_OF + 1, 99), row(AS_OF + 2 * C, AS_OF, 12), row(AS_OF + 3 * C, AS_OF, 13)],
      "weather-observed/air_temperature": [row(AS_OF - C, AS_OF, 7), row(AS_OF, AS_OF, 8)],
    });
    const read = await readCovariateSnapshot(
      covariates,
      { temp_forecast: { dataset: "weather-forecast", field: "air_temperature", segment: "future_covariates" }, temp_observed: { dataset: "weather-observed", field: "air_temperature", segment: "history" } },
      { asOf: AS_OF, historySteps: 2, horizonSteps: 2, cadenceMs: C },
    );
    expect(covariates.calls).to.deep.equal([
      ["weather-forecast", "air_temperature", AS_OF + C, AS_OF + 2 * C, AS_OF],
      ["weather-observed", "air_temperature", AS_OF - C, AS_OF, AS_OF],
    ]);
    expect(read).to.deep.equal({
      temp_forecast: [
        { t: AS_OF + C, v: 10, issuedAt: AS_OF - 6 * 3_600_000 },
        { t: AS_OF + C, v: 11, issuedAt: AS_OF },
        { t: AS_OF + 2 * C, v: 12, issuedAt: AS_OF },
      ],
      temp_observed: [
        { t: AS_OF - C, v: 7, issuedAt: AS_OF },
        { t: AS_OF, v: 8, issuedAt: AS_OF },
      ],
    });
  });

  it("for a commissioned task: every measured and covariate feature read through its binding, calendar features not at all, source_ref from the binding", async () => {
    const { load } = demo();
    const points = fakePoints({ "30/11": [{ at: AS_OF, value: 400 }], "5/1": [{ at: AS_OF - C, value: 8 }] });
    const covariates = fakeCovariates({ "weather-forecast/air_temperature": [{ target_time: AS_OF + C, issued_at: AS_OF, value: 9.5 }] });
    let liveReads = 0;
    const live = { read: () => (liveReads++, { t: AS_OF, v: 1 }) };
    const snapshot = await readSourceSnapshot({ points, covariates, live }, load, AS_OF, 96);
    expect(points.calls.map(([ref, from, to]) => [ref.instance, from, to])).to.deep.equal([
      [30, AS_OF - 672 * C + 1, AS_OF],
      [5, AS_OF - 672 * C + 1, AS_OF],
    ]);
    expect(covariates.calls).to.deep.equal([["weather-forecast", "air_temperature", AS_OF + C, AS_OF + 96 * C, AS_OF]]);
    expect(snapshot).to.deep.equal({
      history: { site_load: [{ t: AS_OF, v: 400, seq: 0 }], outdoor_temp: [{ t: AS_OF - C, v: 8, seq: 0 }] },
      live: {},
      covariates: { temp_forecast: [{ t: AS_OF + C, v: 9.5, issuedAt: AS_OF }] },
      sourceRefs: { site_load: "site.main_meter.active_power", outdoor_temp: "site.weather_station.outdoor_temp", temp_forecast: "weather.forecast.air_temperature" },
    });
    expect(liveReads, "the demo task has no live tail: live state is not read").to.equal(0);
  });
});
