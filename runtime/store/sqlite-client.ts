// SQLite through knex, with two fixes for the pitfalls of knex 3 + sqlite3 (PITFALLS.md):
// transactions begin IMMEDIATE, and every new connection gets the pragmas the store relies on.
import { createRequire } from "node:module";
import type { Knex } from "knex";

// knex begins SQLite transactions DEFERRED, with no option to change it. A deferred transaction
// that reads and then writes fails with SQLITE_BUSY, without waiting, when another connection
// wrote in between; IMMEDIATE takes the write lock at BEGIN, where busy_timeout waits for it.
// knex accepts a client class; these two are its own SQLite classes (knex is pinned).
const require = createRequire(import.meta.url);
const KnexSqliteClient: new (config: Knex.Config) => object = require("knex/lib/dialects/sqlite3/index.js");
const KnexSqliteTransaction: new (...args: unknown[]) => { query(connection: unknown, sql: string): Promise<unknown> } = require(
  "knex/lib/dialects/sqlite3/execution/sqlite-transaction.js",
);

class ImmediateTransaction extends KnexSqliteTransaction {
  begin(connection: unknown): Promise<unknown> {
    return this.query(connection, "BEGIN IMMEDIATE;");
  }
}

class ImmediateSqliteClient extends KnexSqliteClient {
  transaction(container: unknown, config: unknown, outerTransaction: unknown): unknown {
    return new ImmediateTransaction(this, container, config, outerTransaction);
  }
}

/** The knex configuration of a SQLite database (`filename` may be ":memory:"). */
export function sqliteKnexConfig(filename: string): Knex.Config {
  const inMemory = filename === ":memory:";
  return {
    client: ImmediateSqliteClient as unknown as typeof Knex.Client,
    connection: { filename },
    useNullAsDefault: true,
    // One connection: SQLite has one writer anyway, and a :memory: database lives and dies with
    // its connection (never reaped as idle). Inside a transaction, use only the transaction's store.
    pool: {
      min: 1,
      max: 1,
      idleTimeoutMillis: Number.MAX_SAFE_INTEGER,
      afterCreate: (connection: RawSqliteConnection, done: (error: Error | null, connection: unknown) => void) => applyPragmas(connection, inMemory, done),
    },
  };
}

/** The part of a node-sqlite3 `Database` the pragmas need. */
interface RawSqliteConnection {
  exec(sql: string, callback: (error: Error | null) => void): void;
  get(sql: string, callback: (error: Error | null, row: Record<string, unknown> | undefined) => void): void;
}

/**
 * busy_timeout: wait up to 5 s for another connection's lock instead of failing at once.
 * foreign_keys: SQLite ignores REFERENCES unless told. synchronous=FULL: a committed row (the
 * audit log) survives power loss. WAL: readers do not block the writer (not for :memory:).
 */
function applyPragmas(connection: RawSqliteConnection, inMemory: boolean, done: (error: Error | null, connection: unknown) => void): void {
  connection.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;", (error) => {
    if (error || inMemory) return done(error, connection);
    connection.get("PRAGMA journal_mode = WAL", (walError, row) => {
      // SQLite answers with the mode it is in; it stays in the old one where WAL is impossible.
      const mode = row?.["journal_mode"];
      done(walError ?? (mode === "wal" ? null : new Error(`SQLite refused journal_mode=WAL (the mode is ${String(mode)})`)), connection);
    });
  });
}
