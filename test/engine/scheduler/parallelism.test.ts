// Spec item 2: bounded parallelism, the ready queue's order, and a rule never running
// concurrently with itself (manual runs included).
import { expect } from "chai";
import { harness, interval, onChange, report, rule } from "./fakes.js";

describe("scheduler parallelism (spec item 2)", () => {
  it("item 2: never more than 4 runner calls in flight with 20 due rules", async () => {
    const h = harness({ rules: Array.from({ length: 20 }, (_, i) => rule(i + 1, interval(60_000))) });
    h.runner.hold = true;
    await h.time.advance(100);
    expect(h.runner.calls).to.have.length(4);
    expect(h.scheduler.status()).to.deep.include({ inFlight: 4, queued: 16 });
    while (h.runner.open().length > 0) {
      h.runner.open()[0]!.settle();
      await h.time.advance(0);
      expect(h.runner.inFlight).to.be.at.most(4);
    }
    expect(h.runner.calls).to.have.length(20);
    expect(h.runner.maxInFlight).to.equal(4);
    expect(new Set(h.runner.ids()).size).to.equal(20);
  });

  it("item 2: due rules start in priority order, higher first, ties by id ascending", async () => {
    const priorities: [number, number][] = [[7, 0], [3, 5], [9, 5], [1, -2], [4, 0], [2, 5], [8, 10]];
    const h = harness({ parallelism: 1, rules: priorities.map(([id, priority]) => rule(id, interval(60_000), { priority })) });
    h.runner.hold = true;
    await h.time.advance(100);
    while (h.runner.open().length > 0) {
      h.runner.settleAll();
      await h.time.advance(0);
    }
    expect(h.runner.ids()).to.deep.equal([8, 2, 3, 9, 4, 7, 1]);
  });

  it("item 2: priority orders the ready queue but does not pre-empt a running execution", async () => {
    const h = harness({ parallelism: 1, pointCount: 4, rules: [rule(1, interval(60_000), { priority: -5 }), rule(2, onChange([0]), { priority: 100 })] });
    h.runner.hold = true;
    await h.time.advance(100);
    expect(h.runner.ids()).to.deep.equal([1]);
    h.scheduler.offer({ index: 0, value: 1, at: 100 });
    await h.time.advance(0);
    expect(h.runner.ids(), "the high-priority rule waits").to.deep.equal([1]);
    expect(h.scheduler.status().queued).to.equal(1);
    h.runner.settleAll();
    await h.time.advance(0);
    expect(h.runner.ids()).to.deep.equal([1, 2]);
  });

  it("a rule never runs concurrently with itself: due while running, it is counted once as 'running' and runs at the first tick after it ends", async () => {
    const h = harness({ rules: [rule(1, interval(100))] });
    h.runner.hold = true;
    await h.time.advance(500);
    expect(h.runner.calls).to.have.length(1);
    expect(h.scheduler.ruleStatus(1)!.suppressed.running).to.equal(1);
    expect(h.decisions.filter((d) => d.decision === "suppressed").map((d) => [d.at, d.reason])).to.deep.equal([[200, "running"]]);
    h.runner.settleAll();
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.cause.at), "once, not a replay of each missed due time").to.deep.equal([100, 600]);
    expect(h.runner.selfOverlaps).to.equal(0);
  });

  it("a rule never runs concurrently with itself: an on_change event while it runs is suppressed, and the tick after it finishes re-evaluates", async () => {
    const h = harness({ rules: [rule(1, onChange([2]))] });
    h.runner.hold = true;
    h.scheduler.offer({ index: 2, value: 1, at: 0 });
    await h.time.advance(0);
    h.watch.values[2] = 2;
    h.scheduler.offer({ index: 2, value: 2, at: 0 });
    await h.time.advance(0);
    expect(h.runner.calls).to.have.length(1);
    expect(h.scheduler.ruleStatus(1)!.suppressed.running).to.equal(1);
    await h.time.advance(300);
    expect(h.scheduler.ruleStatus(1)!.suppressed.running, "the same value is counted once").to.equal(1);
    h.runner.settleAll();
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.cause)).to.deep.equal([
      { kind: "on_change", at: 0, path: "fast", index: 2, value: 1 },
      { kind: "on_change", at: 400, path: "tick", index: 2, value: 2 },
    ]);
    expect(h.runner.selfOverlaps).to.equal(0);
  });

  it("runExclusive: a manual run waits for the scheduled execution, and the scheduler does not start the rule meanwhile", async () => {
    const h = harness({ rules: [rule(1, interval(100))] });
    h.runner.hold = true;
    await h.time.advance(100);
    const order: string[] = [];
    let finishManual: (() => void) | undefined;
    const manual = h.scheduler.runExclusive(1, async () => {
      order.push(`manual starts, scheduled open: ${h.runner.open().length}`);
      await new Promise<void>((resolve) => (finishManual = resolve));
      return report();
    });
    await h.time.advance(0);
    expect(order, "waits behind the scheduled run").to.deep.equal([]);
    h.runner.settleAll();
    await h.time.advance(0);
    expect(order).to.deep.equal(["manual starts, scheduled open: 0"]);
    await h.time.advance(300);
    expect(h.runner.calls, "not started while the manual run holds the rule").to.have.length(1);
    expect(h.scheduler.ruleStatus(1)!.suppressed.running).to.equal(1);
    finishManual!();
    await manual;
    await h.time.advance(100);
    expect(h.runner.calls).to.have.length(2);
  });

  it("runExclusive: a queued scheduled run is skipped (counted 'running') when a manual run takes the rule first", async () => {
    const h = harness({ parallelism: 1, rules: [rule(1, interval(60_000)), rule(2, interval(60_000))] });
    h.runner.hold = true;
    await h.time.advance(100);
    expect(h.scheduler.status().queued).to.equal(1);
    let finishManual: (() => void) | undefined;
    const manual = h.scheduler.runExclusive(2, () => new Promise((resolve) => (finishManual = () => resolve(report()))));
    h.runner.settleAll();
    await h.time.advance(0);
    expect(h.runner.ids()).to.deep.equal([1]);
    expect(h.scheduler.ruleStatus(2)!.suppressed.running).to.equal(1);
    finishManual!();
    await manual;
  });

  it("runExclusive: a manual run that succeeded with an action starts the cooldown", async () => {
    const h = harness({ rules: [rule(1, interval(100), { cooldownMs: 1000 })] });
    await h.scheduler.runExclusive(1, async () => report({ actionsAttempted: 1, actionsSucceeded: 1 }));
    await h.time.advance(900);
    expect(h.runner.calls).to.have.length(0);
    expect(h.scheduler.ruleStatus(1)!.suppressed.cooldown).to.equal(1);
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.cause.at)).to.deep.equal([1000]);
  });

  it("runExclusive: serialises manual runs of a rule the scheduler does not hold", async () => {
    const h = harness();
    const log: string[] = [];
    const manual = (name: string) =>
      h.scheduler.runExclusive(42, async () => {
        log.push(`${name} in`);
        await Promise.resolve();
        log.push(`${name} out`);
        return report();
      });
    await Promise.all([manual("a"), manual("b")]);
    expect(log).to.deep.equal(["a in", "a out", "b in", "b out"]);
    expect(h.scheduler.ruleStatuses({ limit: 10 })).to.deep.equal({ rules: [], nextAfterId: null });
  });
});
