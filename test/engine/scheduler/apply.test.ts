// Issue 19.1: a change set applied to the scheduler treats each rule it names exactly as a full
// reload would (spec item 12) and leaves every other rule alone. Issue 19.3: interval rules are
// spread over their interval by id, relative to a fixed epoch.
import { expect } from "chai";
import { phaseDue } from "../../../runtime/engine/scheduler/index.js";
import { harness, interval, onChange, rule, type Harness } from "./fakes.js";

async function event(h: Harness, index: number, value: number): Promise<void> {
  h.watch.values[index] = value;
  h.scheduler.offer({ index, value, at: h.time.now() });
  await h.time.advance(0);
}

describe("scheduler change sets (issue 19.1)", () => {
  it("issue 19.1: an execution running during a change finishes with its old rule object; the next run gets the new one; the other rule's run is untouched", async () => {
    const before = rule(1, interval(100), { priority: 1 });
    const after = rule(1, interval(100), { priority: 2 });
    const other = rule(2, interval(100));
    const h = harness({ rules: [before, other] });
    h.runner.hold = true;
    await h.time.advance(100);
    expect(h.runner.open().map((c) => c.rule)).to.deep.equal([before, other]);
    h.scheduler.apply([after], []);
    await h.time.advance(100);
    expect(h.runner.calls, "still running: not started again").to.have.length(2);
    h.runner.settleAll();
    await h.time.advance(100);
    expect(h.runner.calls.slice(2).map((c) => c.rule)).to.have.members([after, other]);
    expect(h.runner.selfOverlaps).to.equal(0);
  });

  it("issue 19.1: the subscription bitmap and the dispatcher are rebuilt together when an on_change rule changes, and not at all for an interval rule", async () => {
    const h = harness({ pointCount: 8, rules: [rule(1, onChange([1])), rule(2, interval(100))] });
    expect(h.watch.subscriptions).to.have.length(1);
    h.scheduler.apply([rule(2, interval(200))], []);
    expect(h.watch.subscriptions, "an interval rule changed: no new bitmap").to.have.length(1);
    h.scheduler.apply([rule(1, onChange([3])), rule(9, onChange([5]))], []);
    expect(h.watch.subscriptions).to.have.length(2);
    expect(h.watch.subscribed()).to.deep.equal([3, 5]);
    await event(h, 1, 7);
    expect(h.runner.calls, "the old point no longer dispatches").to.have.length(0);
    await event(h, 3, 7);
    await event(h, 5, 7);
    expect(h.runner.ids()).to.deep.equal([1, 9]);
    h.scheduler.apply([], [1]);
    expect(h.watch.subscribed()).to.deep.equal([5]);
    await event(h, 3, 8);
    expect(h.runner.ids()).to.deep.equal([1, 9]);
  });

  it("issue 19.1: create, update, enable, disable and delete through apply give the state a full reload gives", async () => {
    const rules = [rule(1, interval(100)), rule(2, onChange([2])), rule(3, interval(300), { enabled: false }), rule(4, onChange([4]), { enabled: false })];
    const partial = harness({ rules });
    const full = harness({ rules });
    const steps: Array<[Parameters<Harness["scheduler"]["apply"]>, ReturnType<typeof rule>[]]> = [];
    let current = rules;
    const step = (upserts: ReturnType<typeof rule>[], removed: number[]) => {
      current = [...current.filter((r) => !removed.includes(r.id) && !upserts.some((u) => u.id === r.id)), ...upserts].sort((a, b) => a.id - b.id);
      steps.push([[upserts, removed], current]);
    };
    step([rule(5, interval(100))], []); // create
    step([rule(1, interval(200))], []); // update
    step([rule(3, interval(300))], []); // enable
    step([rule(2, onChange([2]), { enabled: false })], []); // disable
    step([], [4]); // delete
    for (const [[upserts, removed], after] of steps) {
      partial.scheduler.apply(upserts, removed);
      full.scheduler.reload(after);
      await partial.time.advance(100);
      await full.time.advance(100);
      partial.watch.values[2] = partial.time.now();
      full.watch.values[2] = full.time.now();
      const counts = partial.scheduler.status();
      const fullCounts = full.scheduler.status();
      const a = partial.scheduler.ruleStatuses({ limit: 1000 });
      const b = full.scheduler.ruleStatuses({ limit: 1000 });
      expect(counts).to.deep.equal(fullCounts);
      expect(a).to.deep.equal(b);
      expect(partial.watch.subscribed()).to.deep.equal(full.watch.subscribed());
      expect(partial.runner.ids()).to.deep.equal(full.runner.ids());
      // Rules due on the same tick leave the due heap in no set order: the decisions compare as sets per time.
      const ordered = (h: Harness) => h.decisions.map((d) => JSON.stringify(d)).sort();
      expect(ordered(partial)).to.deep.equal(ordered(full));
    }
  });

  it("issue 19.1: a rule removed while it runs stays exclusive until it ends; a queued run of a rule disabled is reported disabled", async () => {
    const h = harness({ parallelism: 1, rules: [rule(1, interval(100)), rule(2, interval(100))] });
    h.runner.hold = true;
    await h.time.advance(100); // 1 runs, 2 waits in the ready queue
    h.scheduler.apply([rule(2, interval(100), { enabled: false })], [1]);
    expect(h.decisions.filter((d) => d.ruleId === 2 && d.decision === "suppressed").map((d) => d.reason)).to.deep.equal(["disabled"]);
    expect(h.scheduler.status().queued).to.equal(0);
    let manualRan = false;
    const manual = h.scheduler.runExclusive(1, async () => ((manualRan = true), { success: true, actionsAttempted: 0, actionsSucceeded: 0, shortCircuited: false, reads: new Map() }));
    await h.time.advance(0);
    expect(manualRan, "still exclusive while the removed rule's run is in flight").to.equal(false);
    h.runner.settleAll();
    await manual;
    expect(manualRan).to.equal(true);
    expect(h.scheduler.ruleStatus(1)).to.equal(undefined);
  });
});

