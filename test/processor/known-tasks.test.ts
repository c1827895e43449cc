// Issue 7, item 5: the processor's task registry (runtime/processor/known-tasks.ts) says what a
// request cannot (its target, unit, sign convention and allowed fallback). Its defaults must be
// what the task declarations say: the demo pack's tasks and the contracts' sample task.
import { expect } from "chai";
import type { DataProcessingTask } from "../../generated/types.js";
import { REFERENCE_TASKS, findKnownTask, knownTaskOf } from "../../runtime/processor/known-tasks.js";
import { demoTask, fixture } from "./demo-requests.js";

describe("reference processor: known tasks (runtime/processor/known-tasks.ts)", () => {
  it("each default entry is knownTaskOf its declaration (examples/packs/demo/tasks, test/fixtures/contracts/task.json)", () => {
    const declarations = [demoTask("site-load-forecast"), demoTask("pv-forecast"), fixture<DataProcessingTask>("task")];
    expect(REFERENCE_TASKS.map((t) => ({ ...t }))).to.deep.equal(declarations.map(knownTaskOf));
  });

  it("a task without a fallback this processor implements gets none (the answer is then unavailable, never an unlabelled guess)", () => {
    const task = fixture<DataProcessingTask>("task");
    task.output.fallback_policies = [{ strategy: "zero_baseline", version: "1", source_feature: "site_load", max_output_age_seconds: 900 }];
    expect(knownTaskOf(task).fallback).to.equal(undefined);
    task.output.fallback_policies = [{ strategy: "persistence", version: "2", source_feature: "site_load", max_output_age_seconds: 900 }];
    expect(knownTaskOf(task).fallback).to.equal(undefined);
  });

  it("is looked up by id and revision (a new revision may rename the target or flip its sign)", () => {
    expect(findKnownTask(REFERENCE_TASKS, "pv-forecast", 1)?.target.sign_convention).to.equal("positive_generation");
    expect(findKnownTask(REFERENCE_TASKS, "pv-forecast", 2)).to.equal(undefined);
  });
});
