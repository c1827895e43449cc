// `npm run bench -- rule-cost`: what the worst rule the execution bound accepts costs at run time
// (issue 16.12: one heavy rule must not stall the others; budget: 20 ms of tick lag). For each kind
// of work (writes, fan-out visits, variables, expression size) the rule exactly at the limit
// (bench/rule-cost/worst-rules.ts) is measured twice, against a one-write rule in the same run:
//   one execution   execute + record (history row on in-memory SQLite, log line), as the runner does
//   tick lag        the rule enabled on a 100 ms interval in the whole engine on real time for 2 s,
//                   with the event loop's delay sampled every millisecond (p99, the verdict, and max)
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { compileFlow } from "../compiler/index.js";
import type { TriggerConfig } from "../generated/types.js";
import { compileRule } from "../runtime/engine/compile-rule.js";
import { executeRule } from "../runtime/engine/execute-rule.js";
import { realTickTimer, systemClock } from "../runtime/engine/scheduler/real-timer.js";
import { createHistoryRecorder } from "../runtime/history/history-recorder.js";
import { createRuleLog } from "../runtime/history/rule-log.js";
import { createRuleEngine } from "../runtime/rules/create-rule-engine.js";
import { openStore } from "../runtime/store/open-store.js";
import { MAX_EXECUTION_STEPS } from "../compiler/passes/check-execution-bound.js";
import { atTheLimit, COST_SITE, SHAPES } from "./rule-cost/worst-rules.js";

const BUDGET_MS = 20;
const RUNS = 40;
const LAG_SECONDS = 2;

export async function benchRuleCost(): Promise<void> {
  console.log(`rule cost: the worst rules the execution bound accepts (${MAX_EXECUTION_STEPS.toLocaleString("en-US")} steps), against a one-write rule; budget ${BUDGET_MS} ms of tick lag`);
  const baseline = { label: "baseline: one write", flow: SHAPES[0]!.flow(1) };
  const subjects = [baseline, ...SHAPES.map((shape) => {
    const { n, refusedAbove } = atTheLimit(shape);
    return { label: `${shape.name}: ${n.toLocaleString("en-US")} ${shape.unit} (n + 1: ${refusedAbove})`, flow: shape.flow(n) };
  })];
  let worst = 0;
  let noise = 0;
  for (const { label, flow } of subjects) {
    const execution = await timeExecutions(flow);
    const lag = await tickLag(flow);
    if (label !== baseline.label) worst = Math.max(worst, lag.p99);
    else noise = lag.max;
    console.log(`  ${label}`);
    console.log(`    one execution  median ${ms(execution.median)}, max ${ms(execution.max)}    tick lag  p99 ${ms(lag.p99)}, max ${ms(lag.max)}, ${lag.executions} executions`);
  }
  // The max of a 2 s window also holds what the machine does besides (GC, other processes): the
  // baseline's max shows that floor, so the verdict is taken on the p99.
  console.log(`  worst p99 tick lag of a rule at the limit: ${ms(worst)} (budget: under ${BUDGET_MS} ms) ${worst < BUDGET_MS ? "OK" : "MISSED"}; the baseline's max, the machine's noise: ${ms(noise)}`);
}

// Execute and record, as the runner does, after one compile (the reload's work, not measured).
async function timeExecutions(flow: unknown): Promise<{ median: number; max: number }> {
  const compiled = compileFlow(flow);
  if (!compiled.ok) throw new Error(`a benchmark rule does not compile: ${compiled.diagnostics[0]?.message}`);
  const store = await openStore("sqlite::memory:");
  const logDir = await mkdtemp(join(tmpdir(), "svc-bench-cost-"));
  const engine = createRuleEngine({ site: COST_SITE, store, clock: systemClock, timer: realTickTimer, logDir });
  engine.plane.setMeasurement({ instance: 5, point_type: "measurement", point: 1 }, 1);
  const rule = compileRule(compiled.nodes_json, engine.plane.catalog);
  if (!rule.ok) throw new Error("a benchmark rule does not load");
  const recorder = createHistoryRecorder({ history: store.history, log: createRuleLog({ dir: logDir }), onError: () => undefined });
  const { id } = await engine.service.create({ name: "cost", description: "" });
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const start = performance.now();
    const result = executeRule(rule.rule, { read: engine.plane.read, write: engine.plane.write, valueAgo: () => NaN });
    await recorder.record(id, { startedAt: 0, finishedAt: 0, trigger: "interval", success: result.success, result, error: null });
    if (i >= 5) times.push(performance.now() - start);
  }
  await store.close();
  await rm(logDir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  return { median: times[times.length >> 1]!, max: times[times.length - 1]! };
}

// The whole engine on real time, the rule due every tick; the loop's delay is what every other
// rule's tick waits.
async function tickLag(flow: unknown): Promise<{ p99: number; max: number; executions: number }> {
  const store = await openStore("sqlite::memory:");
  const logDir = await mkdtemp(join(tmpdir(), "svc-bench-lag-"));
  let executions = 0;
  const engine = createRuleEngine({ site: COST_SITE, store, clock: systemClock, timer: realTickTimer, logDir, tickMs: 100, onRecorded: () => void executions++ });
  engine.plane.setMeasurement({ instance: 5, point_type: "measurement", point: 1 }, 1);
  const { id } = await engine.service.create({ name: "cost", description: "" });
  const trigger: TriggerConfig = { type: "interval", interval_ms: 100 };
  await engine.service.update(id, { flow_json: flow as never, trigger_config: trigger });
  await engine.service.setEnabled(id, true);
  await engine.start();
  await sleep(300); // the first executions warm the JIT
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const before = executions;
  await sleep(LAG_SECONDS * 1000);
  delay.disable();
  const counted = executions - before;
  await engine.stop();
  await store.close();
  await rm(logDir, { recursive: true, force: true });
  // The histogram counts the timer's own 1 ms resolution in every sample: take it off.
  const lag = (ns: number): number => Math.max(0, ns / 1e6 - 1);
  return { p99: lag(delay.percentile(99)), max: lag(delay.max), executions: counted };
}

function sleep(msToWait: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, msToWait));
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}
