// The discovery entry of a commissioned task (spec: Task discovery entry; runtime/processing/
// discovery): built from the declaration, the binding and the route alone, equal to the contracts'
// sample entry for the sample task, and valid against its task for every demo task.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import type { DataProcessingTask, ProcessorRouteConfig, TaskDiscoveryEntry } from "../../../generated/types.js";
import type { CommissionedTask } from "../../../runtime/processing/binding/index.js";
import { listDiscoveryEntries, toDiscoveryEntry } from "../../../runtime/processing/discovery/index.js";
import { fromRoot } from "../../helpers/paths.js";
import { demoPack } from "../data-processing-fixture.js";

const fixture = <T>(name: string): T => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", `${name}.json`), "utf8")) as T;

/** The sample task as the sample entry describes it: binding sample-load-main r2 selecting the seasonal-naive model, on the sample route. */
function sampleCommissioned(): CommissionedTask {
  return {
    task: fixture<DataProcessingTask>("task"),
    binding: { id: "sample-load-main", revision: 2, enabled: true, artifact: { kind: "model", family: "seasonal-naive", version: "1.0.0" } },
    route: {
      id: "reference-forecast",
      confirmation: "never",
      deadline_ms: 30000,
      audit_finalization_timeout_ms: 2000,
      max_concurrency: 4,
      max_frame_samples: 200000,
      processor: fixture<ProcessorRouteConfig>("processor-route"),
    },
    features: [],
  };
}

describe("task discovery entries (issue 7 item 6: GET /api/v1/data-processing/tasks)", () => {
  it("the sample task, bound and routed as the sample entry says, gives exactly test/fixtures/contracts/task-discovery-entry.json", () => {
    expect(toDiscoveryEntry(sampleCommissioned())).to.deep.equal(fixture<TaskDiscoveryEntry>("task-discovery-entry"));
  });

  it("every demo task's entry passes validateContract against its task declaration (contract task-discovery-entry)", () => {
    const pack = demoPack();
    expect(pack.commissioned).to.have.length(2);
    for (const c of pack.commissioned) {
      const entry = toDiscoveryEntry(c);
      expect(validateContract(entry, { contract: "task-discovery-entry", task: c.task }).diagnostics, c.task.id).to.deep.equal([]);
      expect(entry).to.include({ processor_id: c.route.processor.id, processor_version: c.route.processor.version, data_boundary: "local", deadline_ms: c.route.deadline_ms, max_request_bytes: c.route.processor.max_request_bytes });
    }
  });

  it("history_feature_policies lists only the features that differ from the task's defaults (docs/decisions.md), and a binding without artifact policy has artifact null", () => {
    const [load] = demoPack().commissioned;
    expect(toDiscoveryEntry(load!).forecast.history_feature_policies).to.deep.equal([]);
    expect(toDiscoveryEntry(load!).artifact).to.equal(null);
    const task = load!.task;
    const changed: DataProcessingTask = { ...task, alignment: { ...task.alignment, feature_policies: [{ name: "outdoor_temp", aggregation: "max" }, { name: "site_load", aggregation: "mean" }] } };
    const entry = toDiscoveryEntry({ ...load!, task: changed });
    expect(entry.forecast.history_feature_policies).to.deep.equal([{ feature: "outdoor_temp", aggregation: "max", duplicate_policy: "latest" }]);
    expect(validateContract(entry, { contract: "task-discovery-entry", task: changed }).diagnostics).to.deep.equal([]);
  });

  it("calendar features are the integer ones; static features are listed with role static (features[].integer)", () => {
    const [load] = demoPack().commissioned;
    const task: DataProcessingTask = { ...load!.task, inputs: { ...load!.task.inputs, static: [{ name: "site_area", value_type: "number", unit: "m2", value: 1200 }] } } as DataProcessingTask;
    const entry = toDiscoveryEntry({ ...load!, task });
    expect(entry.features.filter((f) => f.integer).map((f) => f.name)).to.deep.equal(["quarter_hour", "day_of_week", "is_weekend"]);
    expect(entry.features.at(-1)).to.deep.equal({ name: "site_area", role: "static", value_type: "number", unit: "m2", integer: false });
    expect(validateContract(entry, { contract: "task-discovery-entry", task }).diagnostics).to.deep.equal([]);
  });

  it("a disabled binding is not listed: it cannot run", () => {
    const pack = demoPack((c) => (c.binding.id === "pv-main" ? { ...c, binding: { ...c.binding, enabled: false } } : c));
    expect(listDiscoveryEntries(pack).map((e) => e.binding.id)).to.deep.equal(["site-load-main"]);
  });
});
