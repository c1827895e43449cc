// A whole rule engine on a temporary SQLite store and a hand-driven clock, for the runtime
// behaviour tests: rules are written in the DSL and stored through the rule service.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SiteModel } from "../../generated/types.js";
import { compileRuleSource } from "../../compiler/index.js";
import { createRuleEngine, type RuleEngine, type RuleEngineOptions } from "../../runtime/rules/create-rule-engine.js";
import { openStore } from "../../runtime/store/open-store.js";
import type { HistoryEntry, Store } from "../../runtime/store/store.js";
import { createFakeTime, type FakeTime } from "../helpers/fake-time.js";
import { smallSite } from "../points/point-fixtures.js";

export const START = Date.UTC(2026, 10, 21, 8, 0, 0);

/** The point plane tests' site (instance 7 on `virtual-1`), plus a setpoint measurement. */
export function testSite(): SiteModel {
  const site = smallSite();
  site.instances[0]!.points.push({ type: "measurement", point: 2, name: "setpoint", unit: "degC", min: 5, max: 40 });
  return site;
}

export const SUPPLY = { instance: 7, point_type: "measurement", point: 1 } as const;
export const SETPOINT = { instance: 7, point_type: "measurement", point: 2 } as const;
export const FAN_STATUS = { instance: 7, point_type: "measurement", point: 4 } as const;

export interface EngineFixture {
  engine: RuleEngine;
  store: Store;
  time: FakeTime;
  logDir: string;
  /** Stores a rule written in the DSL (body of `rule "<name>" { ... }`) and enables it unless told not to. */
  addRule(name: string, body: string, options?: { enabled?: boolean }): Promise<number>;
  /**
   * Moves the fake clock one tick (100 ms) at a time, waiting after each until no execution is
   * running or queued: store I/O takes real time that fake time would otherwise outrun.
   */
  advance(ms: number): Promise<void>;
  /** Waits until no execution is running or queued. */
  idle(): Promise<void>;
  history(ruleId: number): Promise<HistoryEntry[]>;
  close(): Promise<void>;
}

export async function createEngineFixture(options: Partial<RuleEngineOptions> & { store?: Store } = {}): Promise<EngineFixture> {
  const store = options.store ?? (await openStore("sqlite::memory:"));
  const time = createFakeTime(START);
  const logDir = await mkdtemp(join(tmpdir(), "svc-rule-logs-"));
  const engine = createRuleEngine({ site: testSite(), clock: time.clock, timer: time.timer, logDir, ...options, store });
  await engine.start();
  const idle = async (): Promise<void> => {
    // Executions wait on the store's threads, so this yields to I/O; bounded in real time.
    const deadline = performance.now() + 3000;
    while (performance.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
      const status = engine.runtime.status();
      // The executions' records are committed in batches after their slot is free (issue 19.2).
      if (status.inFlight === 0 && status.queued === 0) return engine.history.flush();
    }
    throw new Error("the engine did not become idle within 3 s");
  };
  return {
    engine,
    store,
    time,
    logDir,
    async addRule(name, body, { enabled = true } = {}) {
      const compiled = compileRuleSource(`rule "${name}" {\n${body}\n}`);
      if (compiled.diagnostics.length > 0) throw new Error(JSON.stringify(compiled.diagnostics));
      const rule = compiled.rules[0]!;
      const { id } = await engine.service.create({ name, description: rule.description });
      await engine.service.update(id, { flow_json: rule.flow_json, trigger_config: rule.trigger_config, priority: rule.priority, cooldown_ms: rule.cooldown_ms });
      if (enabled) await engine.service.setEnabled(id, true);
      return id;
    },
    async advance(ms) {
      for (let left = ms; ; left -= 100) {
        await time.advance(Math.min(left, 100));
        await idle();
        if (left <= 100) return;
      }
    },
    idle,
    history: async (ruleId) => {
      await engine.history.flush();
      return store.history.list(ruleId, { limit: 1000 });
    },
    async close() {
      await engine.stop();
      await store.close();
      await rm(logDir, { recursive: true, force: true });
    },
  };
}
