// Binding resolution at runtime (runtime/processing/binding): the demo pack's texts to commissioned
// tasks, and each way resolution fails closed. Spec: Task declaration ("Semantic references are
// resolved at commissioning; resolution fails closed when a reference is unresolved or the unit,
// scale, offset, point kind or sign convention mismatches"); Application request ("the binding's
// points, covariates, processor route ... are resolved atomically").
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { commissionPack, findCommissioned, loadProcessingPack, type CommissionedPack, type PackText } from "../../../runtime/processing/binding/index.js";
import { fromRoot } from "../../helpers/paths.js";

const DEMO = "examples/packs/demo";
const FILES = ["tasks/site-load-forecast.yaml", "tasks/pv-forecast.yaml", "bindings/site-load-main.yaml", "bindings/pv-main.yaml", "routes/reference-forecast.yaml"];
const LOAD_BINDING = "bindings/site-load-main.yaml";

const read = (file: string): PackText => ({ file, text: readFileSync(fromRoot(DEMO, file), "utf8") });
const SITE = read("site.yaml");

/** The demo pack's files with `from` replaced by `to` in `file` (the text must contain `from`). */
function variant(file: string, from: string, to: string, files: PackText[] = FILES.map(read)): PackText[] {
  return files.map((f) => {
    if (f.file !== file) return f;
    expect(f.text, `${file} contains ${JSON.stringify(from)}`).to.contain(from);
    return { file, text: f.text.replace(from, to) };
  });
}

function commission(files: PackText[], site: PackText = SITE): CommissionedPack {
  const loaded = loadProcessingPack(files, site);
  if (!loaded.ok) expect.fail(`the pack did not load: ${JSON.stringify(loaded.diagnostics.map((d) => d.diagnostic.code))}`);
  return commissionPack(loaded.pack);
}

/** The site load binding is refused with these [file, code] errors; the PV binding still runs. */
function expectRefused(pack: CommissionedPack, expected: Array<[string, string]>): void {
  expect(findCommissioned(pack, "site-load-main", 1), "no partial value").to.equal(undefined);
  expect(pack.refused.map((r) => r.binding)).to.deep.equal([{ id: "site-load-main", revision: 1 }]);
  const errors = pack.refused[0]!.diagnostics.filter((d) => d.diagnostic.severity === "error").map((d): [string, string] => [d.file, d.diagnostic.code]);
  expect(errors).to.deep.equal(expected);
  expect(findCommissioned(pack, "pv-main", 1), "another binding is not held back").to.not.equal(undefined);
}