describe("interval phase (issue 19.3)", () => {
  it("issue 19.3: 10,000 interval rules at 1 s run from the first tick at a steady rate: each 100 ms tick within 2x of the mean", async () => {
    const h = harness({ intervalPhase: "spread", parallelism: 100_000, rules: Array.from({ length: 10_000 }, (_, i) => rule(i + 1, interval(1000))) });
    const perTick: number[] = [];
    for (let tick = 0; tick < 20; tick++) {
      const before = h.runner.calls.length;
      await h.time.advance(100);
      perTick.push(h.runner.calls.length - before);
    }
    const mean = perTick.reduce((a, b) => a + b, 0) / perTick.length;
    expect(mean).to.be.closeTo(1000, 1);
    for (const count of perTick) expect(count, JSON.stringify(perTick)).to.be.within(mean / 2, mean * 2);
  });

  it("issue 19.3: a change of one rule does not move the others; the changed rule keeps its phase", async () => {
    const rules = Array.from({ length: 50 }, (_, i) => rule(i + 1, interval(1000)));
    const h = harness({ intervalPhase: "spread", rules });
    const runsOf = (id: number) => h.runner.calls.filter((c) => c.rule.id === id).map((c) => c.cause.at);
    await h.time.advance(2000);
    const before = rules.map((r) => runsOf(r.id));
    h.scheduler.apply([rule(7, interval(1000), { priority: 3 })], []); // same trigger: state kept
    h.scheduler.reload(rules.map((r) => (r.id === 9 ? rule(9, interval(1000), { priority: 1 }) : r))); // a full reload moves nothing either
    await h.time.advance(2000);
    rules.forEach((r, i) => {
      const runs = runsOf(r.id);
      expect(runs.slice(0, before[i]!.length)).to.deep.equal(before[i]);
      // Still every second on the same tick phase.
      expect(runs.map((at) => at % 1000)).to.deep.equal(runs.map(() => runs[0]! % 1000));
    });
    // A changed trigger starts afresh on the rule's own lattice.
    h.scheduler.apply([rule(7, interval(500))], []);
    const from = h.time.now();
    await h.time.advance(1000);
    const due = phaseDue(7, 500, from);
    expect(runsOf(7).filter((at) => at > from)[0]).to.equal(Math.ceil(due / 100) * 100);
  });

  it("issue 19.3: the phase is by id and relative to a fixed epoch: the same rule gets the same due times whenever it is loaded", () => {
    expect(phaseDue(42, 1000, 5_000)).to.equal(phaseDue(42, 1000, 5_000));
    const a = phaseDue(42, 1000, 5_000);
    expect(phaseDue(42, 1000, 5_300)).to.equal(a >= 5_300 ? a : a + 1000);
    expect(a).to.be.within(5_000, 5_999);
    const spread = new Set(Array.from({ length: 100 }, (_, i) => Math.floor((phaseDue(i + 1, 1000, 0) % 1000) / 100)));
    expect(spread.size, "consecutive ids land in every tenth of the interval").to.equal(10);
  });
});

