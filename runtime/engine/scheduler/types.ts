// The scheduler's view of rules and of the world around it. The clock, the tick timer, the point
// plane and the runner are passed in, so tests drive time by hand and nothing here does I/O.
import type { PointEvent } from "../../points/point-table.js";
import type { IntervalPhase } from "./interval-phase.js";

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** Calls `onTick` every `periodMs` until the returned stop function is called. */
export type TickTimer = (periodMs: number, onTick: () => void) => () => void;

export type ValueDeadbandSpec = null | { absolute: number } | { percent: number };

/** A rule's trigger, resolved against the site: point references are dense point indices. */
export type ScheduledTrigger =
  | { kind: "interval"; intervalMs: number }
  | { kind: "on_change"; points: readonly number[]; timeDeadbandMs: number; valueDeadband: ValueDeadbandSpec };

/** What the scheduler knows of a rule. The runner receives the same object back. */
export interface ScheduledRule {
  id: number;
  /** Higher runs first when several rules are due; ties by id ascending. */
  priority: number;
  cooldownMs: number;
  enabled: boolean;
  trigger: ScheduledTrigger;
  /**
   * The cooldown's start as the caller's store remembers it (see `onCooldownStart`): the trigger
   * time of the rule's last execution that succeeded with an action. The later of this and the
   * scheduler's own memory counts.
   */
  lastActedAt?: number;
}

/** Why a rule runs. */
export type RunCause =
  | { kind: "interval"; at: number }
  | { kind: "on_change"; at: number; path: "fast" | "tick"; index: number; value: number };

/** What the scheduler needs to know of an execution once it has finished. */
export interface RunReport {
  success: boolean;
  actionsAttempted: number;
  actionsSucceeded: number;
  /** True when an unavailable input stopped the evaluation (spec item 8). */
  shortCircuited: boolean;
  /** The value the executor read for each point index it read (spec item 7). */
  reads: ReadonlyMap<number, number>;
  /**
   * The value of each point index the execution wrote (accepted writes, the last one per point),
   * including the measurements those writes read back into: their echo is not a change for this
   * rule (docs/scheduler.md, "A rule's own writes").
   */
  writes?: ReadonlyMap<number, number>;
}

/** Executes one rule; never rejects (a failure is a report with success false). */
export type Runner<R extends ScheduledRule> = (rule: R, cause: RunCause) => Promise<RunReport>;

/** The acquisition side's view: which points to publish, and the batch sample of the tick path. */
export interface PointWatch {
  /** Tells the acquisition side which points to publish (one byte per point index, 1 = publish). */
  setSubscriptions(bitmap: Uint8Array): void;
  /** The current live value of every point, by index (NaN: unavailable). Read, never kept. */
  sample(): Float64Array;
}

export type { PointEvent };

// ---- The scheduler itself (added with the scheduler; docs/scheduler.md is its contract). ----

/** Why a due or changed rule did not run; each is counted in `ruleStatus(id).suppressed`. */
export type SuppressionReason =
  | "deadband_time"
  | "deadband_value"
  | "cooldown"
  | "disabled"
  | "running"
  | "no_change"
  | "input_unavailable"
  /** An event refused by the full channel, for each enabled on_change rule watching its point (the tick path still covers it). */
  | "event_dropped";

/** One decision of the scheduler, as data (for a "why not" history). */
export type SchedulerDecision =
  | { ruleId: number; at: number; decision: "run"; reason: RunCause["kind"]; cause: RunCause }
  | {
      ruleId: number;
      at: number;
      decision: "suppressed";
      reason: SuppressionReason;
      /** The point and value that were considered, for on_change decisions about one point. */
      index?: number;
      value?: number;
    };

