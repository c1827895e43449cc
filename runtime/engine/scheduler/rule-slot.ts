// The scheduler's state of one rule. Trigger state (due time, last values, time deadband) is
// reset when the rule's trigger changes; cooldown, the running flag and the counters stay with
// the rule's id for as long as the id is in the rule set.
import type { RuleStatus, RunCause, RunReport, ScheduledRule, ScheduledTrigger, SuppressionCounts, ValueDeadbandSpec } from "./types.js";

const NO_POINTS = new Int32Array(0);
const NO_VALUES = new Float64Array(0);

export class RuleSlot<R extends ScheduledRule> {
  /** The current rule object; null only for a placeholder held by a manual run of a rule the scheduler does not hold. */
  rule: R | null = null;
  priority = 0;
  cooldownMs = 0;
  /** In the rule set of the last reload (listed in the status). */
  listed = false;
  /** Listed and enabled: scheduled, and subscribed when on_change. A listed rule that is not
   * active is disabled: it is watched (due heap, tick sample) only to report `disabled`. */
  active = false;

  /** Bumped by every trigger reset, so that a run which started before does not write into the new state. */
  epoch = 0;
  kind: ScheduledTrigger["kind"] = "interval";
  intervalMs = 1;
  /** Key of an interval rule in the due heap: never later than its due time; -Infinity: at the next tick. */
  nextDue = -Infinity;
  /** Position in the due heap; -1: not in it. */
  heapAt = -1;
  /** An interval rule's first due time under this trigger (its phase, interval-phase.ts); -Infinity: the first tick. */
  firstDue = -Infinity;
  /** Start of the rule's last execution (scheduled or manual) under this trigger; -Infinity: none yet. */
  lastStartedAt = -Infinity;
  /** An interval rule taken out of the due heap while it runs or waits; put back when it is free. */
  parked = false;
  /** Dense indices of an on_change rule's points: in range, no repeats. */
  points = NO_POINTS;
  /** Per point: the value the rule last triggered on; NaN when never seen or after a gap. */
  last = NO_VALUES;
  /** Per point: the value last observed, so that a tick counts a suppression once per new value. */
  seen = NO_VALUES;
  /** Per point: what `last` becomes after the run in flight where the executor did not read the point. */
  triggered = NO_VALUES;
  timeDeadbandMs = 0;
  valueDeadband: ValueDeadbandSpec = null;
  lastTriggerAt = -Infinity;
  /** A disabled interval rule: when it was last due (and reported `disabled`); -Infinity: not yet. */
  lastHeldAt = -Infinity;

  /** Trigger time of the last execution that succeeded with at least one action: the cooldown's start.
   * Kept by the caller's store too (onCooldownStart), and restored from it at reload. */
  lastActedAt = -Infinity;
  /** Running or waiting in the ready queue (the due decision's `busy`). */
  get busy(): boolean {
    return this.queued || this.running;
  }
  /** Waiting in the ready queue, with the cause it will run for. */
  queued = false;
  pendingCause: RunCause | null = null;
  /** An execution (scheduled or manual) is running. */
  running = false;
  /** Manual runs waiting for the running execution to finish. */
  readonly waiters: (() => void)[] = [];
  readonly stats: RuleStatus = { executions: 0, failures: 0, lastRunAt: null, suppressed: noSuppressions(), lastOutcome: null };

  constructor(readonly id: number) {}

  assign(rule: R): void {
    this.rule = rule;
    this.priority = rule.priority;
    this.cooldownMs = rule.cooldownMs;
    // The store's memory of the cooldown (disable+enable, a manual run before enabling, a restart).
    if (rule.lastActedAt !== undefined && rule.lastActedAt > this.lastActedAt) this.lastActedAt = rule.lastActedAt;
    this.listed = true;
    this.active = rule.enabled;
  }

  /**
   * After a run, each watched point remembers its value: what the rule wrote to it (the echo of its
   * own write does not trigger it, docs/scheduler.md), else what it read, else what triggered it.
   * A manual run (no `triggered` fallback) remembers only its writes.
   */
  rememberRun(report: RunReport | null, scheduled: boolean): void {
    const { points, last, triggered } = this;
    const writes = report?.writes;
    for (let p = 0; p < points.length; p++) {
      const value = scheduled ? (writes?.get(points[p]!) ?? report?.reads.get(points[p]!) ?? triggered[p]!) : writes?.get(points[p]!);
      if (value !== undefined) last[p] = value;
    }
  }

  /** The outcome of a finished run in the rule's statistics; whether it failed. */
  recordOutcome(at: number, report: RunReport | null, error: unknown): boolean {
    const { stats } = this;
    if (report === null) {
      stats.lastOutcome = { at, success: false, actionsAttempted: 0, actionsSucceeded: 0, shortCircuited: false, error: error instanceof Error ? error.message : String(error) };
    } else {
      const { success, actionsAttempted, actionsSucceeded, shortCircuited } = report;
      stats.lastOutcome = { at, success, actionsAttempted, actionsSucceeded, shortCircuited };
    }
    if (stats.lastOutcome.success) return false;
    stats.failures++;
    return true;
  }

  /** `firstDue`: see the field (interval rules only). */
  resetTrigger(trigger: ScheduledTrigger, pointCount: number, firstDue = -Infinity): void {
    this.epoch++;
    this.firstDue = trigger.kind === "interval" ? firstDue : -Infinity;
    this.kind = trigger.kind;
    this.lastTriggerAt = -Infinity;
    this.nextDue = -Infinity;
    this.lastStartedAt = -Infinity;
    this.lastHeldAt = -Infinity;
    if (trigger.kind === "interval") {
      // The schema guarantees >= 1 ms; below that the due loop would never advance.
      this.intervalMs = trigger.intervalMs >= 1 ? trigger.intervalMs : 1;
      this.points = NO_POINTS;
      this.last = this.seen = this.triggered = NO_VALUES;
      this.timeDeadbandMs = 0;
      this.valueDeadband = null;
      return;
    }
    const points = [...new Set(trigger.points)].filter((index) => Number.isInteger(index) && index >= 0 && index < pointCount);
    this.points = Int32Array.from(points);
    this.last = new Float64Array(points.length).fill(NaN);
    this.seen = new Float64Array(points.length).fill(NaN);
    this.triggered = new Float64Array(points.length);
    this.timeDeadbandMs = trigger.timeDeadbandMs;
    this.valueDeadband = trigger.valueDeadband;
  }
}

function noSuppressions(): SuppressionCounts {
  return { deadband_time: 0, deadband_value: 0, cooldown: 0, disabled: 0, running: 0, no_change: 0, input_unavailable: 0, event_dropped: 0 };
}
