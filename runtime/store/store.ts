// The store's interface: rules, their execution history and point history. It persists and
// reads back; what a rule means is the compiler's business, checked before anything is stored.
import type { DecisionContext, DecisionKind, DecisionRecord, FlowJson, NodesJson, PointRef, PointType, Rule, TriggerConfig } from "../../generated/types.js";
import type { AuditStore } from "../audit/audit-event.js";
import type { CovariateStore } from "./covariates.js";
import type { ProcessingStore } from "./processing-records.js";

export type { Rule };
export type { CovariateAppendResult, CovariateRow, CovariateStore, StoredCovariateRow } from "./covariates.js";
export type { DerivedPage, DerivedQuery, OutcomeQuery, ProcessingOutcome, ProcessingOutcomeInput, ProcessingOutcomeKind, ProcessingStore } from "./processing-records.js";

export type Dialect = "sqlite" | "postgres";

/** A row of GET /api/rules. */
export type RuleSummary = Pick<Rule, "id" | "name" | "enabled" | "description">;

export interface Page {
  offset: number;
  limit: number;
}

/** A partial update. The two flow columns come as one value: one is never written without the other. */
export interface RulePatch {
  name?: string;
  description?: string;
  priority?: number;
  cooldown_ms?: number;
  trigger_config?: TriggerConfig | null;
  flow?: { flow_json: FlowJson; nodes_json: NodesJson };
  /**
   * The flow's two columns as JSON text (toJsonText of each), when the caller made them already:
   * serialised before the transaction, not while it holds the write lock (issue 19.5).
   */
  flowText?: FlowText;
}

/** A flow's two columns as the store writes them. */
export interface FlowText {
  flow_json: string;
  nodes_json: string;
}

/** A condition on an update: it changes the row only when the stored trigger_config is this one (as JSON text). */
export interface UpdateCondition {
  triggerIs: TriggerConfig | null;
}

/**
 * Names the state of a stored rule's editor document: its row's updated_at and the flow's stored
 * length (null when it has none). Every write through the store moves updated_at, so a rule with
 * the same version has the same flow: its site check is still valid (runtime/rules/stored-rule-checks.ts).
 */
export type FlowVersion = string | null;

/** A stored rule with its flow's version. */
export type VersionedRule = Rule & { flow_version: FlowVersion };

/** What the scheduler's reload reads of a rule: everything it runs, not the editor document. */
export type RunnableRule = Pick<Rule, "id" | "name" | "enabled" | "priority" | "cooldown_ms" | "trigger_config" | "nodes_json"> & { flow_version: FlowVersion };

/** A whole rule from elsewhere (import, sync); compact-only legacy rules have flow_json null. */
export type ImportedRule = Omit<Rule, "id" | "created_at" | "updated_at">;

/** A create, update or import that would give a rule the name another rule has (names are unique). */
export class RuleNameTakenError extends Error {
  override name = "RuleNameTakenError";
  constructor(readonly ruleName: string) {
    super(`another rule is named ${JSON.stringify(ruleName)}`);
  }
}

