// Issue 19.1: each rule change (create, update, enable, disable, delete) reloads only the rule it
// concerns, keeping spec item 12: the change takes effect, running executions (of the changed
// rule and of the others) finish on the rule they started with, the on_change dispatcher keeps
// routing, and nothing re-reads every stored rule. The state after a sequence of changes equals a
// full reload's. Issue 19.4: start-up leaves the site checks of the stored flows to the background.
// On SQLite and PostgreSQL.
import { expect } from "chai";
import { rm } from "node:fs/promises";
import { compileFlow, compileRuleSource } from "../../compiler/index.js";
import type { ExecutionResult } from "../../runtime/engine/execution-result.js";
import type { Store } from "../../runtime/store/store.js";
import { databaseBackends } from "../store/backends.js";
import { createEngineFixture, SETPOINT, type EngineFixture } from "./engine-fixture.js";

/** Runs until released: its period_delta reads point history, which the test holds. */
const HELD = "trigger every 1s\ndelta d = measurement(7, 1) over 1m\nwrite action(7, 2) = 1";
const V2 = "trigger every 1s\nwrite action(7, 2) = 2";
const WATCHER = "trigger on_change(measurement(7, 2))\nwrite action(7, 1) = 1";

interface Watched {
  store: Store;
  /** Reads of every stored rule (listAll, listRunnable) and change-set reads (getMany). */
  fullReads: number;
  partialReads: number;
  held(): number;
  release(): void;
  open(): void;
}

/** The store with its rule reads counted and its point-history reads held until released. */
function watched(store: Store): Watched {
  let waiting: Array<() => void> = [];
  let opened = false;
  const w: Watched = {
    store: store,
    fullReads: 0,
    partialReads: 0,
    held: () => waiting.length,
    release() {
      const all = waiting;
      waiting = [];
      all.forEach((resolve) => resolve());
    },
    open() {
      opened = true;
      w.release();
    },
  };
  const rules: Store["rules"] = Object.assign(Object.create(store.rules) as Store["rules"], {
    listAll: () => (w.fullReads++, store.rules.listAll()),
    listRunnable: () => (w.fullReads++, store.rules.listRunnable()),
    getMany: (ids: readonly number[]) => (w.partialReads++, store.rules.getMany(ids)),
  });
  const points: Store["points"] = Object.assign(Object.create(store.points) as Store["points"], {
    valueAt: async (ref: Parameters<Store["points"]["valueAt"]>[0], at: number) => {
      if (!opened) await new Promise<void>((resolve) => waiting.push(resolve));
      return store.points.valueAt(ref, at);
    },
  });
  w.store = Object.assign(Object.create(store) as Store, { rules, points });
  return w;
}

const resultOf = (entry: { result: unknown }): ExecutionResult => entry.result as ExecutionResult;
const definesD = (entry: { result: unknown }): boolean => "d" in resultOf(entry).variables;

type Kind = "create" | "update" | "enable" | "disable" | "delete";

