// The pack checks (compiler/contracts/pack) on the demo pack and on variants of it, one broken
// rule each: every binding and pack code, at the path of the value to fix, in the right file.
// Spec: Task declaration ("Semantic references are resolved at commissioning; resolution fails
// closed when a reference is unresolved or the unit, scale, offset, point kind or sign
// convention mismatches"), Processor route configuration, Versioning.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { checkPack, type PackEntry, type PackInput } from "../../../compiler/contracts/pack/index.js";
import { compileDataProcessingYaml, createFileLocator } from "../../../compiler/front-ends/task-yaml/index.js";
import type { DataProcessingBinding, DataProcessingTask, ProcessorRoute, SiteMeasurementPoint, SiteModel } from "../../../generated/types.js";
import { loadSite } from "../../../runtime/points/load-site.js";
import { fromRoot } from "../../helpers/paths.js";

const DEMO = "examples/packs/demo";

function entry<T>(file: string, root: string): PackEntry<T> {
  const text = readFileSync(fromRoot(DEMO, file), "utf8");
  const result = compileDataProcessingYaml(text);
  expect(result.diagnostics, file).to.deep.equal([]);
  return { file, root, document: structuredClone(result.document) as T, locate: createFileLocator(text).locate };
}

function demoPack(): PackInput & { tasks: Array<PackEntry<DataProcessingTask>>; bindings: Array<PackEntry<DataProcessingBinding>>; routes: Array<PackEntry<ProcessorRoute>> } {
  const text = readFileSync(fromRoot(DEMO, "site.yaml"), "utf8");
  const site = loadSite(text, "site.yaml").site as SiteModel;
  return {
    tasks: [entry("tasks/site-load-forecast.yaml", "/task"), entry("tasks/pv-forecast.yaml", "/task")],
    bindings: [entry("bindings/site-load-main.yaml", "/binding"), entry("bindings/pv-main.yaml", "/binding")],
    routes: [entry("routes/reference-forecast.yaml", "/route")],
    site: { file: "site.yaml", root: "", site: structuredClone(site), locate: createFileLocator(text).locate },
  };
}

/** [file, code, path] of every error. */
function found(pack: PackInput): Array<[string, string, string]> {
  return checkPack(pack)
    .filter(({ diagnostic }) => diagnostic.severity === "error")
    .map(({ file, diagnostic }) => [file, diagnostic.code, diagnostic.path ?? ""]);
}

const LOAD = "tasks/site-load-forecast.yaml";
const LOAD_BINDING = "bindings/site-load-main.yaml";