export interface RuleStore {
  /** Summaries by id ascending, and the number of all rules. */
  list(page: Page): Promise<{ items: RuleSummary[]; total: number }>;
  get(id: number): Promise<Rule | undefined>;
  /** The rule's trigger_config alone (no editor document read or parsed); undefined when there is no such rule. */
  getTrigger(id: number): Promise<{ trigger_config: TriggerConfig | null } | undefined>;
  /** The rule of this exact name (names are unique), if any. */
  findByName(name: string): Promise<RuleSummary | undefined>;
  /** Full enabled rules by id ascending, for the scheduler's reload. */
  listEnabled(): Promise<Rule[]>;
  /** Full rules by id ascending. */
  listAll(): Promise<Rule[]>;
  /**
   * The rules of these ids that are stored, full and with their version, by id ascending (ids no
   * rule has are left out): the change-set reload's read (issue 19.1). Any number of ids.
   */
  getMany(ids: readonly number[]): Promise<VersionedRule[]>;
  /**
   * Every rule as the scheduler's full reload needs it, by id ascending: no editor document (only
   * its version) and no description (issue 19.4: the flow is read again only for a site check).
   */
  listRunnable(): Promise<RunnableRule[]>;
  /** The number of all stored rules, enabled or not. */
  count(): Promise<number>;
  /**
   * The id the next `create` of this transaction may use, so an audit record written before the
   * insert names the rule. Call it inside the transaction that creates the rule.
   */
  nextId(): Promise<number>;
  /**
   * Inserts a stub: disabled, no trigger_config, no editor document, an empty topology. Create,
   * update and importRule reject with RuleNameTakenError when another rule has the name.
   */
  create(input: { name: string; description: string }, now: Date, id?: number): Promise<Rule>;
  /**
   * Undefined when there is no such rule, or when `condition` is given and the stored
   * trigger_config's text is not JSON.stringify of its `triggerIs` (then nothing is changed).
   */
  update(id: number, patch: RulePatch, now: Date, condition?: UpdateCondition): Promise<Rule | undefined>;
  setEnabled(id: number, enabled: boolean, now: Date): Promise<Rule | undefined>;
  /** False when there was no such rule. Its history stays; its cooldown and decision records are forgotten. */
  remove(id: number): Promise<boolean>;
  /** A whole rule; `id` as for create (from nextId, so an audit record written first can name it). */
  importRule(rule: ImportedRule, now: Date, id?: number): Promise<Rule>;
}

/** Why an execution ran: its trigger, or an explicit execute call. */
export type ExecutionTrigger = "interval" | "on_change" | "manual";

export interface HistoryEntry {
  id: number;
  rule_id: number;
  /** RFC 3339 UTC with milliseconds. */
  started_at: string;
  finished_at: string;
  trigger: ExecutionTrigger;
  success: boolean;
  /** The executor's result record, as JSON. */
  result: unknown;
  error: unknown | null;
}

export type HistoryOrder = "asc" | "desc";

export interface HistoryListOptions {
  afterId?: number;
  beforeId?: number;
  limit: number;
  order?: HistoryOrder;
}

/**
 * An execution record as the history writer hands it over (runtime/history/history-writer.ts):
 * the result and error already serialised to JSON text, once, for the row and the log line alike.
 */
export interface HistoryRow {
  rule_id: number;
  /** RFC 3339 UTC with milliseconds. */
  started_at: string;
  finished_at: string;
  trigger: ExecutionTrigger;
  success: boolean;
  /** JSON text of the executor's result record. */
  result: string;
  /** JSON text, or null (SQL NULL) when there was no error. */
  error: string | null;
}

/** What retention deletes: the oldest rows that started before `startedBefore` or have an id up to `upToId`. */
export interface HistoryPruneLimits {
  startedBefore?: string;
  upToId?: number;
}

export interface HistoryStore {
  /** Returns the id of the new entry. Values JSON cannot hold (NaN, Infinity) are stored as null. */
  append(entry: Omit<HistoryEntry, "id">): Promise<number>;
  /**
   * Inserts the rows in one transaction (multi-row INSERTs chunked under the databases' bind
   * variable limits) and returns their ids in the order given: increasing, and higher than every
   * id committed before. All or nothing: a rejection means no row was stored.
   */
  appendBatch(rows: readonly HistoryRow[]): Promise<number[]>;
  /**
   * Deletes at most `limit` of the oldest rows (by id) matching `limits`, stopping at the first
   * row that matches neither (rows are written in start order, so a newer one ends the run). One
   * short statement: retention calls it in a loop. Returns how many rows were deleted.
   */
  prune(limits: HistoryPruneLimits, limit: number): Promise<number>;
  /**
   * Entries of one rule or of all, by id ascending (default) or descending (newest first), with
   * afterId < id < beforeId: `afterId` resumes an ascending page or a WebSocket reader,
   * `beforeId` a descending page.
   */
  list(ruleId: number | undefined, options: HistoryListOptions): Promise<HistoryEntry[]>;
  /** The highest id so far (0 when empty): where a reader that wants only new entries starts. */
  latestId(): Promise<number>;
}

/**
 * The cooldown's memory (issue 16.10): per rule, the trigger time of its last execution that
 * succeeded with an action, so that reload and restart keep the cooldown (docs/scheduler.md).
 */
