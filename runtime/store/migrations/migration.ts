// One schema migration, kept in code so the store migrates the same from dist/ as from source.
import type { Knex } from "knex";

/** What a migration may tell the operator: how it changed data, not only the schema. */
export interface MigrationContext {
  notice(line: string): void;
}

export interface Migration {
  /** Sorts the migrations and names them in the knex_migrations table; never renamed. */
  name: string;
  up(db: Knex, context?: MigrationContext): Promise<void>;
  down(db: Knex): Promise<void>;
}
