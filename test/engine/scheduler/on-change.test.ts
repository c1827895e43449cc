// on_change rules: the fast path (spec item 3), the tick path (item 4), deadbands (item 5),
// NaN and gaps (item 6) and the last value (item 7).
import { expect } from "chai";
import { harness, onChange, report, rule, type Harness } from "./fakes.js";

/** Writes a point as the acquisition side does (live value, then event) and lets the loop drain it. */
async function event(h: Harness, index: number, value: number): Promise<void> {
  h.watch.values[index] = value;
  h.scheduler.offer({ index, value, at: h.time.now() });
  await h.time.advance(0);
}

const values = (h: Harness): number[] => h.runner.calls.map((c) => (c.cause.kind === "on_change" ? c.cause.value : NaN));
const times = (h: Harness): number[] => h.runner.calls.map((c) => c.cause.at);
const suppressed = (h: Harness) => h.scheduler.ruleStatus(1)!.suppressed;

describe("scheduler on_change fast path (spec item 3)", () => {
  it("item 3: the event's value decides the trigger; nothing is sampled or read back", async () => {
    const h = harness({ rules: [rule(1, onChange([3]))] });
    h.scheduler.offer({ index: 3, value: 21, at: 0 }); // the live table still reads NaN: irrelevant to the decision
    await h.time.advance(0);
    expect(h.runner.calls.map((c) => c.cause)).to.deep.equal([{ kind: "on_change", at: 0, path: "fast", index: 3, value: 21 }]);
    expect(h.watch.samples).to.equal(0);
  });

  it("item 3: the dispatcher maps a point to exactly the rules watching it", async () => {
    const h = harness({ rules: [rule(1, onChange([3])), rule(2, onChange([3, 4])), rule(3, onChange([4])), rule(4, onChange([5]))] });
    await event(h, 3, 1);
    expect(h.runner.ids()).to.deep.equal([1, 2]);
    await event(h, 4, 1);
    expect(h.runner.ids()).to.deep.equal([1, 2, 2, 3]);
    await event(h, 7, 1);
    expect(h.runner.calls).to.have.length(4);
  });

  it("item 3: an event equal to the last value is not a change and is counted as 'no_change'", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    await event(h, 0, 5);
    await event(h, 0, 5);
    expect(h.runner.calls).to.have.length(1);
    expect(suppressed(h).no_change).to.equal(1);
    expect(h.decisions.at(-1)).to.deep.equal({ ruleId: 1, at: 0, decision: "suppressed", reason: "no_change", index: 0, value: 5 });
  });
});

describe("scheduler on_change tick path (spec item 4)", () => {
  it("item 4: each tick samples once and re-evaluates every on_change rule: a change whose event was dropped still runs", async () => {
    const h = harness({ eventCapacity: 1, rules: [rule(1, onChange([0])), rule(2, onChange([1]))] });
    h.watch.values[0] = 1;
    h.watch.values[1] = 1;
    await h.time.advance(100);
    expect(h.watch.samples).to.equal(1);
    expect(h.runner.ids(), "the first values after start").to.deep.equal([1, 2]);
    h.watch.values[1] = 2;
    h.scheduler.offer({ index: 0, value: 1, at: 100 });
    expect(h.scheduler.offer({ index: 1, value: 2, at: 100 }), "dropped").to.equal(false);
    await h.time.advance(100);
    expect(h.watch.samples).to.equal(2);
    expect(h.runner.calls.at(-1)!.cause).to.deep.equal({ kind: "on_change", at: 200, path: "tick", index: 1, value: 2 });
    expect(h.runner.calls).to.have.length(3);
  });

  it("item 4: a multi-point rule runs once when any of its points changes, and once when several change together", async () => {
    const h = harness({ rules: [rule(1, onChange([2, 5, 7]))] });
    h.watch.values.set([1, 1, 1, 1, 1, 1, 1, 1]);
    await h.time.advance(100);
    expect(h.runner.calls).to.have.length(1);
    h.watch.values[7] = 3;
    await h.time.advance(100);
    expect(h.runner.calls.at(-1)!.cause).to.deep.include({ path: "tick", index: 7, value: 3 });
    h.watch.values[2] = 4;
    h.watch.values[5] = 4;
    await h.time.advance(100);
    expect(h.runner.calls.at(-1)!.cause, "the first changed point names the cause").to.deep.include({ index: 2, value: 4 });
    await h.time.advance(300);
    expect(h.runner.calls, "both changes were taken by the one run").to.have.length(3);
  });

  it("item 4: without on_change rules a tick samples nothing", async () => {
    const h = harness({ rules: [] });
    await h.time.advance(300);
    expect(h.watch.samples).to.equal(0);
  });
});