/** A Map that refuses to be walked: a change set must reach its slots by id only. */
class UnwalkableMap<K, V> extends Map<K, V> {
  walked = false;
  override values(): MapIterator<V> {
    this.walked = true;
    return super.values();
  }
  override keys(): MapIterator<K> {
    this.walked = true;
    return super.keys();
  }
  override entries(): MapIterator<[K, V]> {
    this.walked = true;
    return super.entries();
  }
  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void): void {
    this.walked = true;
    super.forEach(callback);
  }
  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.walked = true;
    return super[Symbol.iterator]();
  }
}

/** The scheduler's rule set (private to it; read here to see the on_change lists). */
function ruleSetOf(h: Harness): { slots: Map<number, unknown>; onChangeRules: Array<{ id: number }>; disabledOnChange: Array<{ id: number }> } {
  return (h.scheduler as unknown as { set: ReturnType<typeof ruleSetOf> }).set;
}

describe("scheduler change sets of on_change rules (issue 19)", () => {
  it("issue 19: a change of on_change rules reaches only the slots it names: the on_change lists are edited, not rebuilt from every slot", () => {
    const rules = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? rule(i + 1, onChange([i % 8])) : rule(i + 1, interval(1000))));
    const h = harness({ pointCount: 16, rules });
    const set = ruleSetOf(h);
    const slots = new UnwalkableMap(set.slots);
    set.slots = slots;
    h.scheduler.apply([rule(1, onChange([0]), { enabled: false })], []); // disable
    h.scheduler.apply([rule(301, onChange([2]))], []); // create
    h.scheduler.apply([rule(1, onChange([0])), rule(3, onChange([5], { timeDeadbandMs: 10 }))], [5]); // enable, re-target, delete
    expect(slots.walked, "a change set walked every slot").to.equal(false);
    expect(set.onChangeRules.map((s) => s.id)).to.deep.equal([...rules.filter((r) => r.trigger.kind === "on_change" && r.id !== 5).map((r) => r.id), 301]);
    expect(set.disabledOnChange).to.deep.equal([]);
  });

  it("issue 19: after any sequence of changes the on_change lists are in id order, as a full reload's, and an event runs its watchers by priority, then id", async () => {
    let seed = 19;
    const random = (n: number): number => {
      seed = (seed * 48271) % 2147483647; // Park-Miller: exact in doubles
      return Math.floor((seed / 2147483647) * n);
    };
    const current = new Map<number, ReturnType<typeof rule>>();
    const draw = (id: number) => rule(id, onChange([random(3)]), { priority: random(4), enabled: random(4) !== 0 });
    for (let id = 1; id <= 12; id++) current.set(id, draw(id));
    const partial = harness({ pointCount: 4, rules: [...current.values()] });
    let runs = 0;
    for (let step = 0; step < 60; step++) {
      const id = 1 + random(16);
      const removed = current.has(id) && random(5) === 0;
      if (removed) current.delete(id);
      else current.set(id, draw(id));
      partial.scheduler.apply(removed ? [] : [current.get(id)!], removed ? [id] : []);
      const sorted = [...current.values()].sort((a, b) => a.id - b.id);
      const full = harness({ pointCount: 4, rules: [...sorted].reverse() });
      for (const h of [partial, full]) {
        const set = ruleSetOf(h);
        expect(set.onChangeRules.map((s) => s.id), `step ${step}: enabled on_change list`).to.deep.equal(sorted.filter((r) => r.enabled).map((r) => r.id));
        expect(set.disabledOnChange.map((s) => s.id), `step ${step}: disabled on_change list`).to.deep.equal(sorted.filter((r) => !r.enabled).map((r) => r.id));
      }
      const point = random(3);
      const before = partial.runner.calls.length;
      await event(partial, point, 1000 + step);
      const ran = partial.runner.ids().slice(before);
      const watchers = sorted.filter((r) => r.enabled && r.trigger.kind === "on_change" && r.trigger.points.includes(point));
      const expected = watchers.sort((a, b) => b.priority - a.priority || a.id - b.id).map((r) => r.id);
      expect(ran, `step ${step}: the watchers of point ${point} by priority, then id`).to.deep.equal(expected);
      runs += ran.length;
    }
    expect(runs, "events ran rules").to.be.greaterThan(60);
  });
});
