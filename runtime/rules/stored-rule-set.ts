// What the runtime keeps of each stored rule between reloads (issue 19.1, 19.4): the rule the
// scheduler holds (compiled, no editor document), the version of its flow (for the site checks),
// its problem, and the points it reads, watches and writes (for GET /api/site/points) — not the
// stored rule itself. A full reload refills it; a change-set reload replaces or removes only the
// rules concerned, so both give the same state.
import type { Diagnostic, NodesTopology } from "../../generated/types.js";
import { pointUsage, type PointUsage, type UsageRule } from "../../compiler/index.js";
import type { PointCatalog } from "../points/point-table.js";
import type { FlowVersion } from "../store/store.js";
import { loadStored, problemOf, type HeldRule, type RuleLoad, type RuleProblem, type StoredForLoad } from "./loaded-rule.js";

/** A stored rule as the point usage names it. */
export interface StoredUsageRule extends UsageRule {
  id: number;
}

interface Entry {
  load: RuleLoad;
  version: FlowVersion;
  usage: StoredUsageRule;
  problem?: RuleProblem;
  /** An enabled rule whose compilation start-up left for later (kept until it is compiled). */
  pending?: { rule: StoredForLoad; lastActedAt: number | undefined };
}

export interface StoredRuleSet {
  /** The rules the scheduler holds (enabled ones compiled, disabled ones their trigger only), by id. */
  readonly held: ReadonlyMap<number, HeldRule>;
  /**
   * Loads a stored rule in place of what the set had for its id; the rule for the scheduler, or
   * undefined when it cannot be loaded. `later`: an enabled rule is only noted, to be compiled by
   * `compilePending` (start-up: the scheduler runs the others meanwhile). `written`: the rule as a
   * change just wrote it, compiled even when its flow version looks unchanged (two writes in one
   * millisecond of flows of one length have one version).
   */
  put(rule: StoredForLoad & { flow_version: FlowVersion }, lastActedAt: number | undefined, how?: { later?: boolean; written?: boolean }): HeldRule | undefined;
  /** The enabled rules noted for later, by id. */
  pendingIds(): number[];
  /** How many rules are noted for later. */
  readonly pending: number;
  /** Compiles a rule noted for later: what the scheduler gets and its problem; undefined when it is no longer pending. */
  compilePending(ruleId: number): { held?: HeldRule; problem?: RuleProblem } | undefined;
  remove(ruleId: number): void;
  /** Removes every rule that `stored` does not have. */
  retain(stored: { has(ruleId: number): boolean }): void;
  has(ruleId: number): boolean;
  /** Every stored rule, enabled or not, loaded or not. */
  readonly size: number;
  /** Enabled rules loaded (handed to the scheduler to run). */
  readonly enabled: number;
  /** The flow version of the rule's last load. */
  version(ruleId: number): FlowVersion | undefined;
  /** The rule's problem, from its load and its last site check (recomputed: call after a site check). */
  refreshProblem(ruleId: number): RuleProblem | undefined;
  /** Every problem, by rule id. */
  problems(): RuleProblem[];
  /** Who reads, watches and writes each point, by refKey; computed once per change. */
  usage(): Map<string, PointUsage<StoredUsageRule>>;
}

