// Rule names are unique (issue 16.20): sync and import match files to rules by name, so two rules
// of one name make a pack unsyncable. The unique index makes the rule race-free on both
// databases; names compare exactly (both compare text code point by code point here).
// A database that already holds duplicates is not refused (the service drives equipment, and a
// name is only for humans): the rule with the lowest id keeps the name, each later one is renamed
// `<name> (#<id>)`, and every rename is reported through `notice` (start-up logs it).
import type { Knex } from "knex";
import type { Migration, MigrationContext } from "./migration.js";

const NAME_MAX = 200;
export const RULE_NAME_INDEX = "rules_name_unique";

export const uniqueRuleNames: Migration = {
  name: "008-unique-rule-names",
  async up(db, context) {
    await renameDuplicates(db, context);
    await db.schema.alterTable("rules", (t) => t.unique(["name"], { indexName: RULE_NAME_INDEX }));
  },
  async down(db) {
    // The renames stay: the old names are in the start-up log that reported them.
    await db.schema.alterTable("rules", (t) => t.dropUnique(["name"], RULE_NAME_INDEX));
  },
};

async function renameDuplicates(db: Knex, context: MigrationContext | undefined): Promise<void> {
  const rows = (await db("rules").select("id", "name").orderBy("id")) as { id: number | string; name: string }[];
  const taken = new Set(rows.map((row) => row.name));
  const kept = new Set<string>();
  for (const row of rows) {
    if (!kept.has(row.name)) {
      kept.add(row.name);
      continue;
    }
    const id = Number(row.id);
    const renamed = freeName(row.name, id, taken);
    taken.add(renamed);
    await db("rules").where({ id: row.id }).update({ name: renamed });
    context?.notice(`rule ${id} was renamed from ${JSON.stringify(row.name)} to ${JSON.stringify(renamed)}: rule names are now unique and an earlier rule has that name (migration 008)`);
  }
}

/** `<name> (#<id>)`, shortened to the name limit, with more `#<id>` until no rule has it. */
function freeName(name: string, id: number, taken: ReadonlySet<string>): string {
  let suffix = ` (#${id})`;
  for (;;) {
    const candidate = `${[...name].slice(0, NAME_MAX - suffix.length).join("")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
    suffix = ` (#${id})${suffix}`;
  }
}
