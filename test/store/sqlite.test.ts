// What is particular to SQLite: the pragmas, the single connection, IMMEDIATE transactions,
// the database file's directory and :memory: databases.
import { expect } from "chai";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import knex, { type Knex } from "knex";
import { StoreCorruptionError } from "../../runtime/store/columns.js";
import { openStore } from "../../runtime/store/open-store.js";
import { sqliteKnexConfig } from "../../runtime/store/sqlite-client.js";
import type { Store } from "../../runtime/store/store.js";
import { T0, T1 } from "./fixtures.js";

async function pragma(db: Knex, name: string): Promise<unknown> {
  const rows: Record<string, unknown>[] = await db.raw(`PRAGMA ${name}`);
  return Object.values(rows[0] ?? {})[0];
}

describe("store on SQLite", () => {
  let dir: string;
  const opened: { destroy(): Promise<void> }[] = [];
  const keep = <T extends { destroy(): Promise<void> }>(db: T): T => (opened.push(db), db);
  const stores: Store[] = [];
  const open = async (url: string) => {
    const store = await openStore(url);
    stores.push(store);
    return store;
  };
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-sqlite-"))));
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const db of opened.splice(0)) await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("every connection to a file gets foreign_keys=ON, journal_mode=WAL, synchronous=FULL, busy_timeout=5000", async () => {
    const db = keep(knex(sqliteKnexConfig(join(dir, "svc.sqlite"))));
    expect(await pragma(db, "foreign_keys")).to.equal(1);
    expect(await pragma(db, "journal_mode")).to.equal("wal");
    expect(await pragma(db, "synchronous")).to.equal(2);
    expect(await pragma(db, "busy_timeout")).to.equal(5000);
  });

  it("an in-memory database gets the same pragmas but keeps its memory journal", async () => {
    const db = keep(knex(sqliteKnexConfig(":memory:")));
    expect(await pragma(db, "foreign_keys")).to.equal(1);
    expect(await pragma(db, "journal_mode")).to.equal("memory");
    expect(await pragma(db, "synchronous")).to.equal(2);
  });

  it("openStore leaves the database file in WAL mode, in a directory it creates", async () => {
    const file = join(dir, "var", "data", "svc.sqlite");
    await open(`sqlite:${file}`);
    expect(existsSync(file)).to.equal(true);
    const other = keep(knex({ client: "sqlite3", connection: { filename: file }, useNullAsDefault: true }));
    expect(await pragma(other, "journal_mode")).to.equal("wal");
  });

  it("sqlite::memory: opens a private, migrated database per store", async () => {
    const a = await open("sqlite::memory:");
    const b = await open("sqlite::memory:");
    const rule = await a.rules.create({ name: "a", description: "" }, T0);
    expect(a.dialect).to.equal("sqlite");
    expect(await a.rules.get(rule.id)).to.deep.equal(rule);
    expect(await b.rules.listAll()).to.deep.equal([]);
  });

  it("a transaction takes the write lock at BEGIN, so reading then writing never fails when another connection writes meanwhile", async () => {
    const url = `sqlite:${join(dir, "svc.sqlite")}`;
    const a = await open(url);
    const b = await open(url);
    const rule = await a.rules.create({ name: "original", description: "" }, T0);
    let otherWrite: Promise<unknown> | undefined;
    await a.transaction(async (tx) => {
      const seen = await tx.rules.get(rule.id);
      // A deferred transaction would let this write through and then fail with SQLITE_BUSY below.
      otherWrite = b.rules.update(rule.id, { name: "renamed by b" }, T1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.rules.update(rule.id, { description: `${seen?.name} seen by a` }, T1);
    });
    await otherWrite;
    expect(await a.rules.get(rule.id)).to.include({ name: "renamed by b", description: "original seen by a" });
  });

  it("a bad column is named the same by every read of the rule (one row mapping): get, listRunnable, getTrigger", async () => {
    const file = join(dir, "svc.sqlite");
    const store = await open(`sqlite:${file}`);
    const rule = await store.rules.create({ name: "a", description: "" }, T0);
    const other = keep(knex({ client: "sqlite3", connection: { filename: file }, useNullAsDefault: true }));
    await other("rules").where({ id: rule.id }).update({ trigger_config: "{not json" });
    const messages = await Promise.all([store.rules.get(rule.id), store.rules.listRunnable(), store.rules.getTrigger(rule.id)].map((read) => read.then(() => "read", (error: Error) => error.message)));
    expect(messages[0]).to.contain(`rules.trigger_config (id ${rule.id}): malformed JSON`);
    expect(new Set(messages).size, messages.join("\n")).to.equal(1);
  });

  it("malformed JSON in a column is an internal error that names the column and the row", async () => {
    const file = join(dir, "svc.sqlite");
    const store = await open(`sqlite:${file}`);
    const rule = await store.rules.create({ name: "a", description: "" }, T0);
    const other = keep(knex({ client: "sqlite3", connection: { filename: file }, useNullAsDefault: true }));
    await other("rules").where({ id: rule.id }).update({ flow_json: "{not json" });
    let seen: unknown;
    await store.rules.get(rule.id).catch((error: unknown) => (seen = error));
    expect(seen).to.be.instanceOf(StoreCorruptionError).with.property("message").that.contains(`rules.flow_json (id ${rule.id}): malformed JSON`);
  });
});
