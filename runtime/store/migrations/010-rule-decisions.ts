// Why rules did not run (issue 18.4): the scheduler's suppressions, aggregated into one record
// per run of repeats of one kind for one rule (runtime/decisions/). Runtime state, not
// configuration, like rule_cooldowns: kept apart from `rules`, deleted with the rule, and at most a
// bounded number per rule (the writer prunes the oldest in the same transaction). Times are epoch
// milliseconds, so ordering and the cursor compare numbers on both databases. rule_id is no
// foreign key, as in rule_history: the rule store deletes the records itself.
import type { Migration } from "./migration.js";

export const ruleDecisions: Migration = {
  name: "010-rule-decisions",
  async up(db) {
    await db.schema.createTable("rule_decisions", (t) => {
      t.bigIncrements("id").primary();
      t.integer("rule_id").notNullable();
      t.text("kind").notNullable();
      t.bigInteger("count").notNullable();
      t.bigInteger("first_at").notNullable();
      t.bigInteger("last_at").notNullable();
      // The last trigger point considered: all three null, or none.
      t.integer("point_instance").nullable();
      t.text("point_type").nullable();
      t.integer("point").nullable();
      t.text("point_name").nullable();
      t.double("value").nullable();
      t.text("context").nullable();
      t.index(["rule_id", "last_at", "id"]);
      t.index(["rule_id", "id"]);
    });
  },
  async down(db) {
    await db.schema.dropTable("rule_decisions");
  },
};