export interface SchedulerOptions<R extends ScheduledRule> {
  clock: Clock;
  timer: TickTimer;
  watch: PointWatch;
  /** Size of the point table: of the subscription bitmap and of the dispatcher index. */
  pointCount: number;
  runner: Runner<R>;
  /** Default 100. */
  tickMs?: number;
  /** Most runner calls in flight at once; default 4. */
  parallelism?: number;
  /** Capacity of the point-event channel; default 1024. */
  eventCapacity?: number;
  /**
   * Asked before each execution the scheduler starts: false holds the ready rules back (they stay
   * queued; their further triggers count as `running`) until a later dispatch (at the latest the
   * next tick) finds it true. The history writer's back-pressure (issue 19.2). Default: always.
   */
  admit?: () => boolean;
  /**
   * When an interval rule first falls due after start or after the reload that added it (or
   * changed its trigger): `spread` (default) at its phase, spread over its interval by rule id
   * (issue 19.3, interval-phase.ts); `first_tick` at the first tick (`svc test`'s scenarios).
   */
  intervalPhase?: IntervalPhase;
  /** Called synchronously with every run and suppression decision; exceptions are ignored. */
  onDecision?: (decision: SchedulerDecision) => void;
  /**
   * Called synchronously when an execution of a rule whose cooldown_ms is above 0 succeeded with an
   * action, with the cooldown's start, so that the caller can keep it where a reload or a restart
   * finds it (ScheduledRule.lastActedAt). Not called for rules without a cooldown. Exceptions are ignored.
   */
  onCooldownStart?: (ruleId: number, at: number) => void;
}

/** How an execution ended, as the scheduler saw it. */
export interface RunOutcome {
  /** Clock time the execution finished. */
  at: number;
  success: boolean;
  actionsAttempted: number;
  actionsSucceeded: number;
  shortCircuited: boolean;
  /** Set when the runner threw or rejected (a runner bug, counted as a failure). */
  error?: string;
}

export type SuppressionCounts = Record<SuppressionReason, number>;

export interface RuleStatus {
  /** Runner calls made for this rule by the scheduler. */
  executions: number;
  /** Executions that finished with success false, or whose runner threw or rejected. */
  failures: number;
  /** Clock time of the last runner call, null before the first. */
  lastRunAt: number | null;
  suppressed: SuppressionCounts;
  lastOutcome: RunOutcome | null;
}

export interface SchedulerStatus {
  running: boolean;
  tickMs: number;
  parallelism: number;
  /** Rules of the last reload, enabled or not. */
  totalRules: number;
  enabledRules: number;
  /** Runner calls in flight. */
  inFlight: number;
  /** Rules waiting in the ready queue for a free slot. */
  queued: number;
  executions: number;
  failures: number;
  droppedEvents: number;
  lastTickAt: number | null;
}

/** A page of the rules' statistics, by id ascending (Scheduler.ruleStatuses). */
export interface RuleStatusPage {
  rules: (RuleStatus & { id: number })[];
  /** The `afterId` of the next page when rules with a higher id remain, else null. */
  nextAfterId: number | null;
}

export interface Scheduler<R extends ScheduledRule> {
  /** Starts the tick timer and accepts events. */
  start(): void;
  /** Stops the timer, refuses events, drops queued runs; resolves once running executions finished. */
  stop(): Promise<void>;
  /** Replaces the rule set wholesale (all rules, or only the enabled ones). */
  reload(rules: readonly R[]): void;
  /**
   * Changes the rule set by these rules only (issue 19.1): each rule of `upserts` is added or
   * replaces the rule of its id, each id of `removedIds` leaves; every rule is treated as `reload`
   * treats it, and the other rules are not touched.
   */
  apply(upserts: readonly R[], removedIds: readonly number[]): void;
  /**
   * The bounded event channel: false when it is full (the drop is counted, and reported as
   * `event_dropped` to every enabled on_change rule watching the point) or the scheduler is stopped.
   */
  offer(event: PointEvent): boolean;
  /**
   * Runs `fn` (a manual execution) when no other execution of the rule is running, and keeps the
   * scheduler from starting one until it is done. It counts as the rule's last execution; a report
   * that acted starts the cooldown (`cooldownMs`: the rule's current cooldown, default the one of
   * the last reload); its writes are the rule's own.
   */
  runExclusive(ruleId: number, fn: () => Promise<RunReport>, options?: { cooldownMs?: number }): Promise<RunReport>;
  /** The counts and load; no per-rule statistics (those are paged: ruleStatuses). */
  status(): SchedulerStatus;
  /** One rule's statistics (a copy), or undefined when the last reload did not hold it. */
  ruleStatus(ruleId: number): RuleStatus | undefined;
  /**
   * The statistics (copies) of at most `limit` rules of the last reload with an id above `afterId`
   * (default 0), by id ascending. Costs one pass over the rules, not a sort of them.
   */
  ruleStatuses(page: { afterId?: number; limit: number }): RuleStatusPage;
}