describe("binding resolution (processing/binding)", () => {
  it("the demo pack commissions both tasks: every feature resolved to a site point, a dataset field or a calendar transform", () => {
    const pack = commission(FILES.map(read));
    expect(pack.refused).to.deep.equal([]);
    expect(pack.warnings).to.deep.equal([]);
    const load = findCommissioned(pack, "site-load-main", 1)!;
    expect(load.task).to.include({ id: "site-load-forecast", revision: 1 });
    expect(load.binding).to.deep.equal({ id: "site-load-main", revision: 1, enabled: true });
    expect(load.route.id).to.equal("reference-forecast");
    expect(load.features).to.deep.equal([
      {
        name: "site_load",
        segment: "history",
        unit: "kW",
        live_tail: false,
        source: { kind: "measurement", point: { instance: 30, point_type: "measurement", point: 11 }, unit: "kW", sign_convention: "positive_consumption", source_ref: "site.main_meter.active_power" },
      },
      { name: "outdoor_temp", segment: "history", unit: "degC", live_tail: false, source: { kind: "measurement", point: { instance: 5, point_type: "measurement", point: 1 }, unit: "degC", source_ref: "site.weather_station.outdoor_temp" } },
      { name: "quarter_hour", segment: "future_covariates", unit: "1", live_tail: false, source: { kind: "calendar", transform: "quarter_hour_of_day_zero_based" } },
      { name: "day_of_week", segment: "future_covariates", unit: "1", live_tail: false, source: { kind: "calendar", transform: "day_of_week" } },
      { name: "is_weekend", segment: "future_covariates", unit: "1", live_tail: false, source: { kind: "calendar", transform: "is_weekend" } },
      { name: "temp_forecast", segment: "future_covariates", unit: "degC", live_tail: false, source: { kind: "covariate", dataset: "weather-forecast", field: "air_temperature", unit: "degC", source_ref: "weather.forecast.air_temperature" } },
    ]);
    const pv = findCommissioned(pack, "pv-main", 1)!;
    expect(pv.features.map((f) => [f.name, f.source.kind])).to.deep.equal([["pv_power", "measurement"], ["quarter_hour", "calendar"], ["irradiance_forecast", "covariate"]]);
    expect(findCommissioned(pack, "pv-main", 2), "an unknown revision").to.equal(undefined);
  });

  it("a disabled binding is commissioned as disabled (the caller refuses to run it)", () => {
    const pack = commission(variant(LOAD_BINDING, "enabled: true", "enabled: false"));
    expect(findCommissioned(pack, "site-load-main", 1)?.binding.enabled).to.equal(false);
  });

  it("a live tail is commissioned only for an opted-in `last` feature of a task that allows it (grid rule 5)", () => {
    let files = variant("tasks/site-load-forecast.yaml", "live_tail: forbidden", "live_tail: allowed");
    files = variant("tasks/site-load-forecast.yaml", "    duplicate_policy: latest\n", "    duplicate_policy: latest\n    feature_policies:\n      - { name: site_load, aggregation: last, live_tail: true }\n", files);
    const load = findCommissioned(commission(files), "site-load-main", 1)!;
    expect(load.features.filter((f) => f.live_tail).map((f) => f.name)).to.deep.equal(["site_load"]);
  });

  describe("fails closed, refusing the binding whole", () => {
    it("an unresolved reference: the site has no such instance, or no such measurement (an action point is not one)", () => {
      expectRefused(commission(variant(LOAD_BINDING, "instance: 30", "instance: 99")), [[LOAD_BINDING, "binding/unresolved-point"]]);
      // Instance 12 point 1 is the zone's `lights` action: only measurements resolve.
      expectRefused(commission(variant(LOAD_BINDING, "instance: 5 # Weather station", "instance: 12")), [[LOAD_BINDING, "binding/unresolved-point"]]);
    });

    it("a reference of the task that the binding does not resolve (point, dataset or field)", () => {
      const withoutTemp = variant(LOAD_BINDING, "    - instance_ref: site.weather_station\n      point_ref: outdoor_temp\n      instance: 5 # Weather station\n      point_type: measurement\n      point: 1\n      unit: degC\n      scale: 1\n      offset: 0\n", "");
      expectRefused(commission(withoutTemp), [[LOAD_BINDING, "binding/missing-point"]]);
      expectRefused(commission(variant(LOAD_BINDING, "- { field: air_temperature, unit: degC }", "- { field: dew_point, unit: degC }")), [
        [LOAD_BINDING, "binding/extra-field"],
        [LOAD_BINDING, "binding/missing-field"],
      ]);
      expectRefused(commission(variant(LOAD_BINDING, "dataset_ref: weather.forecast", "dataset_ref: weather.observed")), [
        [LOAD_BINDING, "binding/extra-dataset"],
        [LOAD_BINDING, "binding/missing-dataset"],
      ]);
    });

    it("a unit mismatch: the binding against the site point, or a dataset field against the task", () => {
      expectRefused(commission(variant(LOAD_BINDING, "unit: kW", "unit: W")), [[LOAD_BINDING, "binding/unit-mismatch"]]);
      expectRefused(commission(variant(LOAD_BINDING, "{ field: air_temperature, unit: degC }", "{ field: air_temperature, unit: K }")), [[LOAD_BINDING, "binding/unit-mismatch"]]);
      // The task's own unit disagrees with the commissioned point: reported at the task.
      expectRefused(commission(variant("tasks/site-load-forecast.yaml", "      - name: outdoor_temp\n        unit: degC", "      - name: outdoor_temp\n        unit: K")), [["tasks/site-load-forecast.yaml", "binding/unit-mismatch"]]);
    });

    it("a scale or offset other than 1 and 0 (the runtime converts nothing)", () => {
      expectRefused(commission(variant(LOAD_BINDING, "scale: 1", "scale: 1000")), [[LOAD_BINDING, "binding/scale-offset"]]);
      expectRefused(commission(variant(LOAD_BINDING, "offset: 0", "offset: 273.15")), [[LOAD_BINDING, "binding/scale-offset"]]);
    });

    it("a sign convention mismatch with the site point (and the task's target)", () => {
      expectRefused(commission(variant(LOAD_BINDING, "sign_convention: positive_consumption", "sign_convention: positive_generation")), [[LOAD_BINDING, "binding/sign-convention-mismatch"]]);
      // The task's target (and output) say generation; the commissioned meter point measures consumption.
      const task = "tasks/site-load-forecast.yaml";
      const generation = variant(task, "sign_convention: positive_consumption", "sign_convention: positive_generation", variant(task, "sign_convention: positive_consumption", "sign_convention: positive_generation"));
      expectRefused(commission(generation), [[task, "binding/sign-convention-mismatch"]]);
    });

    it("a point kind other than measurement is refused when the pack is loaded: no pack at all", () => {
      const loaded = loadProcessingPack(variant(LOAD_BINDING, "point_type: measurement", "point_type: action"), SITE);
      expect(loaded.ok).to.equal(false);
      if (!loaded.ok) expect(loaded.diagnostics.map((d) => [d.file, d.diagnostic.severity])).to.deep.include([LOAD_BINDING, "error"]);
    });

    it("an unknown route or task revision, a task declared twice, and no site model", () => {
      expectRefused(commission(variant(LOAD_BINDING, "route: reference-forecast", "route: remote-forecast")), [[LOAD_BINDING, "binding/unknown-route"]]);
      expectRefused(commission(variant(LOAD_BINDING, "task: { id: site-load-forecast, revision: 1 }", "task: { id: site-load-forecast, revision: 2 }")), [[LOAD_BINDING, "binding/unknown-task"]]);
      const twice = [...FILES.map(read), { ...read("tasks/site-load-forecast.yaml"), file: "tasks/site-load-forecast-copy.yaml" }];
      expectRefused(commission(twice), [["tasks/site-load-forecast-copy.yaml", "pack/duplicate-task"]]);
      const loaded = loadProcessingPack(FILES.map(read));
      if (!loaded.ok) expect.fail("the pack without a site did not load");
      const noSite = commissionPack(loaded.pack);
      expect(noSite.commissioned).to.deep.equal([]);
      expect(noSite.refused.flatMap((r) => r.diagnostics.map((d) => d.diagnostic.code))).to.deep.equal(["binding/unresolved-point", "binding/unresolved-point", "binding/unresolved-point"]);
    });

    it("any error in any file of the pack, or in its site model, loads no pack", () => {
      const broken = loadProcessingPack(variant("routes/reference-forecast.yaml", "deadline_ms: 30000", "deadline_ms: -1"), SITE);
      expect(broken.ok).to.equal(false);
      const badSite = loadProcessingPack(FILES.map(read), { file: "site.yaml", text: "instances: 3\n" });
      expect(badSite.ok).to.equal(false);
      if (!badSite.ok) expect(badSite.diagnostics.every((d) => d.file === "site.yaml")).to.equal(true);
    });
  });
});
