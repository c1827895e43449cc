// Interval rules (fixed rate, first run, missed ticks), cooldown, and disabled rules.
import { expect } from "chai";
import { harness, interval, onChange, report, rule } from "./fakes.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const runTimes = (h: ReturnType<typeof harness>): number[] => h.runner.calls.map((c) => c.cause.at);

describe("scheduler interval rules", () => {
  it("interval timing: first run at the first tick after start, then every interval_ms", async () => {
    const h = harness({ rules: [rule(1, interval(1000))] });
    await h.time.advance(3100);
    expect(runTimes(h)).to.deep.equal([100, 1100, 2100, 3100]);
    expect(h.runner.calls[0]!.cause).to.deep.equal({ kind: "interval", at: 100 });
  });

  it("issue 16.9: an interval that is not a multiple of the tick: every gap is at least interval_ms (first tick at or after it)", async () => {
    const h = harness({ rules: [rule(1, interval(150))] });
    await h.time.advance(3000);
    const gaps = runTimes(h).slice(1).map((at, i) => at - runTimes(h)[i]!);
    expect(gaps).to.have.length.greaterThan(10);
    expect(gaps.every((gap) => gap === 200), gaps.join()).to.equal(true);
  });

  it("issue 16.9: with a tick that drifts and jitters, no gap is ever shorter than interval_ms", async () => {
    const ticks: (() => void)[] = [];
    const h = harness({ rules: [rule(1, interval(500))], timer: (_period, onTick) => (ticks.push(onTick), () => undefined) });
    const random = seededRandom(169);
    for (let k = 1; k <= 300; k++) {
      h.time.jump(100 + Math.floor(random() * 9) - 2 + (k % 7 === 0 ? 40 : 0)); // late ticks, early ticks, slow drift
      ticks[0]!();
      await h.time.advance(0);
    }
    const gaps = runTimes(h).slice(1).map((at, i) => at - runTimes(h)[i]!);
    expect(gaps).to.have.length.greaterThan(40);
    expect(Math.min(...gaps)).to.be.at.least(500);
    expect(Math.max(...gaps)).to.be.below(500 + 150);
  });

  it("issue 19: a run that waited for a free slot keeps its rule's period: the next run is interval_ms after the tick that found it due", async () => {
    const h = harness({ rules: [rule(1, interval(1000)), rule(2, interval(1000))], parallelism: 1 });
    h.runner.hold = true;
    await h.time.advance(100); // both due at 100; rule 1 takes the one slot
    expect(h.runner.ids()).to.deep.equal([1]);
    h.time.jump(30);
    h.runner.settleAll(); // rule 2 starts at 130, 30 ms after its tick
    await h.time.advance(0);
    expect(h.runner.ids()).to.deep.equal([1, 2]);
    h.runner.settleAll();
    h.runner.hold = false;
    await h.time.advance(1000); // ticks at 200, 300 ... 1100
    const rule2 = h.runner.calls.filter((c) => c.rule.id === 2).map((c) => c.cause.at);
    // Measured from its start (130) it would wait for the tick after 1130; from its tick (100) it is due at 1100.
    expect(rule2[1]).to.equal(1100);
  });

  it("issue 16.9: a run delayed by a stall shifts the next run: it comes interval_ms after the delayed run, not on the old grid", async () => {
    const h = harness({ rules: [rule(1, interval(500))] });
    await h.time.advance(500); // runs at 100
    h.time.jump(350); // the loop was blocked from 500 to 850: the run due at 600 happens at 900
    await h.time.advance(50);
    expect(runTimes(h)).to.deep.equal([100, 900]);
    await h.time.advance(400);
    expect(runTimes(h), "not at 1100, 200 ms after the delayed run").to.deep.equal([100, 900]);
    await h.time.advance(100);
    expect(runTimes(h)).to.deep.equal([100, 900, 1400]);
  });

  it("interval timing: missed ticks are not replayed: after a stall the rule runs once, then interval_ms after that run", async () => {
    const h = harness({ rules: [rule(1, interval(200))] });
    await h.time.advance(100);
    h.time.jump(1050); // the loop was blocked: no tick fired from 100 to 1150
    await h.time.advance(50);
    expect(runTimes(h)).to.deep.equal([100, 1200]);
    await h.time.advance(200);
    expect(runTimes(h)).to.deep.equal([100, 1200, 1400]);
  });

  it("issue 16.9: a manual execution is an execution: the next scheduled run comes interval_ms after it", async () => {
    const h = harness({ rules: [rule(1, interval(1000))] });
    await h.time.advance(600); // runs at 100
    await h.scheduler.runExclusive(1, async () => report());
    await h.time.advance(1500);
    expect(runTimes(h)).to.deep.equal([100, 1600]);
  });

  it("interval timing: the ticks the fake timer fires in one advance are each a due check: at most one run per check", async () => {
    const h = harness({ rules: [rule(1, interval(100)), rule(2, interval(300))] });
    await h.time.advance(600);
    expect(h.runner.ids().filter((id) => id === 1)).to.have.length(6);
    expect(runTimes(h).filter((_, i) => h.runner.ids()[i] === 2)).to.deep.equal([100, 400]);
  });
});

