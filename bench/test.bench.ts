// `npm run bench -- test`: svc test's runner (issue 18) on one virtual day of the whole demo pack
// at the 100 ms tick (bench/scenario-day.ts), against the same executions — the same rules, as
// many times each — run directly in a loop with executeRule. Reports the wall time of the day
// (target: under 2 s) and the ratio to the bare executions: the price of the real scheduler,
// point plane and virtual clock around them.
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { loadScenarioPack } from "../cli/test/load-test-pack.js";
import { executeRule } from "../runtime/engine/execute-rule.js";
import { createPointCatalog } from "../runtime/points/point-catalog.js";
import { loadRule } from "../runtime/rules/loaded-rule.js";
import { parseScenarioFile } from "../scenarios/parse-scenario-file.js";
import { runScenario } from "../scenarios/run-scenario.js";
import { storedRule } from "../scenarios/scenario-io.js";
import { arrayIo } from "./fixtures/typical-rule.js";
import { demoDayScenario } from "./scenario-day.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const TARGET_MS = 2000;
const RUNS = 3;

export async function benchTest(): Promise<void> {
  const loaded = await loadScenarioPack("examples/packs/demo", ROOT);
  if (loaded.pack === undefined) throw new Error(`the demo pack does not compile: ${JSON.stringify(loaded.problems.map((p) => p.diagnostics))}`);
  const { pack, site } = loaded;
  const text = demoDayScenario(pack.rules.map((r) => r.name));
  let started = process.hrtime.bigint();
  const file = parseScenarioFile(text, "day.test.yaml", site, pack.rules);
  const parseMs = elapsedMs(started);
  const scenario = file.scenarios[0];
  if (scenario === undefined) throw new Error(`the benchmark scenario does not parse: ${JSON.stringify(file.diagnostics)}`);
  console.log(`\nsvc test: one virtual day of the demo pack (${pack.rules.length} rules, ${scenario.steps.length} steps), 100 ms tick, ${RUNS} runs`);

  const times: number[] = [];
  let outcome: Awaited<ReturnType<typeof runScenario>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    started = process.hrtime.bigint();
    outcome = await runScenario("day.test.yaml", scenario, pack, { site });
    times.push(elapsedMs(started));
  }
  const wall = median(times);
  const executions = outcome!.executions;

  // The baseline: the same rules, executed as many times each, in a bare loop.
  const catalog = createPointCatalog(pack.site.site);
  const executable = new Map(pack.rules.map((rule) => [rule.id, loadRule(storedRule(rule, 0), catalog).loaded!.executable]));
  const values = new Float64Array(catalog.size).fill(20);
  const io = arrayIo(values);
  const order = executions.map((x) => executable.get(x.ruleId)!);
  const direct: number[] = [];
  for (let run = 0; run < RUNS * 3; run++) {
    started = process.hrtime.bigint();
    for (const rule of order) executeRule(rule, io);
    direct.push(elapsedMs(started));
  }
  const bare = median(direct);

  const perRule = new Map<string, number>();
  for (const x of executions) perRule.set(x.rule, (perRule.get(x.rule) ?? 0) + 1);
  const ok = wall < TARGET_MS;
  console.log(`  parse                        ${parseMs.toFixed(0)} ms`);
  console.log(`  runScenario (24 h virtual)   ${wall.toFixed(0)} ms wall (median of ${RUNS}; target: under ${TARGET_MS} ms) ${ok ? "OK" : "MISSED"}`);
  console.log(`    ${executions.length.toLocaleString("en-US")} executions, ${outcome!.writes.length.toLocaleString("en-US")} writes, ${outcome!.suppressions.length.toLocaleString("en-US")} suppressions, 864,000 ticks`);
  console.log(`    per rule: ${[...perRule].map(([name, n]) => `${name} ${n}`).join(", ")}`);
  console.log(`  baseline: executeRule loop   ${bare.toFixed(0)} ms for the same ${executions.length.toLocaleString("en-US")} executions`);
  console.log(`  ratio: the scenario takes ${(wall / bare).toFixed(1)}x the bare executions`);
  if (io.written === 0.5) console.log(""); // reads the sink
}

function elapsedMs(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e6;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}