for (const [name, backend] of databaseBackends()) {
  describe(`issue 19.1: a change reloads only the rule it concerns, on ${name}`, () => {
    let f: EngineFixture | undefined;
    let w: Watched | undefined;
    let count = 0;
    const open = async (): Promise<EngineFixture> => {
      w = watched(await backend.open(`partial${++count}`));
      // The first run at the first tick keeps the timeline plain (the spread has its own tests).
      f = await createEngineFixture({ store: w.store, intervalPhase: "first_tick" });
      return f;
    };
    afterEach(async () => {
      w?.open();
      await f?.close();
      f = undefined;
    });
    after(() => backend.cleanup());

    /** Until no execution runs, releasing the held reads (bounded in real time). */
    const idle = async (): Promise<void> => {
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline) {
        w!.release();
        await new Promise((resolve) => setImmediate(resolve));
        const status = f!.engine.runtime.status();
        if (status.inFlight === 0 && status.queued === 0 && w!.held() === 0) return;
      }
      throw new Error("executions still held after 5 s");
    };

    const change = async (kind: Kind): Promise<void> => {
      const f = await open();
      const other = await f.addRule("other", HELD);
      const watcher = await f.addRule("watcher", WATCHER);
      const changed = kind === "create" ? undefined : await f.addRule("changed", HELD, { enabled: kind !== "enable" });
      await f.time.advance(1000); // the enabled interval rules start, and are held
      expect(f.engine.runtime.status().inFlight).to.equal(kind === "create" || kind === "enable" ? 1 : 2);
      w!.fullReads = w!.partialReads = 0;
      const service = f.engine.service;
      let subject = changed;
      if (kind === "create") subject = await f.addRule("created", V2);
      else if (kind === "update") await service.update(changed!, { flow_json: compileRuleSource(`rule "v2" {\n${V2}\n}`).rules[0]!.flow_json });
      else if (kind === "enable") await service.setEnabled(changed!, true);
      else if (kind === "disable") await service.setEnabled(changed!, false);
      else await service.remove(changed!);
      expect(w!.fullReads, "no stored rule was re-read beyond the change").to.equal(0);
      // An update with a flow hands the rule as it committed it to the reload (issue 19.5); the others are read again.
      if (kind === "update") expect(w!.partialReads).to.equal(0);
      else expect(w!.partialReads).to.be.greaterThan(0);
      // The dispatcher still routes: the on_change rule runs on an event at once.
      f.engine.plane.setMeasurement(SETPOINT, 21);
      await f.time.advance(0);
      await idle();
      expect((await f.history(watcher)).map((e) => e.trigger)).to.deep.equal(["on_change"]);
      // Running executions finished on the rule they started with.
      expect((await f.history(other)).map(definesD)).to.deep.equal([true]);
      if (kind === "update" || kind === "disable" || kind === "delete") expect((await f.history(changed!)).map(definesD)).to.deep.equal([true]);
      w!.open();
      await f.advance(1000);
      await idle();
      // The other rule goes on as before: its second run, one interval after its first.
      const others = await f.history(other);
      expect(others.map(definesD)).to.deep.equal([true, true]);
      expect(f.engine.runtime.ruleStatus(other)!.executions).to.equal(2);
      // The change took effect.
      const runs = subject === undefined ? [] : await f.history(subject);
      const status = f.engine.runtime.status();
      if (kind === "create") {
        expect(runs.map((e) => resultOf(e).actions.map((a) => a.value))).to.deep.equal([[2]]);
        expect(status).to.include({ totalRules: 3, enabledRules: 3 });
      } else if (kind === "update") {
        expect(runs.map((e) => resultOf(e).actions.map((a) => a.value))).to.deep.equal([[], [2]]);
      } else if (kind === "enable") {
        expect(runs.map(definesD)).to.deep.equal([true]);
        expect(status).to.include({ totalRules: 3, enabledRules: 3 });
      } else if (kind === "disable") {
        expect(runs).to.have.length(1);
        expect(f.engine.runtime.ruleStatus(changed!)!.suppressed.disabled).to.be.greaterThan(0);
        expect(status).to.include({ totalRules: 3, enabledRules: 2 });
      } else {
        expect(runs).to.have.length(1);
        expect(f.engine.runtime.ruleStatus(changed!)).to.equal(undefined);
        expect(status).to.include({ totalRules: 2, enabledRules: 2 });
      }
    };

    for (const kind of ["create", "update", "enable", "disable", "delete"] as const) {
      it(`issue 19.1: ${kind} reloads that rule alone: it takes effect, running executions finish on the rule they started with, events still route`, () => change(kind));
    }

    it("issue 19.1: after a sequence of changes, the state (counts, problems, point usage) equals a fresh full reload's", async () => {
      const f = await open();
      // A rule the site checks warn about (it re-triggers itself): stored through the service, which answers the warning.
      const looping = compileRuleSource(`rule "loop" {\ntrigger on_change(action(7, 2))\nwrite action(7, 2) = 10\n}`).rules[0]!;
      const loop = (await f.engine.service.create({ name: "loop", description: "" })).id;
      await f.engine.service.update(loop, { flow_json: looping.flow_json, trigger_config: looping.trigger_config });
      await f.engine.service.setEnabled(loop, true);
      const a = await f.addRule("a", V2);
      const b = await f.addRule("b", WATCHER, { enabled: false });
      await f.addRule("c", "trigger every 2s\ninput t = measurement(7, 1)\nwrite action(7, 2) = t");
      await f.engine.service.update(a, { priority: 4, trigger_config: { type: "interval", interval_ms: 500 } });
      await f.engine.service.setEnabled(b, true);
      await f.engine.service.setEnabled(loop, false);
      await f.engine.service.remove(a);
      await f.engine.service.update(b, { name: "b renamed" });
      const state = () => {
        const { totalRules, enabledRules, problems } = f.engine.runtime.status();
        const usage = [...f.engine.runtime.pointUsage()].map(([key, { uses }]) => [key, uses.map((u) => [u.rule.id, u.rule.name, u.rule.priority, u.access, u.nodeId])]);
        return { totalRules, enabledRules, problems, usage };
      };
      const partial = state();
      expect(partial.problems.map((p) => p.ruleId)).to.include(loop);
      expect(w!.fullReads, "only start-up read every rule").to.equal(1);
      await f.engine.runtime.reload();
      expect(state()).to.deep.equal(partial);
    });

    it("issue 19.4: start-up compiles the first 200 enabled rules before the scheduler starts and the rest after it; every one then runs", async () => {
      const first = await open();
      const { flow_json, trigger_config } = compileRuleSource(`rule "many" {\n${V2}\n}`).rules[0]!;
      const compiled = compileFlow(flow_json);
      if (!compiled.ok) throw new Error("fixture flow must compile");
      await w!.store.transaction(async (tx) => {
        for (let i = 0; i < 250; i++) {
          await tx.rules.importRule({ name: `many ${i}`, description: "", enabled: true, priority: 0, cooldown_ms: 0, trigger_config, flow_json: compiled.flow_json, nodes_json: compiled.nodes_json }, new Date());
        }
      });
      await first.engine.stop();
      await rm(first.logDir, { recursive: true, force: true });
      f = await createEngineFixture({ store: w!.store, intervalPhase: "first_tick" });
      const started = f.engine.runtime.status();
      expect(started.totalRules).to.equal(250);
      expect(started.enabledRules, "compiled before the scheduler started").to.be.within(200, 250);
      await f.engine.runtime.siteChecked();
      expect(f.engine.runtime.status().enabledRules).to.equal(250);
      w!.open();
      await f.advance(1000);
      expect(f.engine.runtime.status().executions).to.equal(250);
    });

    it("issue 19: a store error in start-up's background site checks names itself (the site check of the rule), not a rule's history", async () => {
      const first = await open();
      const id = await first.addRule("checked", V2);
      await first.engine.stop();
      await rm(first.logDir, { recursive: true, force: true });
      // Reads of whole rules fail from now on: the background checks read the stored flows that way.
      const failing = Object.assign(Object.create(w!.store.rules) as Store["rules"], { getMany: () => Promise.reject(new Error("disk I/O error")) });
      const store = Object.assign(Object.create(w!.store) as Store, { rules: failing });
      const errors: string[] = [];
      f = await createEngineFixture({ store, intervalPhase: "first_tick", onError: (error, context) => errors.push(`${context}: ${(error as Error).message}`) });
      await f.engine.runtime.siteChecked();
      expect(errors).to.deep.equal([`start-up's site check of rule ${id} (reading them): disk I/O error`]);
    });

    it("issue 19.4: start-up checks the stored flows against the site in the background; their problems are reported once checked", async () => {
      const first = await open();
      const { flow_json, trigger_config } = compileRuleSource(`rule "stale" {\ntrigger every 1s\nwrite action(13, 9) = 1\n}`).rules[0]!;
      const compiled = compileFlow(flow_json);
      if (!compiled.ok) throw new Error("fixture flow must compile without a site");
      const stored = await w!.store.rules.importRule({ name: "stale", description: "", enabled: true, priority: 0, cooldown_ms: 0, trigger_config, flow_json: compiled.flow_json, nodes_json: compiled.nodes_json }, new Date());
      await first.engine.stop();
      const problems: number[] = [];
      f = await createEngineFixture({ store: w!.store, intervalPhase: "first_tick", onProblem: (p) => problems.push(p.ruleId) });
      await rm(first.logDir, { recursive: true, force: true });
      await f.engine.runtime.siteChecked();
      const problem = f.engine.runtime.status().problems.find((p) => p.ruleId === stored.id);
      expect(problem?.diagnostics.map((d) => d.code)).to.include("point/unknown-instance");
      expect(problems).to.include(stored.id);
    });
  });
}
