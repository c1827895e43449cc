// `npm run bench -- sync`: the time of `svc sync PACK --confirmed` of a 500-rule pack (the demo
// pack's DSL rules, copied under new names) into an empty service (svc serve's composition root,
// SQLite file, demo site), issue 19.1. Baseline, in the same run on a second empty service: the
// requests the command sent before the batch endpoint (per rule: POST /api/rules/validate, POST
// /api/rules for a stub, PUT of its flow; then POST /api/scheduler/reload), replayed with the same
// API client from the same compiled rules. `svc sync` end to end includes its local compile of
// the 500 files and the child process start; the replay does not, so the ratio understates the gain.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createApiClient } from "../cli/api/api-client.js";
import { compileWithSites } from "../cli/compile-with-sites.js";
import { collectSourceFiles } from "../cli/source-files.js";
import { mintToken } from "../runtime/auth/mint-token.js";
import { startService, type RunningService } from "../runtime/main.js";

const RULES = 500;
const SECRET = "a-sync-benchmark-secret-of-more-than-32-bytes";
// This file runs as dist/bench/sync.bench.js.
const HERE = dirname(fileURLToPath(import.meta.url));
const DEMO = join(HERE, "../../examples/packs/demo");
const SVC = join(HERE, "../cli/svc.js");

export async function benchSync(): Promise<void> {
  const pack = writePack();
  try {
    const files = await collectSourceFiles([pack], pack);
    const compiled = (await compileWithSites(files, pack, { kind: "find" })).results.flatMap((r) => r.outputs);
    if (compiled.length !== RULES) throw new Error(`the pack compiled to ${compiled.length} rules, not ${RULES}`);
    console.log(`\nsync: ${RULES} rules (the demo pack's ${readdirSync(join(DEMO, "rules")).filter((f) => f.endsWith(".rule")).length} DSL rules, renamed copies) into an empty service (SQLite file, demo site), loopback`);

    const before = await withService(async (service, token) => {
      const client = createApiClient({ baseUrl: service.url, token, timeoutMs: 600_000 });
      const started = performance.now();
      await client.listRules();
      for (const rule of compiled) await client.validateRule({ flow_json: rule.flow_json as unknown as Record<string, unknown>, trigger_config: rule.metadata!.trigger_config });
      for (const rule of compiled) {
        const { id } = await client.createRule({ name: rule.metadata!.name, description: rule.metadata!.description }, { confirmed: true });
        const { description, priority, cooldown_ms, trigger_config } = rule.metadata!;
        await client.updateRule(id, { description, priority, cooldown_ms, trigger_config, flow_json: rule.flow_json }, { confirmed: true });
      }
      await client.reloadScheduler();
      const ms = performance.now() - started;
      if ((await client.listRules()).length !== RULES) throw new Error("the replay did not create every rule");
      return ms;
    });
    console.log(`  before (per-rule requests, replayed): ${formatSeconds(before)}  (${(RULES * 3 + 2).toLocaleString("en")} requests)`);

    const after = await withService(async (service, token) => {
      const started = performance.now();
      const run = await runSvc(["sync", pack, "--confirmed"], { SVC_BASE_URL: service.url, SVC_ACCESS_TOKEN: token });
      const ms = performance.now() - started;
      if (run.code !== 0) throw new Error(`svc sync failed (${run.code}): ${run.err.slice(0, 2000)}`);
      const client = createApiClient({ baseUrl: service.url, token, timeoutMs: 60_000 });
      if ((await client.listRules()).length !== RULES) throw new Error("svc sync did not create every rule");
      return ms;
    });
    console.log(`  after (svc sync ${RULES} rules --confirmed, end to end, one batch): ${formatSeconds(after)}  (2 requests)`);
    console.log(`  after / before: ${(after / before).toFixed(3)} (${(before / after).toFixed(1)}x faster)`);
  } finally {
    rmSync(pack, { recursive: true, force: true });
  }
}

/** A pack folder: the demo site and RULES copies of its DSL rules, each under its own name. */
function writePack(): string {
  const pack = mkdtempSync(join(tmpdir(), "svc-bench-sync-"));
  writeFileSync(join(pack, "site.yaml"), readFileSync(join(DEMO, "site.yaml")));
  const sources = readdirSync(join(DEMO, "rules")).filter((f) => f.endsWith(".rule")).map((f) => readFileSync(join(DEMO, "rules", f), "utf8"));
  for (let k = 0; k < RULES; k++) {
    const text = sources[k % sources.length]!.replace(/^rule "([^"]+)"/m, (_, name: string) => `rule "${name} #${k}"`);
    writeFileSync(join(pack, `r${String(k).padStart(3, "0")}.rule`), text);
  }
  return pack;
}

async function withService<T>(fn: (service: RunningService, token: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "svc-bench-sync-var-"));
  const env = { PORT: "0", HOST: "127.0.0.1", SVC_VAR_DIR: dir, SVC_DB_URL: `sqlite:${join(dir, "svc.sqlite")}`, SVC_PACK: DEMO, SVC_JWT_SECRET: SECRET, SVC_DATA_PROCESSING: "off", SVC_DEMO_DATA: "off" };
  const service = await startService(env, { info: () => undefined, error: (line) => console.error(line) }, "bench");
  try {
    const token = await mintToken(new TextEncoder().encode(SECRET), { sub: "bench", role: "Engineer", ttlSeconds: 3600 }, Date.now());
    return await fn(service, token);
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The svc binary as a child process (this process's event loop stays free to serve it). */
function runSvc(argv: string[], env: Record<string, string>): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SVC, ...argv], { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, err }));
  });
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
