// The cooldown's memory in the `rule_cooldowns` table (migrations/007-rule-cooldowns.ts).
import type { Knex } from "knex";
import { toInteger } from "./columns.js";
import { ruleIdSlices } from "./rule-id-slices.js";
import type { CooldownStore } from "./store.js";

export function knexCooldownStore(db: () => Knex): CooldownStore {
  return {
    async record(ruleId, at) {
      // One statement on both databases; a late write of an older time (another connection) loses.
      await db().raw(
        "insert into rule_cooldowns (rule_id, acted_at) values (?, ?) on conflict (rule_id) do update set acted_at = excluded.acted_at where excluded.acted_at > rule_cooldowns.acted_at",
        [ruleId, at],
      );
    },

    async list() {
      return toMap((await db()("rule_cooldowns").select("rule_id", "acted_at").orderBy("rule_id")) as Record<string, unknown>[]);
    },

    async listFor(ruleIds) {
      const kept = new Map<number, number>();
      for (const slice of ruleIdSlices(ruleIds)) {
        const rows = (await db()("rule_cooldowns").select("rule_id", "acted_at").whereIn("rule_id", slice)) as Record<string, unknown>[];
        for (const [id, acted] of toMap(rows)) kept.set(id, acted);
      }
      return kept;
    },
  };
}

function toMap(rows: Record<string, unknown>[]): Map<number, number> {
  return new Map(rows.map((row) => [toInteger(row.rule_id, "rule_cooldowns.rule_id"), toInteger(row.acted_at, "rule_cooldowns.acted_at")]));
}
