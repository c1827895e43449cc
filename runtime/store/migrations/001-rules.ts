// Rules. JSON columns are text holding JSON on both databases (jsonb would reorder keys of the
// editor document); timestamps are timestamptz on PostgreSQL and RFC 3339 text on SQLite.
import type { Migration } from "./migration.js";

export const rules: Migration = {
  name: "001-rules",
  async up(db) {
    // increments() is AUTOINCREMENT on SQLite: an id is never reused, so the history of a
    // deleted rule is never attached to a new one.
    await db.schema.createTable("rules", (t) => {
      t.increments("id").primary();
      t.text("name").notNullable();
      t.text("description").notNullable().defaultTo("");
      t.boolean("enabled").notNullable().defaultTo(false);
      t.integer("priority").notNullable().defaultTo(0);
      t.integer("cooldown_ms").notNullable().defaultTo(0);
      t.text("trigger_config").nullable();
      t.text("flow_json").nullable();
      t.text("nodes_json").notNullable().defaultTo("{}");
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.timestamp("updated_at", { useTz: true }).notNullable();
    });
  },
  async down(db) {
    await db.schema.dropTable("rules");
  },
};
