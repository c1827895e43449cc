// `npm run bench -- engine`: the executor on a typical rule against the same rule written by
// hand; the scheduler's CPU share with 10,000 interval rules; the on_change fast-path latency.
import { compileRule } from "../runtime/engine/compile-rule.js";
import { decideRule, executeRule } from "../runtime/engine/execute-rule.js";
import { measureFastPath, measureHandWrittenFastPath } from "./fast-path-latency.js";
import { measureHandWrittenSchedulerLoad } from "./scheduler-baseline.js";
import { measureSchedulerLoad } from "./scheduler-load.js";
import { createPointCatalog } from "../runtime/points/point-catalog.js";
import { TYPICAL_SITE, arrayIo, handWrittenDecision, typicalRule } from "./fixtures/typical-rule.js";
import { formatRate, loopOver, measure } from "./harness.js";

export async function benchEngine(): Promise<void> {
  benchExecutor();
  await benchScheduler();
  await benchFastPath();
}

async function benchScheduler(): Promise<void> {
  const rules = 10_000;
  const seconds = 5;
  console.log(`\nscheduler: ${rules.toLocaleString("en-US")} enabled interval rules of 1 s, 100 ms tick, trivial runner, ${seconds} s of real time each`);
  const ours = await measureSchedulerLoad({ rules, seconds });
  const hand = await measureHandWrittenSchedulerLoad({ rules, seconds });
  const ok = ours.cpuShare < 0.3;
  console.log(`  scheduler                  ${percent(ours.cpuShare)} of one core, ${ours.executions.toLocaleString("en-US")} executions in ${ours.ticks} ticks (target: under 30%) ${ok ? "OK" : "MISSED"}`);
  console.log(`  baseline: hand-written JS  ${percent(hand.cpuShare)} of one core, ${hand.executions.toLocaleString("en-US")} executions`);
  console.log(`  ratio: the scheduler uses ${(ours.cpuShare / hand.cpuShare).toFixed(1)}x the CPU of a bare setInterval loop`);
}

async function benchFastPath(): Promise<void> {
  const samples = 2000;
  console.log(`\non_change fast path: point write to action accepted, ${samples} writes one at a time (engine with history on in-memory SQLite)`);
  const ours = await measureFastPath(samples);
  const hand = await measureHandWrittenFastPath(samples);
  const ok = ours.p99 < 2;
  console.log(`  engine                     p50 ${ms(ours.p50)}, p99 ${ms(ours.p99)} (target: p99 under 2 ms) ${ok ? "OK" : "MISSED"}`);
  console.log(`  baseline: hand-written JS  p50 ${ms(hand.p50)}, p99 ${ms(hand.p99)}`);
  console.log(`  ratio: p50 ${(ours.p50 / hand.p50).toFixed(1)}x, p99 ${(ours.p99 / hand.p99).toFixed(1)}x the hand-written path`);
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`.padStart(6);
}

function ms(value: number): string {
  return `${value.toFixed(3)} ms`;
}

function benchExecutor(): void {
  const catalog = createPointCatalog(TYPICAL_SITE);
  const { nodes_json } = typicalRule();
  const compiled = compileRule(nodes_json, catalog);
  if (!compiled.ok) throw new Error(`benchmark rule does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  const rule = compiled.rule;
  // 1,024 situations cycling through every branch: hot, cold, idle, in band.
  const ios = Array.from({ length: 1024 }, (_, i) => arrayIo(new Float64Array([18 + (i % 9), 21, i % 4 === 0 ? 0 : 1, 0])));
  for (const io of ios) {
    const result = executeRule(rule, io);
    if (result.actions.length !== handWrittenDecision(io)) throw new Error("executor and hand-written rule disagree");
  }
  console.log("executor: a typical rule (3 inputs, a 3-way switch, one write), 1,024 input situations");
  const lean = compileRule(nodes_json, catalog, { record: false });
  if (!lean.ok) throw new Error("benchmark rule does not compile without recording");
  const [executor, decision, hand] = measure([
    { name: "executor", run: loopOver((io) => executeRule(rule, io).success, ios) },
    { name: "executor, decision alone", run: loopOver((io) => decideRule(lean.rule, io), ios) },
    { name: "baseline: hand-written JS", run: loopOver(handWrittenDecision, ios) },
  ]);
  const rate = executor!.opsPerSecond;
  const ratio = hand!.opsPerSecond / decision!.opsPerSecond;
  console.log(`  executor, full result record  ${formatRate(rate).padStart(14)} executions/s (target: 2,000,000) ${rate >= 2e6 ? "OK" : "MISSED"}`);
  console.log(`  executor, decision alone      ${formatRate(decision!.opsPerSecond).padStart(14)} executions/s (no path, node details or snapshot)`);
  console.log(`  baseline: hand-written JS     ${formatRate(hand!.opsPerSecond).padStart(14)} executions/s (decision and write, no record)`);
  console.log(`  ratio: the decision takes ${ratio.toFixed(1)}x the time of hand-written JS (target: within 5x) ${ratio <= 5 ? "OK" : "MISSED"}`);
  console.log(`  ratio: the full record takes ${(hand!.opsPerSecond / rate).toFixed(1)}x the time of hand-written JS`);
}
