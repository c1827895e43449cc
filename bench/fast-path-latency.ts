// Point write to action accepted, on the on_change fast path of the whole engine (point plane,
// scheduler, runner, executor, virtual channel; history on an in-memory SQLite store), against
// a hand-written JavaScript version: a callback that decides and writes the slot in a microtask.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { realTickTimer, systemClock } from "../runtime/engine/scheduler/real-timer.js";
import { createRuleEngine } from "../runtime/rules/create-rule-engine.js";
import { openStore } from "../runtime/store/open-store.js";
import { TYPICAL_SITE, typicalRule } from "./fixtures/typical-rule.js";

export interface Latency {
  p50: number;
  p99: number;
  samples: number;
}

const ZONE_TEMP = { instance: 5, point_type: "measurement", point: 1 } as const;

export async function measureFastPath(samples: number): Promise<Latency> {
  const store = await openStore("sqlite::memory:");
  const logDir = await mkdtemp(join(tmpdir(), "svc-bench-logs-"));
  const engine = createRuleEngine({ site: TYPICAL_SITE, store, clock: systemClock, timer: realTickTimer, logDir });
  const rule = typicalRule();
  const { id } = await engine.service.create({ name: rule.name, description: "" });
  await engine.service.update(id, { flow_json: rule.flow_json, trigger_config: rule.trigger_config });
  await engine.service.setEnabled(id, true);
  await engine.start();
  engine.plane.setMeasurement({ instance: 5, point_type: "measurement", point: 2 }, 21);
  engine.plane.setMeasurement({ instance: 5, point_type: "measurement", point: 3 }, 1);
  const channel = engine.plane.channel("virtual-1")!;
  let accepted: (() => void) | undefined;
  channel.onNotify = () => accepted?.();
  const latencies = await sample(samples, (i, done) => {
    accepted = done;
    engine.plane.setMeasurement(ZONE_TEMP, 23 + (i % 2)); // hot either way: every change writes
  }, () => engine.runtime.status().inFlight === 0);
  await engine.stop();
  await store.close();
  await rm(logDir, { recursive: true, force: true });
  return latencies;
}

/** The same path by hand: the write calls back, a microtask decides and writes the slot. */
export async function measureHandWrittenFastPath(samples: number): Promise<Latency> {
  const live = new Float64Array([0, 21, 1]);
  const slots = new Float64Array(1);
  let accepted: (() => void) | undefined;
  const onPointWrite = (index: number, value: number): void => {
    live[index] = value;
    queueMicrotask(() => {
      const [t, s, o] = [live[0]!, live[1]!, live[2]!];
      if (o && t > s + 1) slots[0] = Math.min(100, (t - s) * 40);
      accepted?.();
    });
  };
  return sample(samples, (i, done) => {
    accepted = done;
    onPointWrite(0, 23 + (i % 2));
  }, () => true);
}

// One write at a time: the next starts once the previous was accepted and the engine is idle.
async function sample(count: number, write: (i: number, done: () => void) => void, idle: () => boolean): Promise<Latency> {
  const latencies: number[] = [];
  for (let i = 0; i < count + 200; i++) {
    while (!idle()) await new Promise((resolve) => setImmediate(resolve));
    const elapsed = await new Promise<number>((resolve) => {
      const start = performance.now();
      write(i, () => resolve(performance.now() - start));
    });
    if (i >= 200) latencies.push(elapsed); // the first 200 warm the JIT
  }
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(count * 0.5)]!, p99: latencies[Math.floor(count * 0.99)]!, samples: count };
}
