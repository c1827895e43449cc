// The demo pack's two shipped tasks (spec: "Shipped load and PV tasks: max_quantiles is 0") compile
// to exactly the declarations the contract goldens hold as JSON, so `svc validate` and the
// goldens check the very documents the pack ships.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileDataProcessingYaml } from "../../../compiler/front-ends/task-yaml/index.js";
import type { DataProcessingTask } from "../../../generated/types.js";
import { fromRoot } from "../../helpers/paths.js";

const TASKS = [
  ["examples/packs/demo/tasks/site-load-forecast.yaml", "test/golden/contracts/task/valid-site-load-forecast/input.json"],
  ["examples/packs/demo/tasks/pv-forecast.yaml", "test/golden/contracts/task/valid-pv-forecast/input.json"],
] as const;

describe("demo pack tasks", () => {
  for (const [yaml, golden] of TASKS) {
    it(`${yaml} compiles to ${golden}`, () => {
      const result = compileDataProcessingYaml(readFileSync(fromRoot(yaml), "utf8"));
      expect(result.diagnostics).to.deep.equal([]);
      expect(result.document).to.deep.equal(JSON.parse(readFileSync(fromRoot(golden), "utf8")));
    });
  }

  it("both are 15-minute forecasts without quantiles, with a live tail forbidden and missing values rejected", () => {
    for (const [yaml] of TASKS) {
      const task = compileDataProcessingYaml(readFileSync(fromRoot(yaml), "utf8")).document as DataProcessingTask;
      expect(task, yaml).to.deep.include({ kind: "forecast", missing_policy: "reject" });
      expect(task.frame, yaml).to.deep.include({ cadence_seconds: 900, live_tail: "forbidden" });
      expect(task.output.max_quantiles, yaml).to.equal(0);
      expect(task.alignment.timestamp_semantics, yaml).to.equal("interval_end");
    }
  });
});
