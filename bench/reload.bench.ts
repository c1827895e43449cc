// `npm run bench -- reload` (issue 19.1, 19.4): the rule engine over a temporary SQLite store with
// 0, 1,000 and 10,000 stored enabled rules of the demo's shape (the demo pack's "AHU-1 cooling
// stages" at a 1 s interval, on the demo site). For each: the full load at start-up (start() to
// the scheduler running), what start-up leaves to the background (compiling the rules past the
// first 200, then the site checks of every stored flow), one change-set reload (a PUT through
// the rule service: its store write and the reload of that rule; median of 21) and one full
// reload (POST /api/scheduler/reload's work; median of 3), each with its ratio to the 0-rule run
// of this run, and the heap bytes each stored enabled rule keeps.
// Heap: measured after a forced full GC (global.gc, exposed at run time with
// v8.setFlagsFromString("--expose-gc"), so `npm run bench` needs no node flag), as the heap used
// with the engine started and its background checks done, minus the heap used before the store was
// seeded; the 0-rule run's figure (the engine itself) is taken off, and the rest divided by the rules. The rows are inserted with knex in one transaction, built from one
// compiled demo rule with different names.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import knex from "knex";
import { compileRuleSource, indexSite } from "../compiler/index.js";
import { readSiteFile } from "../runtime/points/read-site-file.js";
import { createRuleEngine, type RuleEngine } from "../runtime/rules/create-rule-engine.js";
import { openStore } from "../runtime/store/open-store.js";
import { sqliteKnexConfig } from "../runtime/store/sqlite-client.js";
import type { Store } from "../runtime/store/store.js";
import type { SiteModel } from "../generated/types.js";

const SIZES = [0, 1_000, 10_000];
const PACK = "examples/packs/demo";
const RULE_FILE = `${PACK}/rules/ahu1-cooling-stages.rule`;

interface Run {
  rules: number;
  startMs: number;
  siteChecksMs: number;
  partialMs: number;
  fullMs: number;
  /** Heap used with the engine started, minus before the store was seeded. */
  heapDelta: number;
}

export async function benchReload(): Promise<void> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const { site } = await readSiteFile(`${PACK}/site.yaml`);
  if (site === undefined) throw new Error("the demo site does not load");
  const source = (await readFile(RULE_FILE, "utf8")).replace(/^\s*trigger .*$/m, "  trigger every 1s");
  const compiled = compileRuleSource(source, { site: indexSite(site) });
  const rule = compiled.rules[0];
  if (rule === undefined) throw new Error(`the demo rule does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  console.log(`\nreload: stored enabled rules of the demo's shape (${RULE_FILE}, every 1 s), SQLite`);
  const runs: Run[] = [];
  for (const rules of SIZES) runs.push(await measure(rules, site, rule, gc));
  const base = runs[0]!;
  console.log("rules    start-up (load)  after start (bg)  partial reload       full reload           heap/rule");
  for (const run of runs) {
    const ratio = (ms: number, baseMs: number) => `${(ms / baseMs).toFixed(1)}x`;
    console.log(
      `${String(run.rules).padStart(6)}  ${ms(run.startMs).padStart(12)}  ${ms(run.siteChecksMs).padStart(14)}  ${ms(run.partialMs).padStart(9)} (${ratio(run.partialMs, base.partialMs).padStart(6)})  ${ms(run.fullMs).padStart(9)} (${ratio(run.fullMs, base.fullMs).padStart(7)})  ${run.rules === 0 ? "-" : `${((run.heapDelta - base.heapDelta) / run.rules / 1024).toFixed(1)} KB`}`,
    );
  }
  const last = runs[runs.length - 1]!;
  console.log(`full load at ${last.rules}: ${ms(last.startMs)} to a running scheduler (target: start-up under 3 s); partial reload at ${last.rules} is ${(last.partialMs / base.partialMs).toFixed(1)}x the one at 0`);
}

async function measure(count: number, site: SiteModel, rule: ReturnType<typeof compileRuleSource>["rules"][number], gc: () => void): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), "svc-bench-reload-"));
  const file = join(dir, "bench.sqlite");
  try {
    await (await openStore(`sqlite:${file}`)).close(); // the schema
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    await seed(file, count, rule);
    const store = await openStore(`sqlite:${file}`);
    const engine = createRuleEngine({ site, store, clock: { now: () => Date.now() }, timer: () => () => undefined, logDir: join(dir, "logs") });
    let started = performance.now();
    await engine.start();
    const startMs = performance.now() - started;
    started = performance.now();
    await engine.runtime.siteChecked();
    const siteChecksMs = performance.now() - started;
    gc();
    const heapDelta = process.memoryUsage().heapUsed - heapBefore;
    for (let i = 0; i < 3; i++) await onePut(engine, store); // warm-up
    const partialMs = await median(21, () => onePut(engine, store));
    const fullMs = await median(3, async () => void (await engine.runtime.reload()));
    await engine.stop();
    await store.close();
    return { rules: count, startMs, siteChecksMs, partialMs, fullMs, heapDelta };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One rule changed through the rule service (its store write and its change-set reload). */
let puts = 0;
async function onePut(engine: RuleEngine, store: Store): Promise<void> {
  const [first] = (await store.rules.list({ offset: 0, limit: 1 })).items;
  const id = first?.id ?? (await engine.service.create({ name: `bench ${++puts}`, description: "" })).id;
  await engine.service.update(id, { priority: ++puts % 50 });
}

/** `count` rows of the one compiled rule, named apart, inserted in one transaction. */
async function seed(file: string, count: number, rule: ReturnType<typeof compileRuleSource>["rules"][number]): Promise<void> {
  if (count === 0) return;
  const db = knex(sqliteKnexConfig(file));
  const at = new Date().toISOString();
  const text = { trigger: JSON.stringify(rule.trigger_config), flow: JSON.stringify(rule.flow_json), nodes: JSON.stringify(rule.nodes_json) };
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `${rule.name} ${i + 1}`,
    description: rule.description,
    enabled: true,
    priority: rule.priority,
    cooldown_ms: rule.cooldown_ms,
    trigger_config: text.trigger,
    flow_json: text.flow,
    nodes_json: text.nodes,
    created_at: at,
    updated_at: at,
  }));
  await db.transaction((tx) => tx.batchInsert("rules", rows, 50));
  await db.destroy();
}

async function median(times: number, run: () => Promise<void>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1]!;
}

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
}
