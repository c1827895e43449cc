// The scheduler's "why not" decisions of issue 18.4: a disabled rule's trigger is reported as
// `disabled` (never run), and an event the full channel refused as `event_dropped` to the enabled
// on_change rules watching its point.
import { expect } from "chai";
import type { SchedulerDecision } from "../../../runtime/engine/scheduler/types.js";
import { harness, interval, onChange, report, rule, type Harness } from "./fakes.js";

const suppressions = (h: Harness, reason: string): SchedulerDecision[] => h.decisions.filter((d) => d.decision === "suppressed" && d.reason === reason);
const counts = (h: Harness, id: number) => h.scheduler.ruleStatus(id)!.suppressed;

describe("scheduler: a disabled rule's trigger (issue 18.4)", () => {
  it("issue 18.4: a disabled interval rule is reported 'disabled' once per interval, when it would have been due, and never runs", async () => {
    const h = harness({ rules: [rule(1, interval(300), { enabled: false })] });
    await h.time.advance(800);
    expect(h.runner.calls).to.have.length(0);
    expect(suppressions(h, "disabled")).to.deep.equal([
      { ruleId: 1, at: 100, decision: "suppressed", reason: "disabled" },
      { ruleId: 1, at: 400, decision: "suppressed", reason: "disabled" },
      { ruleId: 1, at: 700, decision: "suppressed", reason: "disabled" },
    ]);
    expect(counts(h, 1).disabled).to.equal(3);
    expect(h.watch.samples, "an interval rule samples nothing").to.equal(0);
    expect(h.scheduler.status()).to.deep.include({ totalRules: 1, enabledRules: 0 });
  });

  it("issue 18.4: a manual run of a disabled interval rule moves when it would next have been due", async () => {
    const h = harness({ rules: [rule(1, interval(1000), { enabled: false })] });
    await h.time.advance(600); // reported at 100
    await h.scheduler.runExclusive(1, async () => report());
    await h.time.advance(1100); // to 1700: due at 1600 (after the manual run), not at 1100
    expect(suppressions(h, "disabled").map((d) => d.at)).to.deep.equal([100, 1600]);
    expect(h.runner.calls).to.have.length(0);
  });

  it("issue 18.4: a disabled on_change rule is reported where it would have triggered: value deadband respected, once per new value", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { valueDeadband: { absolute: 0.5 } }), { enabled: false })] });
    const at = async (value: number): Promise<void> => {
      h.watch.values[0] = value;
      await h.time.advance(100);
    };
    await at(20); // the first value: the enabled rule would have triggered
    await at(20.3); // within the deadband of 20
    await at(20.6); // past it
    await h.time.advance(500); // the same value on five more ticks: not again
    await at(NaN); // a gap
    await at(20.6); // the first value after a gap
    expect(h.runner.calls).to.have.length(0);
    expect(suppressions(h, "disabled")).to.deep.equal([
      { ruleId: 1, at: 100, decision: "suppressed", reason: "disabled", index: 0, value: 20 },
      { ruleId: 1, at: 300, decision: "suppressed", reason: "disabled", index: 0, value: 20.6 },
      { ruleId: 1, at: 1000, decision: "suppressed", reason: "disabled", index: 0, value: 20.6 },
    ]);
    expect(counts(h, 1)).to.deep.include({ disabled: 3, deadband_value: 0, no_change: 0 });
  });

  it("issue 18.4: a disabled on_change rule is not subscribed; several points changing in one tick are one decision naming the first", async () => {
    const h = harness({ rules: [rule(1, onChange([2, 5]), { enabled: false }), rule(2, onChange([9]))] });
    expect(h.watch.subscribed()).to.deep.equal([9]);
    h.watch.values[2] = 1;
    h.watch.values[5] = 1;
    h.scheduler.offer({ index: 2, value: 1, at: 0 });
    await h.time.advance(0);
    expect(suppressions(h, "disabled"), "no fast path for a disabled rule").to.have.length(0);
    await h.time.advance(100);
    expect(suppressions(h, "disabled")).to.deep.equal([{ ruleId: 1, at: 100, decision: "suppressed", reason: "disabled", index: 2, value: 1 }]);
    h.watch.values[5] = 2;
    await h.time.advance(100);
    expect(suppressions(h, "disabled").at(-1)).to.deep.include({ at: 200, index: 5, value: 2 });
    expect(h.runner.calls).to.have.length(0);
  });

  it("issue 18.4: a reload that keeps a disabled rule as it was does not report its values again; enabling it runs it as before", async () => {
    const disabled = rule(1, onChange([0]), { enabled: false });
    const h = harness({ rules: [disabled] });
    h.watch.values[0] = 4;
    await h.time.advance(100);
    h.scheduler.reload([{ ...disabled }]);
    await h.time.advance(300);
    expect(suppressions(h, "disabled")).to.have.length(1);
    h.scheduler.reload([{ ...disabled, enabled: true }]);
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.cause)).to.deep.equal([{ kind: "on_change", at: 500, path: "tick", index: 0, value: 4 }]);
    h.scheduler.reload([disabled]);
    await h.time.advance(100);
    expect(suppressions(h, "disabled"), "disabled again: 4 is the value it last ran on, no change").to.have.length(1);
    h.watch.values[0] = 5;
    await h.time.advance(100);
    expect(suppressions(h, "disabled").map((d) => d.at)).to.deep.equal([100, 700]);
  });

  it("issue 18.4: an interval rule disabled by a reload is reported when it would next have been due, not at once", async () => {
    const h = harness({ rules: [rule(1, interval(1000))] });
    await h.time.advance(300); // ran at 100
    h.scheduler.reload([rule(1, interval(1000), { enabled: false })]);
    await h.time.advance(1000);
    expect(h.runner.calls).to.have.length(1);
    expect(suppressions(h, "disabled").map((d) => d.at)).to.deep.equal([1100]);
  });

  it("issue 18.4: an on_change run dropped from the ready queue by a reload that disables the rule is reported once, not again at the next tick; a later change is", async () => {
    const h = harness({ parallelism: 1, rules: [rule(1, interval(60_000), { priority: 1 }), rule(2, onChange([3]))] });
    h.runner.hold = true;
    h.watch.values[3] = 8;
    await h.time.advance(100); // rule 1 runs, rule 2 waits for the slot
    h.scheduler.reload([rule(1, interval(60_000), { priority: 1 }), rule(2, onChange([3]), { enabled: false })]);
    h.runner.settleAll();
    await h.time.advance(300);
    expect(h.runner.ids()).to.deep.equal([1]);
    expect(suppressions(h, "disabled")).to.deep.equal([{ ruleId: 2, at: 100, decision: "suppressed", reason: "disabled" }]);
    expect(counts(h, 2).disabled).to.equal(1);
    h.watch.values[3] = 9;
    await h.time.advance(100);
    expect(suppressions(h, "disabled").at(-1), "a new value afterwards is reported").to.deep.equal({ ruleId: 2, at: 500, decision: "suppressed", reason: "disabled", index: 3, value: 9 });
  });
});

