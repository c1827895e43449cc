// The rule mutations of the spec's state table, each a store write followed by a scheduler reload
// (spec item 13), to which the change hands what it committed (issue 19.5, committed-rules.ts). Every flow goes through the one compile function, with the service's loaded site
// and the trigger the rule will have after the update (issue 17): an invalid flow or trigger_config
// fails the whole update as a unit and nothing is stored. The HTTP layer adds
// authentication, confirmation and the audit record (written by the `before` hook of each call,
// inside the same transaction, before the change).
import type { Diagnostic, FlowJson, ReloadSummary, Rule, TriggerConfig } from "../../generated/types.js";
import { validateTriggerConfig } from "../../generated/index.js";
import type { SiteIndex } from "../../compiler/index.js";
import type { Clock } from "../engine/scheduler/types.js";
import { toJsonText } from "../store/columns.js";
import { flowVersionOfText } from "../store/flow-version.js";
import { RuleNameTakenError, type FlowText, type RulePatch, type RuleSummary, type Store } from "../store/store.js";
import { duplicateName, invalidInput, notFound } from "../errors.js";
import { createRuleReadCache, type CachedRule } from "./rule-read-cache.js";
import { checkWithSite, inRule, isError, isTriggerDiagnostic } from "./rule-warnings.js";
import { applyBatch, type BatchOperation, type BatchResult } from "./rule-batch.js";
import type { CommittedChange, CommittedRule } from "./committed-rules.js";
import { afterPendingIo } from "./after-pending-io.js";
import { ruleJson } from "./rule-json.js";

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
  /**
   * Re-reads the rules a committed change concerned into the scheduler; called after every
   * successful change, with what the change hands over (its place in commit order, and the rules
   * as it wrote them where it knows them whole: the reload need not read those again).
   */
  reload: (ruleIds: readonly number[], change: CommittedChange) => Promise<ReloadSummary>;
  /** The service's loaded site, indexed once: flows are checked against it. Absent: the site checks are skipped. */
  site?: SiteIndex;
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

export interface UpdatedRule {
  rule: Rule;
  /** JSON.stringify(rule), when it was assembled from the flow text the store wrote. */
  json?: string;
  /** JSON Pointers into the rule (`/flow_json/nodes/3/...`, `/trigger_config/point_refs/0`), with node ids. */
  warnings: Diagnostic[];
}

export interface RuleService {
  list(page: { offset: number; limit: number }): Promise<{ items: RuleSummary[]; total: number }>;
  get(id: number): Promise<Rule>;
  /** The rule as JSON text (the same value as `get`), from the read cache when it holds it. */
  getJson(id: number): Promise<string>;
  /** Forgets every cached read; called with every explicit reload (out-of-band writes). */
  forgetCached(): void;
  create(input: { name: string; description: string }, before?: BeforeChange): Promise<Rule>;
  /** The updated rule and the warnings of its flow with the site and trigger (they never block). */
  update(id: number, update: RuleUpdate, before?: BeforeChange): Promise<UpdatedRule>;
  remove(id: number, before?: BeforeChange): Promise<void>;
  setEnabled(id: number, enabled: boolean, before?: BeforeChange): Promise<Rule>;
  /**
   * Many changes in one transaction, each audited by `before` as its single call is, then one
   * reload of every rule changed (rule-batch.ts); any refusal stores nothing.
   */
  batch(operations: readonly BatchOperation[], before?: BeforeChange): Promise<BatchResult>;
}

/**
 * The change's audit record, then its write, inside the change's transaction. On SQLite both are
 * sent together: the transaction commits them as one, so the record still precedes the change
 * for every reader, while the one connection every request waits for is held for one round trip
 * fewer (issue 19.5). Both are settled before anything is thrown, so no statement of a refused
 * change runs after the rollback; the audit's refusal wins. On PostgreSQL they stay in turn: a
 * failed statement aborts the transaction there, and the other would fail for its reason.
 */
async function auditedWrite<T>(dialect: Store["dialect"], audit: () => Promise<void> | undefined, write: () => Promise<T>): Promise<T> {
  if (dialect !== "sqlite") {
    await audit();
    return write();
  }
  const [audited, written] = await Promise.allSettled([audit(), write()]);
  if (audited.status === "rejected") throw audited.reason;
  if (written.status === "rejected") throw written.reason;
  return written.value;
}

