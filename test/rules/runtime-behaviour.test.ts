// One test per item of the spec's "Runtime behaviour" (rules-service.md), through the whole
// engine: rules stored through the rule service in a real store, the point plane with a virtual
// channel, the scheduler on a hand-driven clock, history in rule_history and the rule logs.
import { expect } from "chai";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ExecutionResult } from "../../runtime/engine/execution-result.js";
import type { Store } from "../../runtime/store/store.js";
import { createEngineFixture, FAN_STATUS, SETPOINT, SUPPLY, type EngineFixture } from "./engine-fixture.js";

const resultOf = (entry: { result: unknown }): ExecutionResult => entry.result as ExecutionResult;

/** A store whose point history reads wait until the test releases them, so executions stay in flight. */
interface Holding {
  store: Store;
  held: () => number;
  maxHeld: () => number;
  /** Lets the reads waiting now go on. */
  release: () => void;
  /** Lets every read go on, now and later. */
  open: () => void;
}

function holdingHistory(store: Store): Holding {
  let waiting: Array<() => void> = [];
  let max = 0;
  let opened = false;
  const release = (): void => {
    const all = waiting;
    waiting = [];
    for (const resolve of all) resolve();
  };
  const points = {
    ...store.points,
    valueAt: async (ref: Parameters<Store["points"]["valueAt"]>[0], at: number) => {
      if (!opened) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          max = Math.max(max, waiting.length);
        });
      }
      return store.points.valueAt(ref, at);
    },
  };
  const holding: Holding = {
    store: Object.assign(Object.create(store) as Store, { points }),
    held: () => waiting.length,
    maxHeld: () => max,
    release,
    open: () => {
      opened = true;
      release();
    },
  };
  holdings.push(holding);
  return holding;
}

const holdings: Holding[] = [];

/** Releases held reads until the engine is idle (bounded in real time). */
async function releaseUntilIdle(f: EngineFixture, holding: Holding): Promise<void> {
  const deadline = performance.now() + 3000;
  while (performance.now() < deadline) {
    holding.release();
    await new Promise((resolve) => setImmediate(resolve));
    const status = f.engine.runtime.status();
    if (status.inFlight === 0 && status.queued === 0 && holding.held() === 0) return;
  }
  throw new Error("executions still held after 3 s");
}