describe("scheduler: an event the full channel refused (issue 18.4)", () => {
  it("issue 18.4: a dropped event is reported 'event_dropped' to each enabled on_change rule watching its point; the tick path still runs them", async () => {
    const h = harness({
      eventCapacity: 1,
      rules: [rule(1, onChange([5])), rule(2, onChange([5, 6])), rule(3, onChange([6])), rule(4, onChange([5]), { enabled: false }), rule(5, interval(60_000))],
    });
    h.time.jump(50);
    h.watch.values[5] = 7;
    expect(h.scheduler.offer({ index: 9, value: 1, at: 50 })).to.equal(true);
    expect(h.scheduler.offer({ index: 5, value: 7, at: 50 })).to.equal(false);
    expect(h.scheduler.offer({ index: 9, value: 2, at: 50 }), "a point nobody watches: counted, reported to no rule").to.equal(false);
    expect(suppressions(h, "event_dropped")).to.deep.equal([
      { ruleId: 1, at: 50, decision: "suppressed", reason: "event_dropped", index: 5, value: 7 },
      { ruleId: 2, at: 50, decision: "suppressed", reason: "event_dropped", index: 5, value: 7 },
    ]);
    expect(h.scheduler.status().droppedEvents).to.equal(2);
    expect([1, 2, 3, 4, 5].map((id) => counts(h, id).event_dropped)).to.deep.equal([1, 1, 0, 0, 0]);
    await h.time.advance(50);
    expect(
      h.runner.calls.filter((c) => c.cause.kind === "on_change").map((c) => [c.rule.id, c.cause]),
      "the tick covers the change",
    ).to.deep.equal([
      [1, { kind: "on_change", at: 100, path: "tick", index: 5, value: 7 }],
      [2, { kind: "on_change", at: 100, path: "tick", index: 5, value: 7 }],
    ]);
  });

  it("issue 18.4: a stopped scheduler refuses events without reporting them", async () => {
    const h = harness({ eventCapacity: 1, rules: [rule(1, onChange([5]))] });
    await h.scheduler.stop();
    expect(h.scheduler.offer({ index: 5, value: 1, at: 0 })).to.equal(false);
    expect(suppressions(h, "event_dropped")).to.have.length(0);
    expect(counts(h, 1).event_dropped).to.equal(0);
  });
});
