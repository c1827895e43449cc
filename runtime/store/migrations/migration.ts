// One schema migration, kept in code so the store migrates the same from dist/ as from source.
import type { Knex } from "knex";

export interface Migration {
  /** Sorts the migrations and names them in the knex_migrations table; never renamed. */
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}
