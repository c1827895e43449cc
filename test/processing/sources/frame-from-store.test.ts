// The sources end to end on every database of test/store/backends.ts: the demo pack commissioned,
// point history and the demo weather forecast in the store, one read snapshot, and frame
// assembly accepting the frame. Spec: What the service does 1, Grid rules 2, 3 and 6; issue 7
// items 1 and 2 together.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import type { ProcessingFrame } from "../../../generated/types.js";
import { commissionPack, findCommissioned, loadProcessingPack, type CommissionedTask } from "../../../runtime/processing/binding/index.js";
import { assembleFrame } from "../../../runtime/processing/frame/assemble-frame.js";
import { parseCovariateFile } from "../../../runtime/processing/sources/covariate-file.js";
import { loadCovariateFile, seedDemoWeather } from "../../../runtime/processing/sources/covariate-loader.js";
import { DEMO_WEATHER_DATASET } from "../../../runtime/processing/sources/demo-weather.js";
import { readSourceSnapshot } from "../../../runtime/processing/sources/source-snapshot.js";
import type { PointSample, Store } from "../../../runtime/store/store.js";
import { databaseBackends } from "../../store/backends.js";
import { fromRoot } from "../../helpers/paths.js";

const C = 900_000;
const DEMO = "examples/packs/demo";
const CSV = "datasets/weather-forecast.csv";
const read = (file: string) => ({ file, text: readFileSync(fromRoot(DEMO, file), "utf8") });

function siteLoadTask(): CommissionedTask {
  const loaded = loadProcessingPack(["tasks/site-load-forecast.yaml", "bindings/site-load-main.yaml", "routes/reference-forecast.yaml"].map(read), read("site.yaml"));
  if (!loaded.ok) throw new Error("the demo pack does not load");
  return findCommissioned(commissionPack(loaded.pack), "site-load-main", 1)!;
}

/** Seven days of the main meter and the weather station every 5 minutes up to as_of. */
function history(asOf: number): PointSample[] {
  const samples: PointSample[] = [];
  for (let at = asOf - 672 * C + 300_000; at <= asOf; at += 300_000) {
    samples.push({ instance: 30, point_type: "measurement", point: 11, at, value: 350 + (at % 7) });
    samples.push({ instance: 5, point_type: "measurement", point: 1, at, value: 12 + (at % 3) / 10 });
  }
  return samples;
}

async function frameAt(store: Store, task: CommissionedTask, asOf: number): Promise<ProcessingFrame> {
  const sources = await store.readSnapshot((s) => readSourceSnapshot({ points: s.points, covariates: s.covariates }, task, asOf, 96));
  const assembled = assembleFrame({ task: task.task, asOf, horizonSteps: 96, ...sources });
  if (!assembled.ok) expect.fail(`${assembled.code}: ${JSON.stringify(assembled.diagnostics.map((d) => d.code))}`);
  return assembled.frame;
}

for (const [name, backend] of databaseBackends()) {
  describe(`frame from the store on ${name}`, () => {
    let count = 0;
    let store: Store;
    const task = siteLoadTask();
    beforeEach(async () => (store = await backend.open(`frame${++count}`)));
    afterEach(() => store.close());
    after(() => backend.cleanup());

    it("the demo CSV loaded as dataset weather-forecast feeds the load forecast's temp_forecast: the newest issue at or before as_of per label", async () => {
      const asOf = Date.parse("2026-03-02T00:00:00Z");
      const csv = read(CSV);
      const loaded = await loadCovariateFile(store.covariates, { dataset: DEMO_WEATHER_DATASET, ...csv, loadedAt: asOf });
      expect(loaded).to.deep.equal({ ok: true, inserted: 1152, unchanged: 0 });
      await store.points.append(history(asOf));
      const frame = await frameAt(store, task, asOf);

      const rows = parseCovariateFile(csv.text, { file: CSV }).rows.filter((r) => r.field === "air_temperature" && r.issued_at <= asOf);
      const expected = Array.from({ length: 96 }, (_, i) => {
        const t = asOf + (i + 1) * C;
        return rows.filter((r) => r.target_time === t).sort((a, b) => b.issued_at - a.issued_at)[0]!.value;
      });
      expect(frame.future_covariates!.features.temp_forecast!.values).to.deep.equal(expected);
      expect(frame.quality).to.deep.include({ input_watermark: "2026-03-02T00:00:00Z", missing_ratio: 0, live_tail_included: false });
      expect(frame.provenance.find((p) => p.feature === "temp_forecast")).to.deep.equal({
        segment: "future_covariates",
        feature: "temp_forecast",
        source_kind: "covariate",
        source_ref: "weather.forecast.air_temperature",
        watermark: "2026-03-02T00:00:00Z",
        issued_at: "2026-03-02T00:00:00Z",
      });
      expect(frame.provenance.find((p) => p.feature === "site_load")).to.deep.include({ source_kind: "history", source_ref: "site.main_meter.active_power", watermark: "2026-03-02T00:00:00Z" });
    });

    it("the demo weather seeded at start-up gives a complete frame for 'now', also days later, and a second seed stores nothing new", async () => {
      const start = Date.parse("2026-06-15T10:07:31Z");
      const seeded = await seedDemoWeather(store.covariates, start);
      expect(seeded.inserted).to.be.greaterThan(0);
      expect(await seedDemoWeather(store.covariates, start + 3_600_000)).to.deep.equal({ inserted: 0, unchanged: seeded.inserted });
      for (const asOf of [Date.parse("2026-06-15T10:00:00Z"), Date.parse("2026-06-20T23:45:00Z")]) {
        await store.points.append(history(asOf));
        const frame = await frameAt(store, task, asOf);
        expect(frame.quality.missing_ratio, new Date(asOf).toISOString()).to.equal(0);
        const issued = frame.provenance.find((p) => p.feature === "temp_forecast")!;
        expect(Date.parse(issued.watermark)).to.be.at.most(asOf).and.above(asOf - 6 * 3_600_000);
      }
    });
  });
}