describe("scheduler deadbands (spec item 5)", () => {
  it("item 5: time deadband: no second trigger until time_deadband_ms since the last; the held change fires after it", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { timeDeadbandMs: 1000 }))] });
    await event(h, 0, 10);
    await h.time.advance(500);
    await event(h, 0, 11);
    expect(h.runner.calls).to.have.length(1);
    expect(suppressed(h).deadband_time).to.equal(1);
    await h.time.advance(400);
    expect(suppressed(h).deadband_time, "a held change is counted once").to.equal(1);
    await h.time.advance(100);
    expect(times(h)).to.deep.equal([0, 1000]);
    expect(values(h)).to.deep.equal([10, 11]);
    expect(h.runner.calls[1]!.cause).to.deep.include({ path: "tick" });
  });

  it("item 5: absolute value deadband: |new - last| > x; suppressed changes do not advance the last value (drift accumulates)", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { valueDeadband: { absolute: 0.5 } }))] });
    await event(h, 0, 10);
    await event(h, 0, 10.25);
    await event(h, 0, 10.5); // exactly the deadband: not above it
    expect(h.runner.calls).to.have.length(1);
    expect(suppressed(h).deadband_value).to.equal(2);
    await event(h, 0, 10.75); // 0.75 from 10, though only 0.25 from the previous event
    expect(values(h)).to.deep.equal([10, 10.75]);
    await event(h, 0, 10.25);
    expect(h.runner.calls).to.have.length(2);
    await event(h, 0, 10.2);
    expect(values(h)).to.deep.equal([10, 10.75, 10.2]);
  });

  it("item 5: percent value deadband: |new - last| > p% of |last|; with a last value of 0 any change counts", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { valueDeadband: { percent: 10 } }))] });
    await event(h, 0, 20);
    await event(h, 0, 21.9);
    await event(h, 0, 18.1);
    expect(h.runner.calls).to.have.length(1);
    await event(h, 0, 22.1);
    await event(h, 0, 24.2); // 2.1 < 10% of 22.1
    await event(h, 0, -1);
    await event(h, 0, 0);
    await event(h, 0, 0.001);
    expect(values(h)).to.deep.equal([20, 22.1, -1, 0, 0.001]);
    expect(suppressed(h).deadband_value).to.equal(3);
  });

  it("item 5: the deadbands combine with AND", async () => {
    const h = harness({ rules: [rule(1, onChange([0], { timeDeadbandMs: 1000, valueDeadband: { absolute: 1 } }))] });
    await event(h, 0, 10);
    await event(h, 0, 15); // value passes, time does not
    expect(suppressed(h)).to.deep.include({ deadband_time: 1, deadband_value: 0 });
    await h.time.advance(1000); // the held change fires on the tick path once the time has passed
    await h.time.advance(1000);
    await event(h, 0, 15.5); // time passes, value does not
    expect(suppressed(h)).to.deep.include({ deadband_time: 1, deadband_value: 1 });
    await event(h, 0, 17); // both pass
    expect(times(h)).to.deep.equal([0, 1000, 2000]);
    expect(values(h)).to.deep.equal([10, 15, 17]);
  });
});

describe("scheduler NaN and gaps (spec item 6)", () => {
  it("item 6: NaN is never a change; the first finite value after a gap triggers once", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    await event(h, 0, 5);
    await event(h, 0, NaN);
    await event(h, 0, NaN);
    expect(h.runner.calls).to.have.length(1);
    expect(suppressed(h).no_change).to.equal(2);
    await event(h, 0, 5); // equal to the value before the gap, but the first after it
    await event(h, 0, 5);
    expect(values(h)).to.deep.equal([5, 5]);
    expect(suppressed(h).no_change).to.equal(3);
  });

  it("item 6: the first finite value seen after start triggers once, on the tick path too; a NaN sample is no change", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    await h.time.advance(300);
    expect(h.runner.calls, "never seen finite").to.have.length(0);
    h.watch.values[0] = 4;
    await h.time.advance(300);
    expect(times(h)).to.deep.equal([400]);
    h.watch.values[0] = NaN;
    await h.time.advance(300);
    h.watch.values[0] = 4;
    await h.time.advance(300);
    expect(times(h)).to.deep.equal([400, 1000]);
    expect(suppressed(h).no_change, "the gap's start, counted once").to.equal(1);
  });

  it("item 6: infinite values count as unavailable", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    await event(h, 0, Infinity);
    await event(h, 0, -Infinity);
    expect(h.runner.calls).to.have.length(0);
  });
});

describe("scheduler last value (spec item 7)", () => {
  it("item 7: after a trigger the last value advances to the value the executor read", async () => {
    const h = harness({ rules: [rule(1, onChange([3]))] });
    h.runner.answer = () => report({ reads: new Map([[3, 12]]) });
    await event(h, 3, 10);
    await event(h, 3, 12);
    expect(h.runner.calls, "12 is what the rule acted on").to.have.length(1);
    await event(h, 3, 10);
    expect(values(h)).to.deep.equal([10, 10]);
  });

  it("item 7: a point the executor did not read advances to the value that triggered; unchanged points keep theirs", async () => {
    const h = harness({ rules: [rule(1, onChange([0, 1], { valueDeadband: { absolute: 1 } }))] });
    h.watch.values.set([0, 0]);
    await h.time.advance(100);
    h.watch.values.set([0.6, 5]);
    await h.time.advance(100); // point 1 triggers; point 0 drifted within its deadband
    h.watch.values.set([1.2, 5]);
    await h.time.advance(100); // point 0 is now 1.2 from its last value 0: a change
    expect(h.runner.calls.map((c) => c.cause)).to.deep.equal([
      { kind: "on_change", at: 100, path: "tick", index: 0, value: 0 },
      { kind: "on_change", at: 200, path: "tick", index: 1, value: 5 },
      { kind: "on_change", at: 300, path: "tick", index: 0, value: 1.2 },
    ]);
  });

  it("item 7: a NaN read marks a gap, so the next finite value triggers", async () => {
    const h = harness({ rules: [rule(1, onChange([3]))] });
    h.runner.answer = () => report({ shortCircuited: true, success: true, reads: new Map([[3, NaN]]) });
    await event(h, 3, 10);
    await event(h, 3, 10);
    expect(values(h)).to.deep.equal([10, 10]);
    expect(suppressed(h).input_unavailable).to.equal(2);
  });
});
