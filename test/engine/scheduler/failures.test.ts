// A runner that fails, throws or rejects never stops the loop; decisions are reported as data.
import { expect } from "chai";
import { createScheduler } from "../../../runtime/engine/scheduler/scheduler.js";
import type { ScheduledRule } from "../../../runtime/engine/scheduler/types.js";
import { createFakeTime } from "../../helpers/fake-time.js";
import { FakeWatch, harness, interval, onChange, report, rule } from "./fakes.js";

describe("scheduler failures and decisions", () => {
  it("a runner that rejects is a failed execution, reported through the status; the loop goes on", async () => {
    const h = harness({ rules: [rule(1, interval(100))] });
    h.runner.hold = true;
    await h.time.advance(100);
    h.runner.open()[0]!.reject(new Error("executor bug"));
    await h.time.advance(100);
    const status = h.scheduler.status();
    expect(status).to.deep.include({ executions: 2, failures: 1, inFlight: 1 });
    expect(h.scheduler.ruleStatus(1)).to.deep.include({ executions: 2, failures: 1 });
    expect(h.scheduler.ruleStatus(1)!.lastOutcome).to.deep.equal({
      at: 100,
      success: false,
      actionsAttempted: 0,
      actionsSucceeded: 0,
      shortCircuited: false,
      error: "executor bug",
    });
  });

  it("a runner that throws synchronously is a failed execution too", async () => {
    const time = createFakeTime();
    let calls = 0;
    const scheduler = createScheduler<ScheduledRule>({
      clock: time.clock,
      timer: time.timer,
      watch: new FakeWatch(4),
      pointCount: 4,
      runner: () => {
        calls++;
        throw "not a promise";
      },
    });
    scheduler.reload([rule(1, interval(100)), rule(2, interval(100))]);
    scheduler.start();
    await time.advance(200);
    expect(calls).to.equal(4);
    expect(scheduler.status()).to.deep.include({ executions: 4, failures: 4, inFlight: 0 });
    expect(scheduler.ruleStatus(2)!.lastOutcome!.error).to.equal("not a promise");
  });

  it("a report with success false counts as a failure; a short-circuited one counts 'input_unavailable'", async () => {
    const h = harness({ rules: [rule(1, interval(100))] });
    h.runner.answer = (_rule, cause) => report({ success: cause.at !== 100, shortCircuited: cause.at === 200 });
    await h.time.advance(300);
    expect(h.scheduler.ruleStatus(1)).to.deep.include({ executions: 3, failures: 1 });
    expect(h.scheduler.ruleStatus(1)!.suppressed.input_unavailable).to.equal(1);
  });

  it("onDecision reports runs and suppressions as data", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { valueDeadband: { absolute: 1 } }))] });
    h.scheduler.offer({ index: 0, value: 3, at: 0 });
    h.scheduler.offer({ index: 0, value: 3.5, at: 0 });
    await h.time.advance(0);
    expect(h.decisions).to.deep.equal([
      { ruleId: 1, at: 0, decision: "run", reason: "on_change", cause: { kind: "on_change", at: 0, path: "fast", index: 0, value: 3 } },
      { ruleId: 1, at: 0, decision: "suppressed", reason: "running", index: 0, value: 3.5 },
    ]);
  });

  it("a listener that throws does not stop the loop", async () => {
    const h = harness({
      rules: [rule(1, interval(100))],
      onDecision: () => {
        throw new Error("listener bug");
      },
    });
    await h.time.advance(300);
    expect(h.runner.calls).to.have.length(3);
  });
});