export function createStoredRuleSet(catalog: PointCatalog, siteDiagnostics: (ruleId: number) => Diagnostic[]): StoredRuleSet {
  const entries = new Map<number, Entry>();
  const held = new Map<number, HeldRule>();
  let enabled = 0;
  let pending = 0;
  // The rules with a problem, kept as they change: a change of one rule costs one rule, not a scan of all.
  const withProblem = new Map<number, RuleProblem>();
  let problems: RuleProblem[] | undefined;
  let usage: Map<string, PointUsage<StoredUsageRule>> | undefined;
  const changed = (): void => {
    problems = undefined;
    usage = undefined;
  };
  const remove = (ruleId: number): void => {
    const entry = entries.get(ruleId);
    if (entry === undefined) return;
    if (entry.load.held?.enabled === true) enabled--;
    if (entry.pending !== undefined) pending--;
    entries.delete(ruleId);
    held.delete(ruleId);
    withProblem.delete(ruleId);
    changed();
  };
  const keepProblem = (ruleId: number, entry: Entry, problem: RuleProblem | undefined): void => {
    entry.problem = problem;
    if (problem === undefined) withProblem.delete(ruleId);
    else withProblem.set(ruleId, problem);
  };
  /** A loaded entry's problem, and its rule in the held set. */
  const settle = (ruleId: number, entry: Entry, lastActedAt: number | undefined): HeldRule | undefined => {
    keepProblem(ruleId, entry, problemOf({ id: ruleId, name: entry.usage.name }, entry.load, siteDiagnostics(ruleId)));
    const loaded = entry.load.held;
    if (loaded !== undefined) {
      loaded.lastActedAt = lastActedAt;
      held.set(ruleId, loaded);
      if (loaded.enabled) enabled++;
    }
    changed();
    return loaded;
  };
  return {
    held,
    put(rule, lastActedAt, { later = false, written = false } = {}) {
      // A topology already compiled at this version is not compiled again (a full reload of unchanged rules).
      const before = written ? undefined : entries.get(rule.id)?.load.held;
      const executable = before !== undefined && "executable" in before && rule.flow_version !== null && entries.get(rule.id)?.version === rule.flow_version ? before.executable : undefined;
      remove(rule.id);
      if (executable !== undefined && rule.enabled) {
        const entry: Entry = { load: loadStored(rule, catalog, executable), version: rule.flow_version, usage: usageRule(rule) };
        entries.set(rule.id, entry);
        return settle(rule.id, entry, lastActedAt);
      }
      if (later && rule.enabled) {
        entries.set(rule.id, { load: { diagnostics: [] }, version: rule.flow_version, usage: usageRule(rule), pending: { rule, lastActedAt } });
        pending++;
        changed();
        return undefined;
      }
      const entry: Entry = { load: loadStored(rule, catalog), version: rule.flow_version, usage: usageRule(rule) };
      entries.set(rule.id, entry);
      return settle(rule.id, entry, lastActedAt);
    },
    pendingIds: () => [...entries].flatMap(([id, entry]) => (entry.pending === undefined ? [] : [id])),
    compilePending(ruleId) {
      const entry = entries.get(ruleId);
      if (entry?.pending === undefined) return undefined;
      const { rule, lastActedAt } = entry.pending;
      entry.pending = undefined;
      pending--;
      entry.load = loadStored(rule, catalog);
      const loaded = settle(ruleId, entry, lastActedAt);
      return { ...(loaded !== undefined ? { held: loaded } : {}), ...(entry.problem !== undefined ? { problem: entry.problem } : {}) };
    },
    remove,
    retain(stored) {
      for (const ruleId of [...entries.keys()]) if (!stored.has(ruleId)) remove(ruleId);
    },
    has: (ruleId) => entries.has(ruleId),
    get size() {
      return entries.size;
    },
    get enabled() {
      return enabled;
    },
    get pending() {
      return pending;
    },
    version: (ruleId) => entries.get(ruleId)?.version,
    refreshProblem(ruleId) {
      const entry = entries.get(ruleId);
      if (entry === undefined || entry.pending !== undefined) return undefined;
      keepProblem(ruleId, entry, problemOf({ id: ruleId, name: entry.usage.name }, entry.load, siteDiagnostics(ruleId)));
      problems = undefined;
      return entry.problem;
    },
    problems() {
      problems ??= sortedById([...withProblem.values()], (p) => p.ruleId);
      return problems;
    },
    usage() {
      usage ??= pointUsage(sortedById([...entries.values()].map((entry) => entry.usage), (rule) => rule.id));
      return usage;
    },
  };
}

function sortedById<T>(items: T[], idOf: (item: T) => number): T[] {
  return items.sort((a, b) => idOf(a) - idOf(b));
}

/**
 * What the point usage reads of a rule: its on_change trigger and the nodes that read or write a
 * point, each with only its point references (the expressions and wiring are left behind).
 */
function usageRule(rule: StoredForLoad): StoredUsageRule {
  const nodes: Record<string, unknown> = {};
  const stored = (rule.nodes_json as Partial<NodesTopology>).nodes ?? {};
  for (const [id, node] of Object.entries(stored)) {
    if (node === undefined || node === null) continue;
    if (node.type === "input" && Array.isArray(node.variables)) nodes[id] = { type: "input", variables: node.variables.map(refOf) };
    else if (node.type === "period_delta") nodes[id] = { type: "period_delta", ...refOf(node) };
    else if (node.type === "change" && Array.isArray(node.writes)) nodes[id] = { type: "change", writes: node.writes.map(refOf) };
  }
  const { id, name, priority, trigger_config } = rule;
  return { id, name, priority, trigger_config, nodes_json: { nodes } as unknown as NodesTopology };
}

function refOf({ instance, point_type, point }: { instance: number; point_type: string; point: number }): { instance: number; point_type: string; point: number } {
  return { instance, point_type, point };
}