describe("pack checks (compiler/contracts/pack)", () => {
  it("the demo pack resolves: both tasks bound to site points with matching units and signs, on a route of their contract", () => {
    expect(checkPack(demoPack())).to.deep.equal([]);
  });

  it("a task feature whose unit disagrees with the commissioned point is reported at the task's unit, with notes at the binding and the site point (spec: resolution fails closed on unit mismatch)", () => {
    const pack = demoPack();
    pack.tasks[0]!.document.inputs.history[1]!.unit = "K";
    const [diagnostic, ...rest] = checkPack(pack);
    expect(rest).to.deep.equal([]);
    expect(diagnostic!.file).to.equal(LOAD);
    expect(diagnostic!.diagnostic).to.deep.include({ code: "binding/unit-mismatch", path: "/task/inputs/history/1/unit" });
    const lines = readFileSync(fromRoot(DEMO, LOAD), "utf8").split("\n");
    expect(diagnostic!.diagnostic.span!.start.line, "the outdoor_temp feature's unit line").to.equal(lines.indexOf("      - name: outdoor_temp") + 2);
    const notes = diagnostic!.diagnostic.notes!;
    expect(notes.map((n) => n.span?.source)).to.deep.equal([LOAD_BINDING, "site.yaml"]);
    expect(notes[0]!.message).to.contain("binding 'site-load-main'").and.contain(`${LOAD_BINDING}:`);
    expect(notes[1]!.message).to.contain("measurement(5, 1) 'outdoor_temp' is in degC");
  });

  it("one task unit wrong for two bindings is one diagnostic with both bindings' notes", () => {
    const pack = demoPack();
    pack.bindings.push({ ...pack.bindings[0]!, file: "bindings/other.yaml", document: { ...structuredClone(pack.bindings[0]!.document), id: "site-load-other" } });
    pack.tasks[0]!.document.inputs.history[1]!.unit = "K";
    const diagnostics = checkPack(pack);
    expect(diagnostics).to.have.length(1);
    expect(diagnostics[0]!.diagnostic.notes!.filter((n) => n.message.startsWith("binding"))).to.have.length(2);
  });

  it("binding/unit-mismatch: a binding unit other than the site point's, and a dataset field unit other than the task feature's", () => {
    const pack = demoPack();
    pack.bindings[0]!.document.points![0]!.unit = "W";
    pack.bindings[0]!.document.datasets![0]!.fields[0]!.unit = "K";
    expect(found(pack)).to.deep.equal([
      [LOAD_BINDING, "binding/unit-mismatch", "/binding/points/0/unit"],
      [LOAD_BINDING, "binding/unit-mismatch", "/binding/datasets/0/fields/0/unit"],
    ]);
  });

  it("binding/scale-offset: the runtime converts nothing, so scale 1 and offset 0", () => {
    const pack = demoPack();
    Object.assign(pack.bindings[0]!.document.points![0]!, { scale: 1000, offset: -2 });
    expect(found(pack)).to.deep.equal([
      [LOAD_BINDING, "binding/scale-offset", "/binding/points/0/scale"],
      [LOAD_BINDING, "binding/scale-offset", "/binding/points/0/offset"],
    ]);
  });

  it("binding/sign-convention-mismatch: the binding against the site point, and the commissioned target against the task's target", () => {
    const differs = demoPack();
    differs.bindings[1]!.document.points![0]!.sign_convention = "positive_consumption";
    expect(found(differs)).to.deep.include([`bindings/pv-main.yaml`, "binding/sign-convention-mismatch", "/binding/points/0/sign_convention"]);

    const target = demoPack();
    target.tasks[1]!.document.target.sign_convention = "positive_consumption";
    target.tasks[1]!.document.output.sign_convention = "positive_consumption";
    expect(found(target)).to.deep.equal([["tasks/pv-forecast.yaml", "binding/sign-convention-mismatch", "/task/target/sign_convention"]]);

    const unstated = demoPack();
    delete unstated.bindings[0]!.document.points![0]!.sign_convention;
    const meter = unstated.site!.site!.instances.find((i) => i.id === 30)!.points.find((p) => p.point === 11 && p.type === "measurement") as SiteMeasurementPoint;
    delete meter.sign_convention;
    expect(found(unstated)).to.deep.equal([[LOAD_BINDING, "binding/sign-convention-mismatch", "/binding/points/0"]]);
  });

  it("binding/unresolved-point: no such instance, no such measurement, no site.yaml, a site.yaml with errors", () => {
    const pack = demoPack();
    pack.bindings[0]!.document.points![0]!.instance = 31;
    pack.bindings[0]!.document.points![1]!.point = 2;
    expect(found(pack)).to.deep.equal([
      [LOAD_BINDING, "binding/unresolved-point", "/binding/points/0/instance"],
      [LOAD_BINDING, "binding/unresolved-point", "/binding/points/1/point"],
    ]);
    const message = checkPack(pack)[1]!.diagnostic.message;
    expect(message).to.contain("instance 5 (Weather station)").and.contain("1 outdoor_temp (degC)");

    const { site: _site, ...noSite } = demoPack();
    expect(found(noSite).map(([, code]) => code)).to.deep.equal(Array(3).fill("binding/unresolved-point"));
    const broken = demoPack();
    broken.site!.site = undefined;
    expect(checkPack(broken)[0]!.diagnostic.message).to.contain("site.yaml has errors");
  });

  it("binding/missing-point, binding/extra-point, binding/duplicate-point: every measured reference of the task exactly once", () => {
    const missing = demoPack();
    missing.bindings[0]!.document.points!.pop();
    expect(found(missing)).to.deep.equal([[LOAD_BINDING, "binding/missing-point", "/binding/points"]]);

    const extra = demoPack();
    extra.bindings[0]!.document.points![1]!.point_ref = "humidity";
    expect(found(extra)).to.deep.equal([
      [LOAD_BINDING, "binding/extra-point", "/binding/points/1/point_ref"],
      [LOAD_BINDING, "binding/missing-point", "/binding/points"],
    ]);

    const twice = demoPack();
    twice.bindings[0]!.document.points!.push(structuredClone(twice.bindings[0]!.document.points![0]!));
    expect(found(twice)).to.deep.equal([[LOAD_BINDING, "binding/duplicate-point", "/binding/points/2"]]);
  });

  it("datasets: binding/missing-dataset, binding/extra-dataset, binding/duplicate-dataset, binding/missing-field, binding/extra-field, binding/duplicate-field", () => {
    const cases: Array<[(b: DataProcessingBinding) => void, Array<[string, string]>]> = [
      [(b) => void (b.datasets = []), [["binding/missing-dataset", "/binding"]]],
      [(b) => b.datasets!.push({ dataset_ref: "weather.observations", dataset: "weather-observations", fields: [{ field: "air_temperature", unit: "degC" }] }), [["binding/extra-dataset", "/binding/datasets/1/dataset_ref"]]],
      [(b) => b.datasets!.push(structuredClone(b.datasets![0]!)), [["binding/duplicate-dataset", "/binding/datasets/1/dataset_ref"]]],
      [(b) => void (b.datasets![0]!.fields[0]!.field = "dew_point"), [["binding/extra-field", "/binding/datasets/0/fields/0/field"], ["binding/missing-field", "/binding/datasets/0/fields"]]],
      [(b) => b.datasets![0]!.fields.push({ field: "air_temperature", unit: "degC" }), [["binding/duplicate-field", "/binding/datasets/0/fields/1/field"]]],
    ];
    for (const [mutate, expected] of cases) {
      const pack = demoPack();
      mutate(pack.bindings[0]!.document);
      expect(found(pack).map(([, code, path]) => [code, path])).to.deep.equal(expected);
    }
  });

  it("binding/unknown-task: the task revision the binding serves must be in the pack (spec: Versioning 7)", () => {
    const revision = demoPack();
    revision.bindings[0]!.document.task.revision = 2;
    expect(found(revision)).to.deep.equal([[LOAD_BINDING, "binding/unknown-task", "/binding/task/revision"]]);
    const id = demoPack();
    id.bindings[0]!.document.task.id = "site-load-forcast";
    const [diagnostic] = checkPack(id);
    expect(diagnostic!.diagnostic).to.deep.include({ code: "binding/unknown-task", path: "/binding/task/id", suggestion: "did you mean 'site-load-forecast'?" });
  });

  it("binding/unknown-route and binding/route-contract-mismatch", () => {
    const unknown = demoPack();
    unknown.bindings[0]!.document.route = "reference";
    expect(found(unknown)).to.deep.equal([[LOAD_BINDING, "binding/unknown-route", "/binding/route"]]);
    const contract = demoPack();
    contract.routes[0]!.document.processor.contract = "svc.data-processing.forecast.v2";
    expect(found(contract)).to.deep.equal([
      [LOAD_BINDING, "binding/route-contract-mismatch", "/binding/route"],
      ["bindings/pv-main.yaml", "binding/route-contract-mismatch", "/binding/route"],
    ]);
  });

  it("binding/artifact-required, binding/remote-boundary (fails closed: a v1 task cannot preapprove egress), binding/frame-too-large", () => {
    const artifact = demoPack();
    artifact.routes[0]!.document.processor.requires_artifact = true;
    expect(found(artifact).map(([, code]) => code)).to.deep.equal(["binding/artifact-required", "binding/artifact-required"]);
    artifact.bindings.forEach((b) => (b.document.artifact = { kind: "model", family: "seasonal-naive" }));
    expect(found(artifact)).to.deep.equal([]);

    const remote = demoPack();
    remote.routes[0]!.document.processor.boundary = "remote";
    expect(found(remote).map(([, code]) => code)).to.deep.equal(["binding/remote-boundary", "binding/remote-boundary"]);

    const small = demoPack();
    small.routes[0]!.document.max_frame_samples = 1000; // the load task needs 672 * 2 + 96 * 4 = 1728 cells; PV 672 + 96 * 2 = 864
    expect(found(small)).to.deep.equal([[LOAD_BINDING, "binding/frame-too-large", "/binding/route"]]);
  });

  it("pack/duplicate-task, pack/duplicate-binding, pack/duplicate-route: ids unique (tasks and bindings per revision)", () => {
    const pack = demoPack();
    pack.tasks.push({ ...pack.tasks[0]!, file: "tasks/copy.yaml" });
    pack.bindings.push({ ...pack.bindings[1]!, file: "bindings/copy.yaml" });
    pack.routes.push({ ...pack.routes[0]!, file: "routes/copy.yaml" });
    expect(found(pack)).to.deep.equal([
      ["tasks/copy.yaml", "pack/duplicate-task", "/task/id"],
      ["bindings/copy.yaml", "pack/duplicate-binding", "/binding/id"],
      ["routes/copy.yaml", "pack/duplicate-route", "/route/id"],
    ]);
    const revised = demoPack();
    revised.tasks.push({ ...revised.tasks[0]!, document: { ...structuredClone(revised.tasks[0]!.document), revision: 2 } });
    expect(found(revised), "a second revision of a task is no duplicate").to.deep.equal([]);
  });

  it("site units: an on/off or count point (unit \"\" in site.yaml) binds as unit 1", () => {
    const pack = demoPack();
    const point = pack.site!.site!.instances.find((i) => i.id === 5)!.points[0]!;
    point.unit = "";
    pack.bindings[0]!.document.points![1]!.unit = "1";
    pack.tasks[0]!.document.inputs.history[1]!.unit = "1";
    expect(found(pack)).to.deep.equal([]);
  });

  it("sign convention none: a target without a direction binds to a site point that states none, and not to one with a direction", () => {
    const pack = demoPack();
    // Forecast the outdoor temperature instead: the weather station's point states no sign convention.
    const task = pack.tasks[0]!.document;
    task.target = { name: "outdoor_temp", semantic_point: "site.weather_station.outdoor_temp", unit: "degC", sign_convention: "none" };
    task.output = { ...task.output, unit: "degC", sign_convention: "none", fallback_policies: [] };
    task.inputs.future_covariates = (task.inputs.future_covariates ?? []).filter((f) => f.name !== "outdoor_temp");
    expect(found(pack)).to.deep.equal([]);
    pack.bindings[0]!.document.points![1]!.sign_convention = "none";
    expect(found(pack)).to.deep.equal([]);

    const directed = demoPack();
    directed.tasks[0]!.document.target.sign_convention = "none";
    directed.tasks[0]!.document.output.sign_convention = "none";
    expect(found(directed)).to.deep.equal([[LOAD, "binding/sign-convention-mismatch", "/task/target/sign_convention"]]);
  });

  it("pack/unbound-task: a task no binding of the pack commissions is a warning (it cannot run here), not an error", () => {
    const pack = demoPack();
    pack.bindings.splice(1, 1);
    expect(checkPack(pack).map(({ file, diagnostic }) => [file, diagnostic.severity, diagnostic.code, diagnostic.path])).to.deep.equal([
      ["tasks/pv-forecast.yaml", "warning", "pack/unbound-task", "/task/id"],
    ]);
  });
});
