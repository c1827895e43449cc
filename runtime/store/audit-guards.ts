// Whether the database still refuses changes to audit rows: the append-only triggers of
// migrations/004-audit-events.ts exist, are enabled and are the ones the migration made. Someone
// who can drop or disable them can rewrite the log; the chain shows a rewrite, this shows the way in.
import type { Knex } from "knex";
import type { AuditGuardReport } from "../audit/audit-event.js";
import { AUDIT_APPEND_ONLY_MESSAGE, SQLITE_AUDIT_TRIGGERS } from "./migrations/004-audit-events.js";
import type { Dialect } from "./store.js";

type Row = Record<string, unknown>;

/** The PostgreSQL triggers: pg_trigger.tgtype is ROW 1 | BEFORE 2 | DELETE 8 | UPDATE 16 | TRUNCATE 32. */
const POSTGRES_AUDIT_TRIGGERS = [
  { name: "audit_events_no_update_delete", refuses: "UPDATE and DELETE", tgtype: 1 + 2 + 8 + 16 },
  { name: "audit_events_no_truncate", refuses: "TRUNCATE", tgtype: 2 + 32 },
];

export async function readAuditGuards(db: Knex, dialect: Dialect): Promise<AuditGuardReport> {
  const problems = dialect === "postgres" ? await postgresProblems(db) : await sqliteProblems(db);
  return { intact: problems.length === 0, problems };
}

function notRefused(name: string, state: string, refuses: string): string {
  const are = refuses.includes(" and ") ? "are" : "is";
  return `trigger ${name} is ${state}: ${refuses} of audit rows ${are} not refused`;
}

function redefined(name: string, refuses: string): string {
  return `trigger ${name} is not the one the migration made: ${refuses} of audit rows may not be refused`;
}

async function sqliteProblems(db: Knex): Promise<string[]> {
  const rows: Row[] = await db("sqlite_master").select("name", "sql").where({ type: "trigger", tbl_name: "audit_events" });
  // sqlite_master keeps the statement as written, up to the case of its first keywords and spaces.
  const normal = (sql: unknown) => String(sql).replace(/\s+/g, " ").trim().toLowerCase();
  const problems: string[] = [];
  for (const trigger of SQLITE_AUDIT_TRIGGERS) {
    const row = rows.find((r) => r.name === trigger.name);
    if (row === undefined) problems.push(notRefused(trigger.name, "missing", trigger.refuses));
    else if (normal(row.sql) !== normal(trigger.sql)) problems.push(redefined(trigger.name, trigger.refuses));
  }
  return problems;
}

async function postgresProblems(db: Knex): Promise<string[]> {
  // The table of the connection's search_path, as every other query of the store.
  const rows: Row[] = (
    await db.raw(
      `select t.tgname as name, t.tgenabled as enabled, t.tgtype as type, p.proname as function, p.prosrc as source
         from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where t.tgrelid = to_regclass('audit_events') and not t.tgisinternal`,
    )
  ).rows;
  const problems: string[] = [];
  for (const trigger of POSTGRES_AUDIT_TRIGGERS) {
    const row = rows.find((r) => r.name === trigger.name);
    if (row === undefined) problems.push(notRefused(trigger.name, "missing", trigger.refuses));
    // tgenabled: O fires in ordinary sessions, A always; D is disabled, R fires only on replicas.
    else if (row.enabled === "D") problems.push(notRefused(trigger.name, "disabled", trigger.refuses));
    else if (row.enabled === "R") problems.push(notRefused(trigger.name, "enabled for replicas only", trigger.refuses));
    else if (Number(row.type) !== trigger.tgtype || row.function !== "audit_events_append_only" || !String(row.source).includes(AUDIT_APPEND_ONLY_MESSAGE)) {
      problems.push(redefined(trigger.name, trigger.refuses));
    }
  }
  return problems;
}