describe("scheduler cooldown", () => {
  it("cooldown: after a successful execution with an action, a due run waits until cooldown_ms elapses (counted once)", async () => {
    const h = harness({ rules: [rule(1, interval(100), { cooldownMs: 350 })] });
    h.runner.answer = () => ({ success: true, actionsAttempted: 1, actionsSucceeded: 1, shortCircuited: false, reads: new Map() });
    await h.time.advance(500);
    expect(runTimes(h)).to.deep.equal([100, 500]);
    expect(h.scheduler.ruleStatus(1)!.suppressed.cooldown).to.equal(1);
    expect(h.decisions.filter((d) => d.decision === "suppressed").map((d) => d.at)).to.deep.equal([200]);
  });

  it("issue 16.9: with a cooldown longer than the interval, the rule runs as soon as both have elapsed", async () => {
    const h = harness({ rules: [rule(1, interval(1000), { cooldownMs: 1100 })] });
    h.runner.answer = () => report({ actionsAttempted: 1, actionsSucceeded: 1 });
    await h.time.advance(4500);
    expect(runTimes(h), "every 1.1 s, not every 2 s").to.deep.equal([100, 1200, 2300, 3400, 4500]);
  });

  it("cooldown: starts only after a successful execution that performed at least one action", async () => {
    for (const [outcome, suppressed] of [
      [{ success: true, actionsAttempted: 0, actionsSucceeded: 0 }, 0],
      [{ success: false, actionsAttempted: 2, actionsSucceeded: 1 }, 0],
      [{ success: true, actionsAttempted: 1, actionsSucceeded: 0 }, 0],
      [{ success: true, actionsAttempted: 1, actionsSucceeded: 1 }, 1],
    ] as const) {
      const h = harness({ rules: [rule(1, interval(100), { cooldownMs: 150 })] });
      h.runner.answer = () => ({ ...outcome, shortCircuited: false, reads: new Map() });
      await h.time.advance(300);
      expect(h.scheduler.ruleStatus(1)!.suppressed.cooldown, JSON.stringify(outcome)).to.equal(suppressed);
    }
  });

  it("cooldown: measured from the acting run's trigger time, so a period equal to the cooldown is never suppressed", async () => {
    const h = harness({ rules: [rule(1, interval(1000), { cooldownMs: 1000 })] });
    h.runner.hold = true;
    h.runner.answer = () => ({ success: true, actionsAttempted: 1, actionsSucceeded: 1, shortCircuited: false, reads: new Map() });
    await h.time.advance(100);
    for (let run = 0; run < 3; run++) {
      await h.time.advance(50);
      h.runner.settleAll(); // each run takes 50 ms; the cooldown counts from its trigger, not its end
      await h.time.advance(950);
    }
    expect(runTimes(h)).to.deep.equal([100, 1100, 2100, 3100]);
    expect(h.scheduler.ruleStatus(1)!.suppressed.cooldown).to.equal(0);
  });

  it("cooldown: suppresses an on_change rule's change, which fires once the cooldown has elapsed", async () => {
    const h = harness({ rules: [rule(1, onChange([0]), { cooldownMs: 1000 })] });
    h.runner.answer = () => ({ success: true, actionsAttempted: 1, actionsSucceeded: 1, shortCircuited: false, reads: new Map() });
    h.scheduler.offer({ index: 0, value: 1, at: 0 });
    await h.time.advance(0);
    h.watch.values[0] = 2;
    h.scheduler.offer({ index: 0, value: 2, at: 0 });
    await h.time.advance(900);
    expect(h.runner.calls).to.have.length(1);
    expect(h.scheduler.ruleStatus(1)!.suppressed.cooldown).to.equal(1);
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.cause)).to.deep.equal([
      { kind: "on_change", at: 0, path: "fast", index: 0, value: 1 },
      { kind: "on_change", at: 1000, path: "tick", index: 0, value: 2 },
    ]);
  });
});

describe("scheduler disabled rules", () => {
  it("disabled rules are skipped entirely: never run, never subscribed, counted in totalRules only", async () => {
    const h = harness({ rules: [rule(1, interval(100), { enabled: false }), rule(2, onChange([3]), { enabled: false }), rule(3, onChange([4]))] });
    h.watch.values[3] = 1;
    expect(h.watch.subscribed()).to.deep.equal([4]);
    h.scheduler.offer({ index: 3, value: 1, at: 0 });
    await h.time.advance(500);
    expect(h.runner.calls).to.have.length(0);
    expect(h.scheduler.status()).to.deep.include({ totalRules: 3, enabledRules: 1 });
    expect(h.scheduler.ruleStatuses({ limit: 10 }).rules.map((r) => r.id)).to.deep.equal([1, 2, 3]);
  });

  it("disabled rules: a reload may pass all rules or only the enabled ones", async () => {
    const h = harness({ rules: [rule(1, interval(100)), rule(2, interval(100), { enabled: false })] });
    h.scheduler.reload([rule(1, interval(100))]);
    await h.time.advance(100);
    expect(h.runner.ids()).to.deep.equal([1]);
    expect(h.scheduler.status()).to.deep.include({ totalRules: 1, enabledRules: 1 });
  });

  it("disabled rules: a queued run of a rule disabled by a reload is dropped and counted as 'disabled'", async () => {
    const h = harness({ parallelism: 1, rules: [rule(1, interval(60_000)), rule(2, interval(60_000))] });
    h.runner.hold = true;
    await h.time.advance(100);
    h.scheduler.reload([rule(1, interval(60_000)), rule(2, interval(60_000), { enabled: false })]);
    h.runner.settleAll();
    await h.time.advance(100);
    expect(h.runner.ids()).to.deep.equal([1]);
    expect(h.scheduler.ruleStatus(2)!.suppressed.disabled).to.equal(1);
    expect(h.decisions.at(-1)).to.deep.equal({ ruleId: 2, at: 100, decision: "suppressed", reason: "disabled" });
  });
});
