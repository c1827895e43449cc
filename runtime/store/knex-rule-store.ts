// Rules in the `rules` table (migrations/001-rules.ts).
import type { Knex } from "knex";
import type { FlowJson, NodesJson, TriggerConfig } from "../../generated/types.js";
import {
  parseJsonText,
  parseNullableJsonText,
  timestampOf,
  toBoolean,
  toInteger,
  toJsonText,
  toNullableJsonText,
  toText,
  toTimestamp,
} from "./columns.js";
import { flowVersion as formatFlowVersion } from "./flow-version.js";
import { isIdInRange } from "./id-ranges.js";
import { ruleIdSlices } from "./rule-id-slices.js";
import { RULE_NAME_INDEX } from "./migrations/008-unique-rule-names.js";
import { RuleNameTakenError, type Dialect, type FlowVersion, type ImportedRule, type Rule, type RuleStore, type RuleSummary, type UpdateCondition, type VersionedRule } from "./store.js";

type Row = Record<string, unknown>;

export function knexRuleStore(db: () => Knex, dialect: Dialect): RuleStore {
  const rules = () => db()("rules");

  async function insert(rule: ImportedRule, now: Date, id?: number): Promise<Rule> {
    const at = timestampOf(now);
    const [row] = await nameChecked(rule.name, rules()
      .insert({
        ...(id !== undefined ? { id } : {}),
        name: rule.name,
        description: rule.description,
        enabled: rule.enabled,
        priority: rule.priority,
        cooldown_ms: rule.cooldown_ms,
        trigger_config: toNullableJsonText(rule.trigger_config, "rules.trigger_config"),
        flow_json: toNullableJsonText(rule.flow_json, "rules.flow_json"),
        nodes_json: toJsonText(rule.nodes_json, "rules.nodes_json"),
        created_at: at,
        updated_at: at,
      })
      .returning("*"));
    return toRule(row);
  }

  return {
    async list({ offset, limit }) {
      const [rows, [count]] = await Promise.all([
        rules().select("id", "name", "enabled", "description").orderBy("id").offset(offset).limit(limit),
        rules().count({ total: "*" }),
      ]);
      return {
        items: rows.map(toSummary),
        total: toInteger(count?.total, "count(rules)"),
      };
    },

    async get(id) {
      // An id no rule can have is not passed to the database (a 32-bit column on PostgreSQL fails on it).
      if (!isIdInRange(id, "rule")) return undefined;
      const row = await rules().where({ id }).first();
      return row === undefined ? undefined : toRule(row);
    },

    async getTrigger(id) {
      if (!isIdInRange(id, "rule")) return undefined;
      const row = await rules().select("trigger_config").where({ id }).first();
      return row === undefined ? undefined : { trigger_config: triggerOf(row, id) };
    },

    async findByName(name) {
      const row = await rules().select("id", "name", "enabled", "description").where({ name }).first();
      return row === undefined ? undefined : toSummary(row);
    },

    async listEnabled() {
      return (await rules().where({ enabled: true }).orderBy("id")).map((row) => toRule(row));
    },

    async listAll() {
      return (await rules().orderBy("id")).map((row) => toRule(row));
    },

    async getMany(ids) {
      const out: VersionedRule[] = [];
      for (const slice of ruleIdSlices(ids)) {
        const rows = (await rules().select("*", flowLength(db())).whereIn("id", slice).orderBy("id")) as Row[];
        for (const row of rows) out.push({ ...toRule(row), flow_version: flowVersion(row) });
      }
      return out;
    },

    async listRunnable() {
      const rows = (await rules().select([...RUNNABLE_COLUMNS, flowLength(db())]).orderBy("id")) as Row[];
      return rows.map((row) => {
        const { id, name, enabled } = identityOf(row);
        return { id, name, enabled, ...settingsOf(row, id), nodes_json: nodesOf(row, id), flow_version: flowVersion(row) };
      });
    },

    async count() {
      const [row] = await rules().count({ total: "*" });
      return toInteger(row?.total, "count(rules)");
    },

    async nextId() {
      const knex = db();
      if (dialect === "postgres") {
        const result = (await knex.raw("select nextval(pg_get_serial_sequence('rules', 'id')) as id")) as { rows: Row[] };
        return toInteger(result.rows[0]?.id, "nextval(rules.id)");
      }
      // AUTOINCREMENT keeps the highest id ever used here; the transaction holds the write lock.
      const row = (await knex("sqlite_sequence").where({ name: "rules" }).first("seq")) as Row | undefined;
      return (row === undefined ? 0 : toInteger(row.seq, "sqlite_sequence.seq")) + 1;
    },

    create({ name, description }, now, id) {
      return insert({ name, description, enabled: false, priority: 0, cooldown_ms: 0, trigger_config: null, flow_json: null, nodes_json: {} }, now, id);
    },

    async update(id, patch, now, condition) {
      if (!isIdInRange(id, "rule")) return undefined;
      const values: Row = { updated_at: timestampOf(now) };
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.description !== undefined) values.description = patch.description;
      if (patch.priority !== undefined) values.priority = patch.priority;
      if (patch.cooldown_ms !== undefined) values.cooldown_ms = patch.cooldown_ms;
      if (patch.trigger_config !== undefined) values.trigger_config = toNullableJsonText(patch.trigger_config, "rules.trigger_config");
      if (patch.flow !== undefined) {
        // Both columns in the one UPDATE statement: no reader ever sees one without the other.
        values.flow_json = patch.flowText?.flow_json ?? toJsonText(patch.flow.flow_json, "rules.flow_json");
        values.nodes_json = patch.flowText?.nodes_json ?? toJsonText(patch.flow.nodes_json, "rules.nodes_json");
      }
      // With a new flow, the two large columns are not read back and parsed: they are the patch's.
      const [row] = await nameChecked(patch.name, withCondition(rules().where({ id }), condition).update(values).returning(patch.flow === undefined ? "*" : SMALL_COLUMNS));
      return row === undefined ? undefined : toRule(row, patch.flow);
    },

    async setEnabled(id, enabled, now) {
      if (!isIdInRange(id, "rule")) return undefined;
      const [row] = await rules().where({ id }).update({ enabled, updated_at: timestampOf(now) }).returning("*");
      return row === undefined ? undefined : toRule(row);
    },

    async remove(id) {
      if (!isIdInRange(id, "rule")) return false;
      await db()("rule_cooldowns").where({ rule_id: id }).delete();
      await db()("rule_decisions").where({ rule_id: id }).delete();
      return (await rules().where({ id }).delete()) > 0;
    },

    importRule: (rule, now, id) => insert(rule, now, id),
  };
}

