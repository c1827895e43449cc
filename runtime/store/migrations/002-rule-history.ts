// Execution history. rule_id is deliberately no foreign key: the history of a rule outlives it.
// Ids are int8 on PostgreSQL (executions outnumber 2^31 within months) and stay below 2^53.
import type { Migration } from "./migration.js";

export const ruleHistory: Migration = {
  name: "002-rule-history",
  async up(db) {
    await db.schema.createTable("rule_history", (t) => {
      t.bigIncrements("id").primary();
      t.integer("rule_id").notNullable();
      t.timestamp("started_at", { useTz: true }).notNullable();
      t.timestamp("finished_at", { useTz: true }).notNullable();
      t.text("trigger").notNullable();
      t.boolean("success").notNullable();
      t.text("result").notNullable();
      t.text("error").nullable();
      t.index(["rule_id", "id"]);
    });
  },
  async down(db) {
    await db.schema.dropTable("rule_history");
  },
};
