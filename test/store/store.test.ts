// The store suite on SQLite (always) and on PostgreSQL. The PostgreSQL run is registered only
// when SVC_TEST_PG_URL names a server (.ci/run sets it when one answers): this project has no
// skipped tests, and a machine without PostgreSQL still runs the whole suite on SQLite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import knex from "knex";
import { openStore } from "../../runtime/store/open-store.js";
import { describeStore } from "./describe-store.js";

describeStore("SQLite (a file)", sqliteFiles());

const pgUrl = process.env.SVC_TEST_PG_URL;
if (pgUrl) describeStore("PostgreSQL", postgresSchemas(pgUrl));

function sqliteFiles() {
  let dir: string | undefined;
  return {
    open(key: string) {
      dir ??= mkdtempSync(join(tmpdir(), "svc-store-"));
      return openStore(`sqlite:${join(dir, `${key}.sqlite`)}`);
    },
    async cleanup() {
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

// One schema per database key, chosen through the connection's search_path, so parallel runs
// on one server never meet; all are dropped at the end.
function postgresSchemas(url: string) {
  const admin = knex({ client: "pg", connection: url, pool: { min: 0, max: 1 } });
  const prefix = `svc_test_${process.pid}_${Date.now()}`;
  const schemas = new Set<string>();
  return {
    async open(key: string) {
      const schema = `${prefix}_${key}`;
      await admin.raw("create schema if not exists ??", [schema]);
      schemas.add(schema);
      const options = encodeURIComponent(`-c search_path=${schema}`);
      return openStore(`${url}${url.includes("?") ? "&" : "?"}options=${options}`);
    },
    async cleanup() {
      for (const schema of schemas) await admin.raw("drop schema if exists ?? cascade", [schema]);
      await admin.destroy();
    },
  };
}
