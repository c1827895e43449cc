// Opens the database named by SVC_DB_URL, brings its schema up to date and returns the Store.
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import knex from "knex";
import { createKnexStore } from "./knex-store.js";
import { migrationSourceOf } from "./migrations/index.js";
import { sqliteKnexConfig } from "./sqlite-client.js";
import { parseDbUrl } from "./store-config.js";
import type { Store } from "./store.js";

export interface OpenStoreOptions {
  /** Hears what a migration changed in the data (a renamed duplicate rule name); start-up logs it. */
  onNotice?: (line: string) => void;
}

export async function openStore(url: string, options: OpenStoreOptions = {}): Promise<Store> {
  const config = parseDbUrl(url);
  if (config.dialect === "sqlite" && config.filename !== ":memory:") await mkdir(dirname(config.filename), { recursive: true });
  const db = knex(
    config.dialect === "sqlite"
      ? sqliteKnexConfig(config.filename)
      : { client: "pg", connection: { connectionString: config.connectionString }, pool: { min: 0, max: 10 } },
  );
  try {
    await db.migrate.latest({ migrationSource: migrationSourceOf({ notice: (line) => options.onNotice?.(line) }) });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return createKnexStore(db, config.dialect);
}
