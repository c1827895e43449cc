// The audit log: one row per event, append-only. The database itself refuses UPDATE, DELETE
// (and TRUNCATE on PostgreSQL), so no code path of the service, nor a hand at a SQL prompt
// short of dropping the triggers, can rewrite the chain.
import type { Knex } from "knex";
import type { Migration } from "./migration.js";

/** The message both databases raise; tests and operators look for it. */
export const AUDIT_APPEND_ONLY_MESSAGE = "audit_events is append-only";

export const auditEvents: Migration = {
  name: "004-audit-events",
  async up(db) {
    // `event_json` holds the exact canonical JSON the digest was computed over (without the
    // digest), so the chain can be checked from the table alone. The other columns are copies
    // of its fields for the query filters; `occurred_at` is epoch milliseconds.
    await db.schema.createTable("audit_events", (t) => {
      t.bigInteger("sequence").primary();
      t.bigInteger("occurred_at").notNullable();
      t.text("tenant_id").notNullable();
      t.text("project_id").notNullable();
      t.text("action").notNullable();
      t.text("resource_kind").notNullable();
      t.text("resource_id").nullable();
      t.text("subject_id").notNullable();
      t.text("event_json").notNullable();
      t.text("evidence_digest").notNullable();
      t.index(["tenant_id", "project_id", "sequence"]);
      t.index(["tenant_id", "project_id", "occurred_at"]);
      t.index(["tenant_id", "project_id", "action"]);
      t.index(["tenant_id", "project_id", "resource_kind", "resource_id"]);
      t.index(["tenant_id", "project_id", "subject_id"]);
    });
    await (isPostgres(db) ? refuseChangesOnPostgres(db) : refuseChangesOnSqlite(db));
  },
  async down(db) {
    if (isPostgres(db)) {
      await db.schema.dropTable("audit_events");
      await db.raw("drop function audit_events_append_only()");
    } else {
      await db.raw("drop trigger audit_events_no_update");
      await db.raw("drop trigger audit_events_no_delete");
      await db.schema.dropTable("audit_events");
    }
  },
};

function isPostgres(db: Knex): boolean {
  return db.client.dialect === "postgresql";
}

/** The SQLite triggers, by name: the statement each refuses and how it is made (runtime/store/audit-guards.ts compares). */
export const SQLITE_AUDIT_TRIGGERS: readonly { name: string; refuses: string; sql: string }[] = [
  ["audit_events_no_update", "UPDATE"],
  ["audit_events_no_delete", "DELETE"],
].map(([name, event]) => ({ name: name!, refuses: event!, sql: `create trigger ${name} before ${event} on audit_events begin select raise(abort, '${AUDIT_APPEND_ONLY_MESSAGE}'); end` }));

async function refuseChangesOnSqlite(db: Knex): Promise<void> {
  for (const trigger of SQLITE_AUDIT_TRIGGERS) await db.raw(trigger.sql);
}

// One function for the row triggers (UPDATE, DELETE) and the statement trigger (TRUNCATE, which
// fires no row triggers).
async function refuseChangesOnPostgres(db: Knex): Promise<void> {
  await db.raw(`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '${AUDIT_APPEND_ONLY_MESSAGE}' using errcode = 'restrict_violation', detail = tg_op || ' refused';
    end
    $$`);
  await db.raw("create trigger audit_events_no_update_delete before update or delete on audit_events for each row execute function audit_events_append_only()");
  await db.raw("create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_events_append_only()");
}
