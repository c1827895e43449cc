// Revisions are integers up to 2^53 - 1 (common.schema.json Revision), and a processing call's
// outcome records the revisions the caller expected, whatever they were. PostgreSQL's `integer`
// is 32-bit, so an expected revision from 2^31 up failed the insert (a 500 where a mismatch is a
// 409); `bigint` holds them all. SQLite's integer is already 64-bit.
import type { Migration } from "./migration.js";

const TABLES = ["processing_outcomes", "derived_data"];

export const revisionColumns: Migration = {
  name: "009-revision-columns",
  async up(db) {
    if (db.client.dialect !== "postgresql") return;
    for (const table of TABLES) await db.raw("alter table ?? alter column task_revision type bigint, alter column binding_revision type bigint", [table]);
  },
  async down(db) {
    if (db.client.dialect !== "postgresql") return;
    for (const table of TABLES) await db.raw("alter table ?? alter column task_revision type integer, alter column binding_revision type integer", [table]);
  },
};