describe("rule engine: spec runtime behaviour", () => {
  let f: EngineFixture;
  afterEach(async () => {
    for (const holding of holdings.splice(0)) holding.open();
    await f?.close();
  });

  it("spec runtime item 1: one scheduler loop serves the 100 ms tick and the point-change events", async () => {
    f = await createEngineFixture();
    const interval = await f.addRule("every tick", "trigger every 100ms\nwrite action(7, 2) = 10");
    const onChange = await f.addRule("on change", "trigger on_change(measurement(7, 1))\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
    expect(f.engine.runtime.status()).to.include({ running: true, tickMs: 100 });
    await f.advance(100);
    expect(await f.history(interval)).to.have.length(1);
    f.engine.plane.setMeasurement(SUPPLY, 21);
    await f.advance(0); // no tick: the event alone wakes the loop
    expect((await f.history(onChange)).map((e) => e.trigger)).to.deep.equal(["on_change"]);
  });

  it("spec runtime item 2: due rules run concurrently, never more than four at a time", async () => {
    const { openStore } = await import("../../runtime/store/open-store.js");
    const holding = holdingHistory(await openStore("sqlite::memory:"));
    f = await createEngineFixture({ store: holding.store });
    for (let i = 0; i < 10; i++) await f.addRule(`r${i}`, "trigger every 1s\ndelta d = measurement(7, 1) over 1m\nwrite action(7, 2) = 1");
    await f.time.advance(1000);
    expect(holding.held()).to.equal(4);
    expect(f.engine.runtime.status()).to.include({ inFlight: 4, queued: 6 });
    await releaseUntilIdle(f, holding);
    expect(holding.maxHeld()).to.equal(4);
    expect(f.engine.runtime.status().executions).to.equal(10);
  });

  it("spec runtime item 3: on_change fast path: a write of a subscribed point runs the rule at once, decided on the event's value", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("fast", "trigger on_change(measurement(7, 1)) value 0.5\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
    f.engine.plane.setMeasurement(SUPPLY, 20);
    await f.advance(0);
    f.engine.plane.setMeasurement(SUPPLY, 20.2); // inside the value deadband: not a change
    await f.advance(0);
    f.engine.plane.setMeasurement(SUPPLY, 21);
    await f.advance(0);
    expect((await f.history(id)).map((e) => resultOf(e).variables.t)).to.deep.equal([20, 21]);
  });

  it("spec runtime item 4: on_change tick path: each tick samples the subscribed points and catches a change no event reported", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("two points", "trigger on_change(measurement(7, 1), measurement(7, 2))\ninput t = measurement(7, 1)\ninput s = measurement(7, 2)\nwrite action(7, 2) = t");
    f.engine.plane.setMeasurement(SUPPLY, 20);
    f.engine.plane.setMeasurement(SETPOINT, 21);
    await f.advance(0);
    const before = (await f.history(id)).length;
    const index = f.engine.plane.catalog.lookup(SETPOINT)!.index;
    f.engine.plane.live.set(index, 23, f.time.now()); // behind the plane's back: no event
    await f.advance(0);
    expect(await f.history(id)).to.have.length(before);
    await f.advance(100);
    const last = (await f.history(id)).at(-1)!;
    expect(resultOf(last).variables).to.deep.equal({ t: 20, s: 23 });
  });

  it("spec runtime item 5: time and value deadbands combine with AND", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("deadbands", "trigger on_change(measurement(7, 1)) deadband 5s value 1\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
    f.engine.plane.setMeasurement(SUPPLY, 20);
    await f.advance(0);
    f.engine.plane.setMeasurement(SUPPLY, 25); // value passes, time does not (0 s since the last trigger)
    await f.advance(1000);
    f.engine.plane.setMeasurement(SUPPLY, 20.5); // back near the last value: value fails
    await f.advance(5000);
    f.engine.plane.setMeasurement(SUPPLY, 20.8); // time passes, value does not
    await f.advance(0);
    f.engine.plane.setMeasurement(SUPPLY, 22); // both pass
    await f.advance(0);
    expect((await f.history(id)).map((e) => resultOf(e).variables.t)).to.deep.equal([20, 22]);
    const suppressed = f.engine.runtime.ruleStatus(id)!.suppressed;
    expect(suppressed.deadband_time).to.be.greaterThan(0);
    expect(suppressed.deadband_value).to.be.greaterThan(0);
  });

  it("spec runtime item 6: NaN is never a change; the first finite value after a gap triggers once", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("gaps", "trigger on_change(measurement(7, 1))\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
    f.engine.plane.setMeasurement(SUPPLY, 20);
    await f.advance(100);
    f.engine.plane.setMeasurement(SUPPLY, NaN);
    await f.advance(300);
    expect(await f.history(id)).to.have.length(1);
    f.engine.plane.setMeasurement(SUPPLY, 20); // the same value as before the gap: still a trigger
    await f.advance(300);
    expect((await f.history(id)).map((e) => resultOf(e).variables.t)).to.deep.equal([20, 20]);
  });

  it("spec runtime item 7: after a trigger, the point's last value advances to the value the executor read", async () => {
    const { openStore } = await import("../../runtime/store/open-store.js");
    const holding = holdingHistory(await openStore("sqlite::memory:"));
    f = await createEngineFixture({ store: holding.store });
    const id = await f.addRule("reads later", "trigger on_change(measurement(7, 1)) value 1\ninput t = measurement(7, 1)\ndelta d = measurement(7, 2) over 1m\nwrite action(7, 2) = t");
    f.engine.plane.setMeasurement(SUPPLY, 20); // triggers; the execution waits for history
    await f.time.advance(0);
    expect(holding.held()).to.equal(1);
    f.engine.plane.setMeasurement(SUPPLY, 25); // while it waits: the executor will read 25
    await releaseUntilIdle(f, holding);
    f.engine.plane.setMeasurement(SUPPLY, 25.5); // within 1 of 25 (what was read), not of 20
    await f.advance(100);
    const runs = await f.history(id);
    expect(runs).to.have.length(1);
    expect(resultOf(runs[0]!).variables.t).to.equal(25);
    expect(f.engine.runtime.ruleStatus(id)!.suppressed.deadband_value).to.be.greaterThan(0);
  });

  it("spec runtime item 8: an unavailable input short-circuits the evaluation; the execution is recorded and nothing is written", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("strict", "input t = measurement(7, 1)\nwrite action(7, 2) = t", { enabled: false });
    const execution = await f.engine.runtime.execute(id);
    expect(execution).to.include({ success: false, actions_attempted: 0, actions_succeeded: 0 });
    expect(execution.result!.short_circuit).to.include({ variable: "t", reason: "the point's value is unavailable" });
    expect(f.engine.plane.channel("virtual-1")!.command(f.engine.plane.catalog.lookup({ instance: 7, point_type: "action", point: 2 })!.slot)!.value).to.be.NaN;
    expect((await f.history(id))[0]).to.include({ trigger: "manual", success: false });
  });

  it("spec runtime item 9: a NaN, infinite or out-of-range computed value is rejected and recorded as a failed action, never coerced", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("bad values", "input t = measurement(7, 1)\nwrite action(7, 2) = t * 10\nwrite action(7, 1) = t / 0\nwrite action(7, 4) = sqrt(-t)", { enabled: false });
    f.engine.plane.setMeasurement(SUPPLY, 20);
    const execution = await f.engine.runtime.execute(id);
    expect(execution).to.include({ success: false, actions_attempted: 3, actions_succeeded: 0 });
    expect(execution.result!.actions.map((a) => a.reason)).to.deep.equal([
      "the computed value 200 is outside the point's range [0, 100]; nothing was written",
      "the computed value is Infinity; nothing was written",
      "the computed value is NaN; nothing was written",
    ]);
  });

  it("spec runtime item 10: a write resolves the route, lands in the command slot, notifies, and reads back; a write across a writer restart is dropped", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("fan", "write action(7, 4) = 1", { enabled: false });
    const channel = f.engine.plane.channel("virtual-1")!;
    const ok = await f.engine.runtime.execute(id);
    expect(ok).to.include({ success: true, actions_attempted: 1, actions_succeeded: 1 });
    expect(f.engine.plane.read(f.engine.plane.catalog.lookup(FAN_STATUS)!.index)).to.equal(1);
    channel.onNotify = () => {
      channel.restart();
      channel.startWriter();
    };
    const crossed = await f.engine.runtime.execute(id);
    expect(crossed.success).to.equal(false);
    expect(crossed.result!.actions[0]!.reason).to.match(/^writer restarted during the write \(generation 1 → 2\); command dropped$/);
    const slot = f.engine.plane.catalog.lookup({ instance: 7, point_type: "action", point: 4 })!.slot;
    expect(channel.command(slot)!.value, "the dropped command is not left for the new writer").to.be.NaN;
  });

  it("spec runtime item 11: with no writer after a restart the action fails with a reason, the rule's success is false, and nothing is queued", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("valve", "write action(7, 2) = 40", { enabled: false });
    const channel = f.engine.plane.channel("virtual-1")!;
    channel.restart();
    const refused = await f.engine.runtime.execute(id);
    expect(refused).to.include({ success: false, actions_attempted: 1, actions_succeeded: 0 });
    expect(refused.result!.actions[0]!.reason).to.equal("channel 'virtual-1' has no writer since its restart (generation 2); command not queued");
    channel.startWriter();
    const slot = f.engine.plane.catalog.lookup({ instance: 7, point_type: "action", point: 2 })!.slot;
    expect(channel.command(slot)!.value, "the new writer finds no old command").to.be.NaN;
    channel.degradeNotify();
    const degraded = await f.engine.runtime.execute(id);
    expect(degraded.result!.actions[0]!.reason).to.equal("channel 'virtual-1': the notify socket to the acquisition side is degraded; command withdrawn");
  });

  it("spec runtime item 12: reload replaces the rule set wholesale; a running execution finishes with the rule it started with; new on_change rules get events at once", async () => {
    const { openStore } = await import("../../runtime/store/open-store.js");
    const holding = holdingHistory(await openStore("sqlite::memory:"));
    f = await createEngineFixture({ store: holding.store });
    const id = await f.addRule("versioned", "trigger every 1s\ndelta d = measurement(7, 1) over 1m\nwrite action(7, 2) = 1");
    await f.time.advance(1000);
    expect(holding.held()).to.equal(1);
    const v2 = (await import("../../compiler/index.js")).compileRuleSource(`rule "v2" {\nwrite action(7, 2) = 2\n}`).rules[0]!;
    await f.engine.service.update(id, { flow_json: v2.flow_json }); // reloads while v1 runs
    const added = await f.addRule("new", "trigger on_change(measurement(7, 2))\nwrite action(7, 2) = 3");
    f.engine.plane.setMeasurement(SETPOINT, 21);
    await f.time.advance(0);
    await releaseUntilIdle(f, holding);
    expect((await f.history(added)).length, "the new rule received the event without a restart").to.equal(1);
    await f.advance(1000);
    const runs = await f.history(id);
    expect(runs.map((e) => "d" in resultOf(e).variables)).to.deep.equal([true, false], "v1 defines d, v2 does not");
    expect(runs.map((e) => resultOf(e).actions.map((a) => a.value))).to.deep.equal([[], [2]]);
  });

  it("spec runtime item 13: create, update, delete, enable and disable each reload the scheduler after their store write", async () => {
    f = await createEngineFixture();
    const counts = () => {
      const s = f.engine.runtime.status();
      return [s.totalRules, s.enabledRules];
    };
    const { id } = await f.engine.service.create({ name: "stub", description: "" });
    expect(counts()).to.deep.equal([1, 0], "a new rule is created disabled; totalRules counts every stored rule");
    await f.engine.service.setEnabled(id, true);
    expect(counts()).to.deep.equal([1, 1]);
    await f.engine.service.update(id, { trigger_config: { type: "interval", interval_ms: 250 } });
    expect(f.engine.runtime.ruleStatus(id)).to.not.equal(undefined);
    await f.advance(300); // its first run falls within its first interval (issue 19.3), then at the next tick
    expect(await f.history(id)).to.have.length(1, "the updated trigger is in force");
    await f.engine.service.setEnabled(id, false);
    expect(counts()).to.deep.equal([1, 0]);
    await f.engine.service.setEnabled(id, true);
    await f.engine.service.remove(id);
    expect(counts()).to.deep.equal([0, 0]);
  });

  it("spec runtime item 14: a write to the store behind the service's back takes effect only after an explicit reload", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("out of band", "trigger every 1s\nwrite action(7, 2) = 5", { enabled: false });
    await f.store.rules.setEnabled(id, true, new Date(f.time.now())); // e.g. a bulk import
    await f.advance(2000);
    expect(await f.history(id)).to.have.length(0);
    await f.engine.runtime.reload();
    await f.advance(1000);
    expect(await f.history(id)).to.have.length(1);
  });

  it("records every execution in rule_history and in the rule's JSON-lines log", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("logged", "trigger every 1s\nparam p = 7\nwrite action(7, 2) = p");
    await f.advance(2000);
    const runs = await f.history(id);
    expect(runs.map((e) => [e.trigger, e.success])).to.deep.equal([["interval", true], ["interval", true]]);
    expect(resultOf(runs[0]!).actions[0]).to.include({ target: 7, point: 2, value: 7, success: true });
    const lines = (await readFile(join(f.logDir, `${id}.log`), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { history_id: number });
    expect(lines.map((l) => l.history_id)).to.deep.equal(runs.map((e) => e.id));
  });

  it("cooldown: after a successful execution that acted, the rule is suppressed until cooldown_ms has passed", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("cool", "trigger every 100ms\ncooldown 1s\nwrite action(7, 2) = 1");
    await f.advance(1000);
    expect(await f.history(id)).to.have.length(1);
    expect(f.engine.runtime.ruleStatus(id)!.suppressed.cooldown).to.be.greaterThan(0);
    await f.advance(200);
    expect(await f.history(id)).to.have.length(2);
  });

  describe("spec error table", () => {
    it("spec error table: a malformed flow in PUT fails the request and stores nothing", async () => {
      f = await createEngineFixture();
      const { id } = await f.engine.service.create({ name: "r", description: "" });
      const before = await f.store.rules.get(id);
      const error = await f.engine.service.update(id, { name: "renamed", flow_json: { nodes: [{ id: "s", type: "start" }], edges: [], viewport: { x: 0, y: 0, zoom: 1 } } as never }).catch((e: unknown) => e);
      expect(error).to.include({ code: "invalid-input", status: 400 });
      expect((error as { details: { diagnostics: Array<{ path: string }> } }).details.diagnostics[0]!.path).to.match(/^\/flow_json\/nodes\/0/);
      expect(await f.store.rules.get(id)).to.deep.equal(before);
    });

    it("spec error table: a malformed trigger_config is rejected at the update boundary", async () => {
      f = await createEngineFixture();
      const { id } = await f.engine.service.create({ name: "r", description: "" });
      const before = await f.store.rules.get(id);
      const error = await f.engine.service.update(id, { trigger_config: { type: "on_change", point_refs: [] } as never }).catch((e: unknown) => e);
      expect(error).to.include({ code: "invalid-input" });
      expect((error as { details: { diagnostics: Array<{ path: string }> } }).details.diagnostics[0]!.path).to.match(/^\/trigger_config/);
      expect(await f.store.rules.get(id)).to.deep.equal(before);
    });

    it("spec error table: unavailable input during execution: the evaluation short-circuits and the scheduler counts the suppression", async () => {
      f = await createEngineFixture();
      const id = await f.addRule("unavailable", "trigger every 1s\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
      await f.advance(1000);
      expect(resultOf((await f.history(id))[0]!).short_circuit).to.include({ variable: "t" });
      expect(f.engine.runtime.ruleStatus(id)!.suppressed.input_unavailable).to.equal(1);
    });
  });
});
