// Point history: one row per sample, keyed by point and epoch milliseconds.
import type { Migration } from "./migration.js";

export const pointHistory: Migration = {
  name: "003-point-history",
  async up(db) {
    await db.schema.createTable("point_history", (t) => {
      t.integer("instance").notNullable();
      t.text("point_type").notNullable();
      t.integer("point").notNullable();
      t.bigInteger("at").notNullable();
      t.double("value").notNullable();
      t.primary(["instance", "point_type", "point", "at"]);
      t.index(["at"]);
    });
  },
  async down(db) {
    await db.schema.dropTable("point_history");
  },
};
