// Spec item 1: one loop multiplexes the periodic tick and the bounded channel of point events.
import { expect } from "chai";
import { createScheduler } from "../../../runtime/engine/scheduler/scheduler.js";
import { harness, interval, onChange, rule } from "./fakes.js";

describe("scheduler loop (spec item 1)", () => {
  it("item 1: ticks come from the injected timer every tickMs, 100 ms by default", async () => {
    const h = harness({ rules: [rule(1, interval(100))] });
    expect(h.time.activeTimers()).to.equal(1);
    await h.time.advance(99);
    expect(h.runner.calls).to.have.length(0);
    await h.time.advance(1);
    expect(h.runner.calls).to.have.length(1);
    expect(h.scheduler.status().lastTickAt).to.equal(100);
    await h.time.advance(300);
    expect(h.runner.calls.map((c) => c.cause.at)).to.deep.equal([100, 200, 300, 400]);
  });

  it("item 1: an offered event is drained in a microtask and runs its rule without waiting for a tick", async () => {
    const h = harness({ rules: [rule(1, onChange([3]))] });
    expect(h.scheduler.offer({ index: 3, value: 5, at: 0 })).to.equal(true);
    expect(h.runner.calls, "not synchronously inside offer").to.have.length(0);
    await Promise.resolve(); // one microtask turn
    expect(h.runner.calls).to.have.length(1);
    expect(h.runner.calls[0]!.cause).to.deep.include({ kind: "on_change", path: "fast" });
    expect(h.time.now(), "no tick happened").to.equal(0);
    expect(h.scheduler.status().lastTickAt).to.equal(null);
  });

  it("item 1: one loop: a tick first drains the events offered before it, then samples", () => {
    let tick = (): void => undefined;
    const h = harness({
      timer: (_periodMs, onTick) => {
        tick = onTick;
        return () => undefined;
      },
      rules: [rule(1, onChange([3]))],
    });
    h.watch.values[3] = 5;
    h.scheduler.offer({ index: 3, value: 5, at: 0 });
    tick(); // before the drain's microtask had a turn
    expect(h.runner.calls).to.have.length(1);
    expect(h.runner.calls[0]!.cause).to.deep.include({ path: "fast", value: 5 });
    expect(h.watch.samples).to.equal(1);
  });

  it("item 1: a full channel refuses the event and counts the drop; the tick path still runs the rule (item 4)", async () => {
    const h = harness({ eventCapacity: 2, rules: [rule(1, onChange([5]))] });
    h.watch.values[5] = 7;
    expect(h.scheduler.offer({ index: 9, value: 1, at: 0 })).to.equal(true);
    expect(h.scheduler.offer({ index: 9, value: 2, at: 0 })).to.equal(true);
    expect(h.scheduler.offer({ index: 5, value: 7, at: 0 })).to.equal(false);
    expect(h.scheduler.status().droppedEvents).to.equal(1);
    await Promise.resolve();
    expect(h.runner.calls).to.have.length(0);
    expect(h.scheduler.offer({ index: 9, value: 3, at: 0 }), "drained: room again").to.equal(true);
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.cause)).to.deep.equal([{ kind: "on_change", at: 100, path: "tick", index: 5, value: 7 }]);
  });

  it("status reports the loop, the rule counts and per-rule counters", async () => {
    const h = harness({
      rules: [rule(1, interval(100)), rule(2, onChange([4])), rule(3, interval(100), { enabled: false })],
    });
    h.runner.hold = true;
    await h.time.advance(100);
    const status = h.scheduler.status();
    expect(status).to.deep.include({
      running: true,
      tickMs: 100,
      parallelism: 4,
      totalRules: 3,
      enabledRules: 2,
      inFlight: 1,
      queued: 0,
      executions: 1,
      failures: 0,
      droppedEvents: 0,
      lastTickAt: 100,
    });
    expect(h.scheduler.ruleStatuses({ limit: 10 }).rules.map((r) => r.id)).to.deep.equal([1, 2, 3]);
    expect(h.scheduler.ruleStatus(1)).to.deep.equal({
      executions: 1,
      failures: 0,
      lastRunAt: 100,
      suppressed: { deadband_time: 0, deadband_value: 0, cooldown: 0, disabled: 0, running: 0, no_change: 0, input_unavailable: 0, event_dropped: 0 },
      lastOutcome: null,
    });
    h.runner.settleAll({ actionsAttempted: 2, actionsSucceeded: 1 });
    await h.time.advance(0);
    expect(h.scheduler.ruleStatus(1)!.lastOutcome).to.deep.equal({
      at: 100,
      success: true,
      actionsAttempted: 2,
      actionsSucceeded: 1,
      shortCircuited: false,
    });
    expect(h.scheduler.status().inFlight).to.equal(0);
  });

  it("stop() stops the timer, refuses events, drops queued runs and waits for running executions", async () => {
    const h = harness({ parallelism: 1, rules: [rule(1, interval(100)), rule(2, interval(100))] });
    h.runner.hold = true;
    await h.time.advance(100);
    expect(h.scheduler.status()).to.deep.include({ inFlight: 1, queued: 1 });
    let stopped = false;
    const stopping = h.scheduler.stop().then(() => (stopped = true));
    expect(h.time.activeTimers()).to.equal(0);
    expect(h.scheduler.offer({ index: 1, value: 1, at: 100 })).to.equal(false);
    expect(h.scheduler.status()).to.deep.include({ running: false, queued: 0, droppedEvents: 0 });
    await h.time.advance(0);
    expect(stopped, "rule 1 is still running").to.equal(false);
    h.runner.settleAll();
    await stopping;
    expect(h.runner.ids(), "the queued rule 2 never started").to.deep.equal([1]);
    h.runner.hold = false;
    h.scheduler.start();
    await h.time.advance(100);
    expect(h.runner.ids(), "restarted: both due at 200").to.deep.equal([1, 1, 2]);
  });

  it("rejects options that cannot work", () => {
    const h = harness();
    const base = { clock: h.time.clock, timer: h.time.timer, watch: h.watch, pointCount: 4, runner: h.runner.run };
    expect(() => createScheduler({ ...base, tickMs: 0 })).to.throw(RangeError, /tickMs/);
    expect(() => createScheduler({ ...base, parallelism: 0 })).to.throw(RangeError, /parallelism/);
    expect(() => createScheduler({ ...base, eventCapacity: 1.5 })).to.throw(RangeError, /eventCapacity/);
  });
});