/**
 * The rows an update may change: with a condition, only one whose trigger_config text is the one
 * the store would write for the expected trigger (a row written otherwise fails it: the caller then
 * reads the row and decides, so a miss is never wrong, only slower).
 */
function withCondition(query: Knex.QueryBuilder, condition: UpdateCondition | undefined): Knex.QueryBuilder {
  if (condition === undefined) return query;
  const text = toNullableJsonText(condition.triggerIs, "rules.trigger_config");
  return text === null ? query.whereNull("trigger_config") : query.where({ trigger_config: text });
}

/** The write, with the unique index's refusal of a name (migration 008) as RuleNameTakenError. */
async function nameChecked<T>(name: string | undefined, write: PromiseLike<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (name !== undefined && isNameUniqueViolation(error)) throw new RuleNameTakenError(name);
    throw error;
  }
}

function isNameUniqueViolation(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  // PostgreSQL: unique_violation naming the index; SQLite: "UNIQUE constraint failed: rules.name".
  if (code === "23505") return constraint === RULE_NAME_INDEX;
  return code === "SQLITE_CONSTRAINT" && typeof message === "string" && message.includes("UNIQUE constraint failed: rules.name");
}

// One mapping of a rules row (issue 19): each column is checked and converted in one place, and
// a bad value is named the same way whichever read met it (`rules.priority (id 7)`).

function columnOf(id: number, name: string): string {
  return `rules.${name} (id ${id})`;
}

function identityOf(row: Row): Pick<RuleSummary, "id" | "name" | "enabled"> {
  const id = toInteger(row.id, "rules.id");
  return { id, name: toText(row.name, columnOf(id, "name")), enabled: toBoolean(row.enabled, columnOf(id, "enabled")) };
}

function toSummary(row: Row): RuleSummary {
  const { id, name, enabled } = identityOf(row);
  return { id, name, enabled, description: toText(row.description, columnOf(id, "description")) };
}

function triggerOf(row: Row, id: number): TriggerConfig | null {
  return parseNullableJsonText(row.trigger_config, columnOf(id, "trigger_config")) as TriggerConfig | null;
}

/** What the scheduler needs of a rule besides its topology. */
function settingsOf(row: Row, id: number): Pick<Rule, "priority" | "cooldown_ms" | "trigger_config"> {
  return { priority: toInteger(row.priority, columnOf(id, "priority")), cooldown_ms: toInteger(row.cooldown_ms, columnOf(id, "cooldown_ms")), trigger_config: triggerOf(row, id) };
}

function nodesOf(row: Row, id: number): NodesJson {
  return parseJsonText(row.nodes_json, columnOf(id, "nodes_json")) as NodesJson;
}

const RUNNABLE_COLUMNS = ["id", "name", "enabled", "priority", "cooldown_ms", "trigger_config", "nodes_json", "updated_at"];

/** The flow's stored length in characters, the same on both databases (flow_json is text). */
function flowLength(knex: Knex): Knex.Raw {
  return knex.raw("length(flow_json) as flow_length");
}

function flowVersion(row: Row): FlowVersion {
  if (row.flow_length === null || row.flow_length === undefined) return null;
  const id = String(row.id);
  return formatFlowVersion(toTimestamp(row.updated_at, `rules.updated_at (id ${id})`), toInteger(row.flow_length, `length(rules.flow_json) (id ${id})`));
}

const SMALL_COLUMNS = ["id", "name", "description", "enabled", "priority", "cooldown_ms", "trigger_config", "created_at", "updated_at"];

function toRule(row: Row, flow?: { flow_json: FlowJson; nodes_json: NodesJson }): Rule {
  const { id, name, enabled, description } = toSummary(row);
  const { priority, cooldown_ms, trigger_config } = settingsOf(row, id);
  return {
    id,
    name,
    description,
    enabled,
    priority,
    cooldown_ms,
    trigger_config,
    flow_json: flow?.flow_json ?? (parseNullableJsonText(row.flow_json, columnOf(id, "flow_json")) as FlowJson | null),
    nodes_json: flow?.nodes_json ?? nodesOf(row, id),
    created_at: toTimestamp(row.created_at, columnOf(id, "created_at")),
    updated_at: toTimestamp(row.updated_at, columnOf(id, "updated_at")),
  };
}
