// The databases the store suites run on: SQLite files (always) and PostgreSQL schemas (when
// SVC_TEST_PG_URL names a server; .ci/run sets it when one answers). This project has no skipped
// tests: a machine without PostgreSQL still runs every suite on SQLite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import knex, { type Knex } from "knex";
import { openStore, type OpenStoreOptions } from "../../runtime/store/open-store.js";
import { sqliteKnexConfig } from "../../runtime/store/sqlite-client.js";
import type { Store } from "../../runtime/store/store.js";

export interface DatabaseBackend {
  /** A store on the database named `key`: a new, empty one the first time, the same one after. */
  open(key: string, options?: OpenStoreOptions): Promise<Store>;
  /** The store URL of `key` (open it first), for a child process to open. */
  url(key: string): string;
  /** A plain knex on the database of `key` (open it first), bypassing the store; closed by cleanup. */
  connect(key: string): Knex;
  /** Closes the plain connections and removes every database the backend made. */
  cleanup(): Promise<void>;
}

/** The backends to run on, by name: SQLite always, PostgreSQL when configured. */
export function databaseBackends(): [string, DatabaseBackend][] {
  const pgUrl = process.env.SVC_TEST_PG_URL;
  return [["SQLite (a file)", sqliteFiles()], ...(pgUrl ? [["PostgreSQL", postgresSchemas(pgUrl)] as [string, DatabaseBackend]] : [])];
}

export function sqliteFiles(): DatabaseBackend {
  let dir: string | undefined;
  const connections: Knex[] = [];
  const fileOf = (key: string) => {
    dir ??= mkdtempSync(join(tmpdir(), "svc-store-"));
    return join(dir, `${key}.sqlite`);
  };
  return {
    open: (key, options) => openStore(`sqlite:${fileOf(key)}`, options),
    url: (key) => `sqlite:${fileOf(key)}`,
    connect(key) {
      const db = knex(sqliteKnexConfig(fileOf(key)));
      connections.push(db);
      return db;
    },
    async cleanup() {
      for (const db of connections.splice(0)) await db.destroy();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

// One schema per database key, chosen through the connection's search_path, so parallel runs
// on one server never meet; all are dropped at the end.
export function postgresSchemas(url: string): DatabaseBackend {
  const admin = knex({ client: "pg", connection: url, pool: { min: 0, max: 1 } });
  const prefix = `svc_test_${process.pid}_${Date.now()}`;
  const schemas = new Set<string>();
  const connections: Knex[] = [];
  const urlOf = (key: string) => `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${prefix}_${key}`)}`;
  return {
    async open(key, options) {
      const schema = `${prefix}_${key}`;
      await admin.raw("create schema if not exists ??", [schema]);
      schemas.add(schema);
      return openStore(urlOf(key), options);
    },
    url: urlOf,
    connect(key) {
      const db = knex({ client: "pg", connection: { connectionString: urlOf(key) }, pool: { min: 0, max: 2 } });
      connections.push(db);
      return db;
    },
    async cleanup() {
      for (const db of connections.splice(0)) await db.destroy();
      for (const schema of schemas) await admin.raw("drop schema if exists ?? cascade", [schema]);
      await admin.destroy();
    },
  };
}
