// Spec item 12: reload replaces the rule set wholesale; running executions finish with the rule
// they started with; the subscription bitmap and the dispatcher are rebuilt as a unit.
import { expect } from "chai";
import { harness, interval, onChange, report, rule, type Harness } from "./fakes.js";

async function event(h: Harness, index: number, value: number): Promise<void> {
  h.watch.values[index] = value;
  h.scheduler.offer({ index, value, at: h.time.now() });
  await h.time.advance(0);
}

describe("scheduler reload (spec item 12)", () => {
  it("item 12: an execution running during a reload finishes with its old rule object; the next run gets the new one", async () => {
    const before = rule(1, interval(100), { priority: 1 });
    const after = rule(1, interval(100), { priority: 2 });
    const h = harness({ rules: [before] });
    h.runner.hold = true;
    await h.time.advance(100);
    h.scheduler.reload([after]);
    await h.time.advance(100);
    expect(h.runner.calls, "still running: not started again").to.have.length(1);
    h.runner.settleAll();
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.rule)).to.have.ordered.members([before, after]);
    expect(h.runner.calls[0]!.rule).to.equal(before);
    expect(h.runner.calls[1]!.rule).to.equal(after);
    expect(h.runner.selfOverlaps).to.equal(0);
  });

  it("item 12: the subscription bitmap is rebuilt once per reload from the enabled on_change rules' points", () => {
    const h = harness({ pointCount: 8, rules: [rule(1, onChange([1, 3])), rule(2, onChange([3, 6])), rule(3, interval(100))] });
    expect(h.watch.subscriptions).to.have.length(1);
    expect([...h.watch.subscriptions[0]!]).to.deep.equal([0, 1, 0, 1, 0, 0, 1, 0]);
    h.scheduler.reload([rule(1, onChange([2])), rule(2, onChange([3, 6]), { enabled: false })]);
    expect(h.watch.subscriptions).to.have.length(2);
    expect(h.watch.subscribed()).to.deep.equal([2]);
    expect(h.watch.subscriptions[0], "a new bitmap, the old one untouched").to.not.equal(h.watch.subscriptions[1]);
    expect([...h.watch.subscriptions[0]!]).to.deep.equal([0, 1, 0, 1, 0, 0, 1, 0]);
  });

  it("item 12: a re-targeted on_change rule receives events for its new point at once, and none for its old one", async () => {
    const h = harness({ rules: [rule(1, onChange([1]))] });
    await event(h, 1, 5);
    h.scheduler.reload([rule(1, onChange([2]))]);
    await event(h, 1, 6);
    expect(h.runner.calls).to.have.length(1);
    await event(h, 2, 7);
    expect(h.runner.calls.map((c) => c.cause)).to.deep.include({ kind: "on_change", at: 0, path: "fast", index: 2, value: 7 });
    expect(h.time.now(), "no tick, no restart").to.equal(0);
  });

  it("item 12: a new on_change rule receives events immediately", async () => {
    const h = harness({ rules: [] });
    h.scheduler.reload([rule(9, onChange([4]))]);
    await event(h, 4, 1);
    expect(h.runner.ids()).to.deep.equal([9]);
  });

  it("item 12: a rule whose trigger is unchanged keeps its state: last values, due time, time deadband", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { timeDeadbandMs: 500 })), rule(2, interval(1000))] });
    await event(h, 0, 5);
    await h.time.advance(100);
    expect(h.runner.ids()).to.deep.equal([1, 2]);
    h.scheduler.reload([rule(1, onChange([0], { timeDeadbandMs: 500 }), { priority: 3 }), rule(2, interval(1000), { cooldownMs: 1 })]);
    await event(h, 0, 5);
    await event(h, 0, 6);
    await h.time.advance(100);
    expect(h.runner.ids(), "no first-value run, no re-run of the interval rule").to.deep.equal([1, 2]);
    expect(h.scheduler.ruleStatus(1)!.suppressed).to.deep.include({ no_change: 1, deadband_time: 1 });
  });

  it("item 12: a rule whose trigger changed starts afresh: first value triggers, interval runs at the next tick", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { timeDeadbandMs: 500 })), rule(2, interval(1000))] });
    await event(h, 0, 5);
    await h.time.advance(100);
    h.scheduler.reload([rule(1, onChange([0])), rule(2, interval(2000))]);
    await event(h, 0, 5);
    expect(h.runner.ids()).to.deep.equal([1, 2, 1]);
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => [c.rule.id, c.cause.at])).to.deep.equal([
      [1, 0],
      [2, 100],
      [1, 100],
      [2, 200],
    ]);
  });

  it("item 12: per-rule counters and the cooldown stay with a rule id across reloads, even when its trigger changes", async () => {
    const h = harness({ rules: [rule(1, interval(100), { cooldownMs: 1000 })] });
    h.runner.answer = () => report({ actionsAttempted: 1, actionsSucceeded: 1 });
    await h.time.advance(200);
    h.scheduler.reload([rule(1, interval(300), { cooldownMs: 1000 })]);
    await h.time.advance(800);
    expect(h.runner.calls.map((c) => c.cause.at)).to.deep.equal([100]);
    await h.time.advance(200); // held by the cooldown at 200 and, with the new trigger, at 300; runs when it ends
    expect(h.runner.calls.map((c) => c.cause.at)).to.deep.equal([100, 1100]);
    expect(h.scheduler.ruleStatus(1)!.suppressed.cooldown).to.equal(2);
    expect(h.scheduler.ruleStatus(1)).to.deep.include({ executions: 2 });
  });

  it("item 12: a rule removed while it runs stays exclusive until that execution finishes, then leaves the status", async () => {
    const h = harness({ rules: [rule(1, interval(100))] });
    h.runner.hold = true;
    await h.time.advance(100);
    h.scheduler.reload([]);
    expect(h.scheduler.status()).to.deep.include({ totalRules: 0, enabledRules: 0, inFlight: 1 });
    expect(h.scheduler.ruleStatuses({ limit: 10 }).rules).to.deep.equal([]);
    expect(h.scheduler.ruleStatus(1)).to.equal(undefined);
    let manualStarted = false;
    const manual = h.scheduler.runExclusive(1, async () => {
      manualStarted = true;
      return report();
    });
    await h.time.advance(0);
    expect(manualStarted).to.equal(false);
    h.runner.settleAll();
    await manual;
    expect(manualStarted).to.equal(true);
    await h.time.advance(300);
    expect(h.runner.calls).to.have.length(1);
  });

  it("item 12: a reload reorders queued rules by their new priority", async () => {
    const h = harness({ parallelism: 1, rules: [1, 2, 3].map((id) => rule(id, interval(60_000))) });
    h.runner.hold = true;
    await h.time.advance(100);
    h.scheduler.reload([rule(1, interval(60_000)), rule(2, interval(60_000)), rule(3, interval(60_000), { priority: 9 })]);
    while (h.runner.open().length > 0) {
      h.runner.settleAll();
      await h.time.advance(0);
    }
    expect(h.runner.ids()).to.deep.equal([1, 3, 2]);
  });
});