export function createRuleService({ store, clock, reload, site }: RuleServiceOptions): RuleService {
  const cache = createRuleReadCache();
  const triggers = createKnownTriggers();
  // Each change's place in commit order (committed-rules.ts), taken inside its transaction after its write.
  let places = 0;
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
    handOver: (written: T) => CommittedRule[] = () => [],
  ): Promise<T> => {
    let changedId = ruleId;
    let place = 0;
    const result = await store
      .transaction(async (tx) => {
        const id = ruleId ?? (await tx.rules.nextId());
        changedId = id;
        const written = await auditedWrite(tx.dialect, () => beforeChange?.(tx, { action, ruleId: id }), () => write(tx, id));
        // No such rule: the rejection rolls the audit record back with the (empty) change.
        if (written === undefined) throw notFound(`rule ${id}`);
        // After the write: a later change of this rule waits for its row, so it takes a later place.
        place = ++places;
        return written;
      })
      .catch(async (error: unknown) => {
        // Rule names are unique, compared exactly: the store's unique index (migration 008) refuses
        // a taken name race-free, and the answer names the rule that has it.
        if (error instanceof RuleNameTakenError) throw duplicateName(error.ruleName, (await store.rules.findByName(error.ruleName))?.id);
        throw error;
      });
    cache.forget(ruleId);
    await reload(changedId === undefined ? [] : [changedId], { place, rules: handOver(result) });
    return result;
  };
  const now = (): Date => new Date(clock.now());
  /** Remembers the trigger a committed change left the rule with (a hint for the next early compile). */
  const changed = <R extends Rule>(rule: R): R => (triggers.set(rule.id, rule.trigger_config), rule);

  /**
   * The update's flow compiled with the trigger it will have, and serialised; undefined when it has
   * errors or the rule is not found. The trigger is the update's, else the one this service last
   * saw the rule commit with, else read: the transaction's UPDATE then changes the rule only if
   * its trigger is still that one.
   */
  const compileBefore = async (id: number, update: RuleUpdate): Promise<EarlyCompile | undefined> => {
    const trigger = update.trigger_config !== undefined ? update.trigger_config : (triggers.get(id) ?? (await store.rules.getTrigger(id)))?.trigger_config;
    if (trigger === undefined) return undefined;
    await afterPendingIo();
    const { compiled, diagnostics } = checkWithSite(update.flow_json, trigger, site);
    const placed = inRule(diagnostics);
    if (compiled === undefined || placed.some(isError)) return undefined;
    return { trigger, compiled, text: flowTextOf(compiled), warnings: placed };
  };

  return {
    list: (page) => store.rules.list(page),
    get: async (id) => (await cached(id)).rule,
    getJson: async (id) => (await cached(id)).json,
    forgetCached: () => {
      cache.forgetAll();
      triggers.clear();
    },
    create: async (input, before) => changed(await change("rule.create", undefined, before, (tx, id) => tx.rules.create(input, now(), id))),
    async update(id, update, before) {
      const patch = toPatch(update);
      // A new flow is compiled (and serialised) before the change's transaction, with the trigger
      // the rule has now: that is CPU time that must not hold the store's write lock (on SQLite the
      // one connection every other request waits for). The UPDATE itself checks that the trigger
      // is still that one (no read inside); a flow with errors, or a trigger another change
      // replaced meanwhile, is checked again inside, as below, so the answer and its order stay
      // those of the change.
      const early = update.flow_json === undefined ? undefined : await compileBefore(id, update);
      let warnings: Diagnostic[] = [];
      let siteDiagnostics: Diagnostic[] | undefined;
      const rule = await change(
        "rule.update",
        id,
        before,
        async (tx) => {
          if (early !== undefined) {
            const condition = update.trigger_config !== undefined ? undefined : { triggerIs: early.trigger };
            const written = await tx.rules.update(id, { ...patch, flow: early.compiled, flowText: early.text }, now(), condition);
            if (written !== undefined) {
              patch.flowText = early.text;
              warnings = early.warnings;
              // Its flow's site check is this compile's: when it found nothing, the reload has nothing to add.
              if (early.warnings.length === 0) siteDiagnostics = [];
              return written;
            }
            if (condition === undefined) return undefined; // the update's own trigger: no such rule
          }
          // The stored row is read inside the change: the check sees the flow and trigger this update replaces.
          const stored = await tx.rules.get(id);
          if (stored === undefined) return undefined;
          warnings = checkAgainstSite(update, patch, stored, site);
          if (patch.flow !== undefined) patch.flowText = flowTextOf(patch.flow);
          return tx.rules.update(id, patch, now());
        },
        // The reload takes the rule as written when its flow's text (its version) is known.
        (written) => {
          if (patch.flowText === undefined) return [];
          const version = flowVersionOfText(written.updated_at, patch.flowText.flow_json);
          return [{ rule: { ...written, flow_version: version }, ...(siteDiagnostics !== undefined ? { siteDiagnostics } : {}) }];
        },
      );
      changed(rule);
      return { rule, warnings, ...(patch.flowText !== undefined ? { json: ruleJson(rule, patch.flowText) } : {}) };
    },
    async remove(id, before) {
      await change("rule.delete", id, before, async (tx) => ((await tx.rules.remove(id)) ? true : undefined));
      triggers.delete(id);
    },
    setEnabled: async (id, enabled, before) =>
      changed(await change(enabled ? "rule.enable" : "rule.disable", id, before, (tx) => tx.rules.setEnabled(id, enabled, now()))),
    batch: (operations, before) =>
      applyBatch(
        {
          store,
          now,
          // Taken after the commit: a place later than it should be only makes the reload read the store.
          reload: (ids) => reload(ids, { place: ++places, rules: [] }),
          forget: (ids) =>
            ids.forEach((id) => {
              cache.forget(id);
              triggers.delete(id);
            }),
          toPatch,
          check: (update, patch, stored) => checkAgainstSite(update, patch, stored, site),
        },
        operations,
        before,
      ),
  };
}

