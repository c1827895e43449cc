// The rule mutations of the spec's state table, each a store write followed by a scheduler reload
// (spec item 13). Every flow goes through the one compile function: an invalid flow or
// trigger_config fails the whole update as a unit and nothing is stored. The HTTP layer adds
// authentication, confirmation and the audit record (written by the `before` hook of each call,
// inside the same transaction, before the change).
import type { FlowJson, Rule, TriggerConfig } from "../../generated/types.js";
import { validateTriggerConfig } from "../../generated/index.js";
import { compileFlow } from "../../compiler/index.js";
import type { Clock } from "../engine/scheduler/types.js";
import { RuleNameTakenError, type RulePatch, type RuleSummary, type Store } from "../store/store.js";
import { duplicateName, invalidInput, notFound } from "../errors.js";
import { createRuleReadCache, type CachedRule } from "./rule-read-cache.js";

export type RuleAction = "rule.create" | "rule.update" | "rule.delete" | "rule.enable" | "rule.disable";

export interface RuleChange {
  action: RuleAction;
  /** For a create, the id reserved for the new rule. */
  ruleId: number;
}

/** Runs inside the change's transaction before the change (the audit record); a rejection aborts the change. */
export type BeforeChange = (tx: Store, change: RuleChange) => Promise<void>;

export interface RuleServiceOptions {
  store: Store;
  clock: Clock;
  /** Re-reads the rules into the scheduler; called after every successful change. */
  reload: () => Promise<unknown>;
}

/** The fields a PUT may change. */
export interface RuleUpdate {
  name?: string;
  description?: string;
  priority?: number;
  cooldown_ms?: number;
  trigger_config?: TriggerConfig | null;
  flow_json?: FlowJson;
}

export interface RuleService {
  list(page: { offset: number; limit: number }): Promise<{ items: RuleSummary[]; total: number }>;
  get(id: number): Promise<Rule>;
  /** The rule as JSON text (the same value as `get`), from the read cache when it holds it. */
  getJson(id: number): Promise<string>;
  /** Forgets every cached read; called with every explicit reload (out-of-band writes). */
  forgetCached(): void;
  create(input: { name: string; description: string }, before?: BeforeChange): Promise<Rule>;
  update(id: number, update: RuleUpdate, before?: BeforeChange): Promise<Rule>;
  remove(id: number, before?: BeforeChange): Promise<void>;
  setEnabled(id: number, enabled: boolean, before?: BeforeChange): Promise<Rule>;
}

export function createRuleService({ store, clock, reload }: RuleServiceOptions): RuleService {
  const cache = createRuleReadCache();
  const cached = async (id: number): Promise<CachedRule> => {
    const entry = await cache.get(id, () => store.rules.get(id));
    if (entry === undefined) throw notFound(`rule ${id}`);
    return entry;
  };
  const change = async <T>(
    action: RuleAction,
    ruleId: number | undefined,
    beforeChange: BeforeChange | undefined,
    write: (tx: Store, id: number) => Promise<T | undefined>,
  ): Promise<T> => {
    const result = await store
      .transaction(async (tx) => {
        const id = ruleId ?? (await tx.rules.nextId());
        await beforeChange?.(tx, { action, ruleId: id });
        const written = await write(tx, id);
        // No such rule: the rejection rolls the audit record back with the (empty) change.
        if (written === undefined) throw notFound(`rule ${id}`);
        return written;
      })
      .catch(async (error: unknown) => {
        // Rule names are unique, compared exactly: the store's unique index (migration 008) refuses
        // a taken name race-free, and the answer names the rule that has it.
        if (error instanceof RuleNameTakenError) throw duplicateName(error.ruleName, (await store.rules.findByName(error.ruleName))?.id);
        throw error;
      });
    cache.forget(ruleId);
    await reload();
    return result;
  };
  const now = (): Date => new Date(clock.now());

  return {
    list: (page) => store.rules.list(page),
    get: async (id) => (await cached(id)).rule,
    getJson: async (id) => (await cached(id)).json,
    forgetCached: () => cache.forgetAll(),
    create: (input, before) => change("rule.create", undefined, before, (tx, id) => tx.rules.create(input, now(), id)),
    async update(id, update, before) {
      const patch = toPatch(update);
      return change("rule.update", id, before, (tx) => tx.rules.update(id, patch, now()));
    },
    async remove(id, before) {
      await change("rule.delete", id, before, async (tx) => ((await tx.rules.remove(id)) ? true : undefined));
    },
    setEnabled: (id, enabled, before) =>
      change(enabled ? "rule.enable" : "rule.disable", id, before, (tx) => tx.rules.setEnabled(id, enabled, now())),
  };
}

/** Checks an update and compiles its flow; throws invalid-input with diagnostics, before any write. */
function toPatch(update: RuleUpdate): RulePatch {
  const patch: RulePatch = {};
  if (update.name !== undefined) patch.name = update.name;
  if (update.description !== undefined) patch.description = update.description;
  if (update.priority !== undefined) patch.priority = update.priority;
  if (update.cooldown_ms !== undefined) patch.cooldown_ms = update.cooldown_ms;
  if (update.trigger_config !== undefined) {
    const diagnostics: NonNullable<Parameters<typeof validateTriggerConfig>[1]> = [];
    if (update.trigger_config !== null && !validateTriggerConfig(update.trigger_config, diagnostics)) {
      throw invalidInput("trigger_config is malformed; nothing was stored", prefixed(diagnostics, "/trigger_config"));
    }
    patch.trigger_config = update.trigger_config;
  }
  if (update.flow_json !== undefined) {
    const compiled = compileFlow(update.flow_json);
    if (!compiled.ok) {
      const first = compiled.diagnostics[0];
      const where = first ? ` (first: /flow_json${first.path ?? ""}: ${first.message})` : "";
      throw invalidInput(`flow_json is not a valid flow${where}; nothing was stored`, prefixed(compiled.diagnostics, "/flow_json"));
    }
    patch.flow = { flow_json: compiled.flow_json, nodes_json: compiled.nodes_json };
  }
  return patch;
}

function prefixed<D extends { path?: string }>(diagnostics: D[], prefix: string): D[] {
  return diagnostics.map((d) => ({ ...d, path: `${prefix}${d.path ?? ""}` }));
}
