// The migrations in order, as a knex migration source: nothing is looked up on disk.
import type { Knex } from "knex";
import { rules } from "./001-rules.js";
import { ruleHistory } from "./002-rule-history.js";
import { pointHistory } from "./003-point-history.js";
import { auditEvents } from "./004-audit-events.js";
import { covariates } from "./005-covariates.js";
import { processing } from "./006-processing.js";
import { ruleCooldowns } from "./007-rule-cooldowns.js";
import { uniqueRuleNames } from "./008-unique-rule-names.js";
import { revisionColumns } from "./009-revision-columns.js";
import { ruleDecisions } from "./010-rule-decisions.js";
import type { Migration, MigrationContext } from "./migration.js";

export const MIGRATIONS: readonly Migration[] = [rules, ruleHistory, pointHistory, auditEvents, covariates, processing, ruleCooldowns, uniqueRuleNames, revisionColumns, ruleDecisions];

/** The migrations as a knex migration source; `context` hears what they change in the data. */
export function migrationSourceOf(context?: MigrationContext): Knex.MigrationSource<Migration> {
  return {
    getMigrations: async () => [...MIGRATIONS],
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({ up: (db: Knex) => migration.up(db, context), down: (db: Knex) => migration.down(db) }),
  };
}

export const migrationSource: Knex.MigrationSource<Migration> = migrationSourceOf();