export interface CooldownStore {
  /** Keeps `at` (epoch milliseconds) for the rule unless a later time is already kept. */
  record(ruleId: number, at: number): Promise<void>;
  /** Every kept time by rule id. */
  list(): Promise<Map<number, number>>;
  /** The kept times of these rules (a change-set reload's read). */
  listFor(ruleIds: readonly number[]): Promise<Map<number, number>>;
}

export interface PointKey {
  instance: number;
  point_type: PointType;
  point: number;
}

export interface PointSample extends PointKey {
  /** Epoch milliseconds. */
  at: number;
  value: number;
}

export interface PointHistoryStore {
  /** Inserts in one transaction; NaN samples are left out (unavailable is not a value). */
  append(samples: readonly PointSample[]): Promise<void>;
  /** The value of the latest sample at or before `at`; NaN when there is none. */
  valueAt(ref: PointKey, at: number): Promise<number>;
  /** Samples with from <= at <= to, ascending. */
  range(ref: PointKey, from: number, to: number): Promise<{ at: number; value: number }[]>;
  /** Deletes the samples before `before`; returns how many. */
  prune(before: number): Promise<number>;
}

/**
 * A decision record as the aggregator hands it over (runtime/decisions/): times in epoch
 * milliseconds; `id` absent for a record not yet written.
 */
export interface DecisionWrite {
  id?: number;
  rule_id: number;
  kind: DecisionKind;
  count: number;
  first_at: number;
  last_at: number;
  point: PointRef | null;
  point_name: string | null;
  /** NaN or an infinite value is stored as null (unavailable). */
  value: number | null;
  context: DecisionContext | null;
}

export type { DecisionRecord };

/** Why rules did not run (issue 18.4; docs/scheduler.md, "Suppression records"). */
export interface DecisionStore {
  /**
   * In one transaction: updates each record with an id, inserts each without one (in the order
   * given, so a rule's records get increasing ids), then keeps the newest `keep` records of each
   * rule that had an insert. Records of rules that are no longer stored are not inserted. Returns,
   * per record, its id (undefined for one not inserted).
   */
  write(records: readonly DecisionWrite[], keep: number): Promise<(number | undefined)[]>;
  /** A rule's records newest first (by last_at, then id); `beforeId`: those after that record in this order. */
  list(ruleId: number, options: { beforeId?: number; limit: number }): Promise<DecisionRecord[]>;
}

/** The store's connection pool as it stands (counters only: reading them does no I/O). */
export interface PoolUse {
  used: number;
  free: number;
  /** Operations waiting for a connection. */
  pendingAcquires: number;
  max: number;
}

export interface Store {
  readonly rules: RuleStore;
  readonly history: HistoryStore;
  readonly points: PointHistoryStore;
  /** When each rule with a cooldown last performed an action. */
  readonly cooldowns: CooldownStore;
  /** Why rules did not run: aggregated suppression records, deleted with their rule. */
  readonly decisions: DecisionStore;
  /** The append-only, hash-chained audit log (runtime/audit/). */
  readonly audit: AuditStore;
  /** Covariate datasets with issue times (data processing's covariate sources). */
  readonly covariates: CovariateStore;
  /** Outcomes of processing calls and accepted derived data. */
  readonly processing: ProcessingStore;
  readonly dialect: Dialect;
  /**
   * Runs `fn` in one database transaction: committed when it resolves, rolled back when it
   * rejects. Inside, use only the store `fn` receives (the outer store refuses, see knex-store.ts).
   */
  transaction<T>(fn: (store: Store) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` over one consistent read snapshot: every read through the store `fn` receives sees
   * the same committed state (a frame's reads, spec Grid rule 6). A read-only REPEATABLE READ
   * transaction on PostgreSQL; a transaction on SQLite (serializable). For reads only. Inside a
   * transaction, `fn` gets that transaction's store.
   */
  readSnapshot<T>(fn: (store: Store) => Promise<T>): Promise<T>;
  /** Closes the connections (not allowed on the store of a transaction). */
  close(): Promise<void>;
  /** The connection pool's use, for GET /metrics; absent on the store of a transaction. */
  poolUse?(): PoolUse;
}
