// Data processing: one outcome row per processing call, and the accepted output of produced and
// fallback calls as derived data (the document's exact JSON, with copies of the fields the reads
// filter on). Times are epoch milliseconds. Both tables are only appended to by the store.
import type { Migration } from "./migration.js";

export const processing: Migration = {
  name: "006-processing",
  async up(db) {
    await db.schema.createTable("processing_outcomes", (t) => {
      t.bigIncrements("id").primary();
      t.text("request_id").notNullable();
      t.text("task_id").notNullable();
      t.integer("task_revision").notNullable();
      t.text("binding_id").notNullable();
      t.integer("binding_revision").notNullable();
      t.text("outcome").notNullable();
      t.text("code").nullable();
      t.bigInteger("at").notNullable();
      t.text("result_id").nullable().unique();
      t.text("input_digest").nullable();
      t.text("details").nullable();
      t.index(["task_id", "id"]);
      t.index(["request_id"]);
    });
    // `sequence` orders the pages; result_id is the document's identity.
    await db.schema.createTable("derived_data", (t) => {
      t.bigIncrements("sequence").primary();
      t.text("result_id").notNullable().unique();
      t.text("request_id").notNullable();
      t.text("task_id").notNullable();
      t.integer("task_revision").notNullable();
      t.text("binding_id").notNullable();
      t.integer("binding_revision").notNullable();
      t.bigInteger("accepted_at").notNullable();
      t.bigInteger("expires_at").notNullable();
      t.text("processing_status").notNullable();
      t.text("input_digest").notNullable();
      t.text("document").notNullable();
      t.index(["task_id", "sequence"]);
    });
  },
  async down(db) {
    await db.schema.dropTable("derived_data");
    await db.schema.dropTable("processing_outcomes");
  },
};
