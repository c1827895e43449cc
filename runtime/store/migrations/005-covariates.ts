// Covariate datasets: one row per (dataset, field, target time, issue), times in epoch
// milliseconds. The primary key serves the reads by (dataset, field, target time range).
import type { Migration } from "./migration.js";

export const covariates: Migration = {
  name: "005-covariates",
  async up(db) {
    await db.schema.createTable("covariate_rows", (t) => {
      t.text("dataset").notNullable();
      t.text("field").notNullable();
      t.bigInteger("target_time").notNullable();
      t.bigInteger("issued_at").notNullable();
      t.double("value").notNullable();
      t.bigInteger("loaded_at").notNullable();
      t.primary(["dataset", "field", "target_time", "issued_at"]);
    });
  },
  async down(db) {
    await db.schema.dropTable("covariate_rows");
  },
};