/**
 * Compiles the flow the rule will have (the update's, else the stored one) with the trigger it will
 * have and the site; sets the patch's flow columns. Refuses (invalid-input, nothing stored) what
 * this update brings in: any error when it gives a flow_json, the trigger's errors when it gives a
 * trigger_config. Errors of a stored flow the update leaves alone (a rename) do not block it: reload
 * reports them. Returns the warnings.
 */
function checkAgainstSite(update: RuleUpdate, patch: RulePatch, stored: Pick<Rule, "flow_json" | "trigger_config">, site: SiteIndex | undefined): Diagnostic[] {
  // A stub (no flow yet) given a trigger: the trigger is checked beside an empty flow.
  const stub = update.flow_json === undefined && stored.flow_json === null;
  if (stub && update.trigger_config === undefined) return [];
  const flow = update.flow_json ?? stored.flow_json ?? EMPTY_FLOW;
  const trigger = update.trigger_config !== undefined ? update.trigger_config : stored.trigger_config;
  const { compiled, diagnostics } = checkWithSite(flow, trigger, site);
  const placed = stub ? inRule(diagnostics).filter(isTriggerDiagnostic) : inRule(diagnostics);
  if (update.flow_json !== undefined) {
    if (compiled === undefined || placed.some(isError)) {
      const first = placed.find(isError);
      const where = first ? ` (first: ${first.path ?? ""}: ${first.message})` : "";
      throw invalidInput(`flow_json is not a valid flow${where}; nothing was stored`, placed);
    }
    patch.flow = compiled;
  } else if (update.trigger_config !== undefined && placed.some((d) => isError(d) && isTriggerDiagnostic(d))) {
    const first = placed.find((d) => isError(d) && isTriggerDiagnostic(d))!;
    throw invalidInput(`trigger_config does not match the site (first: ${first.path ?? ""}: ${first.message}); nothing was stored`, placed.filter(isTriggerDiagnostic));
  }
  return placed.filter((d) => !isError(d));
}

interface EarlyCompile {
  /** The trigger the flow was compiled with: the update's own, or the one the rule had. */
  trigger: TriggerConfig | null;
  compiled: NonNullable<RulePatch["flow"]>;
  text: FlowText;
  /** Warnings only: a flow with errors is not compiled early. */
  warnings: Diagnostic[];
}

function flowTextOf(flow: NonNullable<RulePatch["flow"]>): FlowText {
  return { flow_json: toJsonText(flow.flow_json, "rules.flow_json"), nodes_json: toJsonText(flow.nodes_json, "rules.nodes_json") };
}

/**
 * The trigger each rule was last seen to commit with, by this service: where the early compile
 * of a PUT's flow finds it without a read (issue 19.5). Only a hint: the UPDATE checks it. Bounded:
 * the oldest is forgotten first.
 */
function createKnownTriggers(capacity = 10_000) {
  const known = new Map<number, { trigger_config: TriggerConfig | null }>();
  return {
    get: (id: number) => known.get(id),
    set(id: number, trigger_config: TriggerConfig | null) {
      known.delete(id);
      if (known.size >= capacity) known.delete(known.keys().next().value!);
      known.set(id, { trigger_config });
    },
    delete: (id: number) => void known.delete(id),
    clear: () => known.clear(),
  };
}

/** The smallest valid editor document: a start wired to an end. */
const EMPTY_FLOW = {
  nodes: [
    { id: "start", type: "start", position: { x: 0, y: 0 }, data: { config: { wires: { default: ["end"] } } } },
    { id: "end", type: "end", position: { x: 200, y: 0 }, data: { config: {} } },
  ],
  edges: [],
  viewport: { x: 0, y: 0, zoom: 1 },
};

/** The fields of a RuleUpdate, in the order the refusal of an empty one lists them. */
const UPDATE_FIELDS = ["name", "description", "priority", "cooldown_ms", "trigger_config", "flow_json"] as const;

/**
 * Checks an update's settings and trigger_config's shape; throws invalid-input with diagnostics,
 * before any write. An update with no field is refused (issue 19): it would change nothing, yet
 * audit a `rule.update`, move updated_at and reload the rule.
 */
function toPatch(update: RuleUpdate): RulePatch {
  if (UPDATE_FIELDS.every((field) => update[field] === undefined)) {
    const fields = UPDATE_FIELDS.join(", ");
    throw invalidInput(`nothing to update: give at least one of ${fields}; nothing was stored`, [
      { code: "rule/nothing-to-update", severity: "error", message: `an update changes at least one of ${fields}`, path: "" },
    ]);
  }
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
  return patch;
}

function prefixed<D extends { path?: string }>(diagnostics: D[], prefix: string): D[] {
  return diagnostics.map((d) => ({ ...d, path: `${prefix}${d.path ?? ""}` }));
}
