// The cooldown's memory (issue 16.10): per rule, the trigger time (epoch milliseconds) of its last
// execution that succeeded with an action, written only for rules that have a cooldown. Runtime
// state, not configuration: apart from `rules`, so exports, audit and updated_at never see it.
import type { Migration } from "./migration.js";

export const ruleCooldowns: Migration = {
  name: "007-rule-cooldowns",
  async up(db) {
    await db.schema.createTable("rule_cooldowns", (t) => {
      t.integer("rule_id").primary();
      t.bigInteger("acted_at").notNullable();
    });
  },
  async down(db) {
    await db.schema.dropTable("rule_cooldowns");
  },
};
