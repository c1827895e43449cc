// A fresh database per measured run, seeded directly (not through the API: seeding is not what
// is measured): the store's own open runs the migrations, then the N rules go in with batch
// inserts in one transaction. SQLite: a file in a temporary folder. PostgreSQL: a schema of its
// own, chosen through the connection's search_path (as test/store/backends.ts isolates tests),
// dropped afterwards. The benchmark reads rule_history through a plain knex of its own.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import knex, { type Knex } from "knex";
import type { CompiledRule } from "../../compiler/index.js";
import { timestampOf, toJsonText } from "../../runtime/store/columns.js";
import { openStore } from "../../runtime/store/open-store.js";
import { sqliteKnexConfig } from "../../runtime/store/sqlite-client.js";

export type StoreKind = "sqlite" | "postgres";

export interface ScaleDatabase {
  kind: StoreKind;
  /** SVC_DB_URL for the service. */
  url: string;
  /** The service's folder of local state (its own for each run). */
  varDir: string;
  /** The benchmark's own connection, for reading rule_history while the service runs. */
  reader: Knex;
  /** Closes the reader, drops the schema or removes the folder. */
  cleanup(): Promise<void>;
}

/** True when a PostgreSQL server answers at `url` within `timeoutMs`. */
export async function postgresAnswers(url: string, timeoutMs = 2000): Promise<boolean> {
  const probe = knex({ client: "pg", connection: { connectionString: url, connectionTimeoutMillis: timeoutMs }, pool: { min: 0, max: 1 } });
  try {
    await probe.raw("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await probe.destroy();
  }
}

export async function createScaleDatabase(kind: StoreKind, pgUrl: string, label: string): Promise<ScaleDatabase> {
  const dir = await mkdtemp(join(tmpdir(), `svc-bench-scale-${label}-`));
  const varDir = join(dir, "var");
  if (kind === "sqlite") {
    const file = join(dir, "svc.sqlite");
    const reader = knex(sqliteKnexConfig(file));
    return {
      kind,
      url: `sqlite:${file}`,
      varDir,
      reader,
      async cleanup() {
        await reader.destroy();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `svc_bench_scale_${process.pid}_${Date.now()}_${label.replace(/\W/g, "_")}`;
  const admin = knex({ client: "pg", connection: pgUrl, pool: { min: 0, max: 1 } });
  await admin.raw("create schema ??", [schema]);
  const url = `${pgUrl}${pgUrl.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const reader = knex({ client: "pg", connection: { connectionString: url }, pool: { min: 0, max: 2 } });
  return {
    kind,
    url,
    varDir,
    reader,
    async cleanup() {
      await reader.destroy();
      await admin.raw("drop schema if exists ?? cascade", [schema]);
      await admin.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Stores `count` enabled copies of `rule`, named `<name> #<i>`; returns the seconds it took. */
export async function seedRules(database: ScaleDatabase, rule: CompiledRule, count: number): Promise<number> {
  const started = performance.now();
  // The store's own open brings the schema up to date; closed before the service opens it.
  await (await openStore(database.url)).close();
  if (count === 0) return (performance.now() - started) / 1000;
  const at = timestampOf(new Date());
  const shared = {
    description: rule.description,
    enabled: true,
    priority: rule.priority,
    cooldown_ms: rule.cooldown_ms,
    trigger_config: toJsonText(rule.trigger_config, "rules.trigger_config"),
    flow_json: toJsonText(rule.flow_json, "rules.flow_json"),
    nodes_json: toJsonText(rule.nodes_json, "rules.nodes_json"),
    created_at: at,
    updated_at: at,
  };
  const rows = Array.from({ length: count }, (_, i) => ({ name: `${rule.name} #${i + 1}`, ...shared }));
  // knex writes a SQLite batch as one compound SELECT: at most 500 terms.
  // batchInsert runs every chunk in one transaction of its own.
  await database.reader.batchInsert("rules", rows, database.kind === "sqlite" ? 400 : 1000).catch((error: Error) => {
    throw new Error(`seeding ${count} rules failed: ${error.message.slice(-300)}`); // not the whole statement
  });
  const [stored] = await database.reader("rules").where({ enabled: true }).count({ n: "*" });
  if (Number(stored?.n) !== count) throw new Error(`seeded ${count} rules but the store holds ${String(stored?.n)} enabled ones`);
  return (performance.now() - started) / 1000;
}
