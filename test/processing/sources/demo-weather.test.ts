// The demo weather forecast (runtime/processing/sources/demo-weather.ts) and its file
// examples/packs/demo/datasets/weather-forecast.csv: deterministic, in step with each other,
// and holding the fields the demo bindings read. Issue 7 item 1 (a demo dataset; covariates for
// "now" at start-up).
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileDataProcessingYaml } from "../../../compiler/front-ends/task-yaml/index.js";
import type { DataProcessingBinding } from "../../../generated/types.js";
import { formatCovariateCsv, parseCovariateFile } from "../../../runtime/processing/sources/covariate-file.js";
import { DEMO_WEATHER_DATASET, DEMO_WEATHER_FIELDS, generateDemoWeather } from "../../../runtime/processing/sources/demo-weather.js";
import { fromRoot } from "../../helpers/paths.js";

const H = 3_600_000;
const DEMO = "examples/packs/demo";
const FILE = readFileSync(fromRoot(DEMO, "datasets/weather-forecast.csv"), "utf8");
const FROM = Date.parse("2026-03-01T00:15:00Z");
const TO = Date.parse("2026-03-03T00:00:00Z");

describe("demo weather (sources/demo-weather)", () => {
  it("the demo CSV is generateDemoWeather's output for 2026-03-01 and 02, issued every 12 h, 36 h ahead (file and generator stay in step)", () => {
    const body = FILE.split("\n").filter((line) => !line.startsWith("#")).join("\n");
    expect(body).to.equal(formatCovariateCsv(generateDemoWeather(FROM, TO, 12 * H, { horizonMs: 36 * H })));
  });

  it("the demo CSV reads without a diagnostic and holds exactly the fields the demo bindings read from its dataset", () => {
    const parsed = parseCovariateFile(FILE, { file: "weather-forecast.csv" });
    expect(parsed.diagnostics).to.deep.equal([]);
    expect(parsed.rows).to.have.length(192 * 3 * 2);
    const bound = new Set<string>();
    for (const file of ["bindings/site-load-main.yaml", "bindings/pv-main.yaml"]) {
      const binding = compileDataProcessingYaml(readFileSync(fromRoot(DEMO, file), "utf8")).document as DataProcessingBinding;
      for (const dataset of binding.datasets ?? []) if (dataset.dataset === DEMO_WEATHER_DATASET) for (const f of dataset.fields) bound.add(f.field);
    }
    expect([...bound].sort()).to.deep.equal([...DEMO_WEATHER_FIELDS].sort());
    expect([...new Set(parsed.rows.map((r) => r.field))].sort()).to.deep.equal([...DEMO_WEATHER_FIELDS].sort());
  });

  it("is deterministic; every row lies on the 15-minute grid within its issue's horizon (issue, issue + horizon]", () => {
    const from = Date.parse("2026-06-14T00:00:00Z");
    const to = from + 3 * 24 * H;
    const rows = generateDemoWeather(from, to, 6 * H);
    expect(generateDemoWeather(from, to, 6 * H)).to.deep.equal(rows);
    for (const row of rows) {
      expect(row.target_time % 900_000).to.equal(0);
      expect(row.target_time).to.be.within(from, to);
      expect(row.issued_at % (6 * H)).to.equal(0);
      expect(row.target_time - row.issued_at).to.be.within(1, 48 * H);
    }
    // Every label of the window has an issue from each of the 8 issues whose 48 h reach it.
    expect(rows.filter((r) => r.field === "air_temperature" && r.target_time === from + 24 * H)).to.have.length(8);
  });

  it("follows the demo site's daily curves: no irradiance at night, its peak and the warmest hour at 16:00 UTC", () => {
    const day = Date.parse("2026-03-01T00:00:00Z");
    const rows = generateDemoWeather(day, day + 24 * H, 24 * H, { horizonMs: 24 * H });
    const at = (field: string, hour: number) => rows.find((r) => r.field === field && r.target_time === day + hour * H)!.value;
    expect(at("global_horizontal_irradiance", 2)).to.equal(0);
    expect(at("global_horizontal_irradiance", 16)).to.be.within(500, 600);
    expect(at("air_temperature", 16)).to.be.within(17, 20);
    expect(at("air_temperature", 4)).to.be.within(4, 7);
    const temps = rows.filter((r) => r.field === "air_temperature");
    expect(temps.reduce((a, b) => (b.value > a.value ? b : a)).target_time).to.be.within(day + 15 * H, day + 17 * H);
  });

  it("refuses arguments that make no sense", () => {
    expect(() => generateDemoWeather(0, H, 0)).to.throw(RangeError);
    expect(() => generateDemoWeather(H, 0, H)).to.throw(RangeError);
    expect(() => generateDemoWeather(0, 365 * 24 * H, 60_000)).to.throw(RangeError);
  });
});
