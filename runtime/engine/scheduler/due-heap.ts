// Interval rules by a lower bound of their due time, so a tick touches only the rules that may be
// due instead of scanning all of them. The key is never later than the true due time: a tick that
// finds a rule not yet due (a manual run moved it, a cooldown holds it) re-keys it.
import { BinaryHeap } from "./binary-heap.js";

export interface Timed {
  nextDue: number;
  /** Position in the heap, kept by the heap; -1: not in it. */
  heapAt: number;
}

export function createDueHeap<S extends Timed>(): BinaryHeap<S> {
  return new BinaryHeap<S>(
    (a, b) => a.nextDue < b.nextDue,
    (item, at) => (item.heapAt = at),
  );
}

/** What the due decision reads of an interval rule. Times are clock milliseconds; -Infinity: never. */
export interface IntervalState {
  /** When the rule's last execution (scheduled or manual) started. */
  lastStartedAt: number;
  /** The rule's first due time under its trigger (its phase); absent or -Infinity: the first tick. */
  firstDue?: number;
  intervalMs: number;
  /** The cooldown's start: the trigger of the last execution that succeeded with an action. */
  lastActedAt: number;
  cooldownMs: number;
  /** Running, or waiting in the ready queue. */
  busy: boolean;
}

/**
 * - `not_due`: less than interval_ms since the last execution started (spec);
 * - `running`: due, but the rule runs or waits to run: it is due again once that ends;
 * - `cooldown`: due, but the cooldown holds it until `cooldownEnd`;
 * - `run`: due, and both interval_ms and cooldown_ms have elapsed.
 */
export type IntervalDecision = "not_due" | "running" | "cooldown" | "run";

export function decideInterval(rule: IntervalState, now: number): IntervalDecision {
  if (intervalDue(rule) > now) return "not_due";
  if (rule.busy) return "running";
  if (cooldownEnd(rule) > now) return "cooldown";
  return "run";
}

/** The first time the rule may run: both its interval and its cooldown have elapsed. */
export function dueAt(rule: IntervalState): number {
  return Math.max(intervalDue(rule), cooldownEnd(rule));
}

/** When the time since the last execution reaches interval_ms, and not before its first due time (the heap's key). */
export function intervalDue(rule: Pick<IntervalState, "lastStartedAt" | "firstDue" | "intervalMs">): number {
  return Math.max(rule.lastStartedAt + rule.intervalMs, rule.firstDue ?? -Infinity);
}

/**
 * When a disabled interval rule would have been due: interval_ms after it was last due (and
 * reported `disabled`) or after its last (manual) execution started, whichever is later, and not
 * before its first due time. It never runs; the due heap holds it only so that it is reported
 * once per interval at no other cost.
 */
export function heldDue(rule: { lastStartedAt: number; lastHeldAt: number; intervalMs: number; firstDue: number }): number {
  return Math.max(Math.max(rule.lastStartedAt, rule.lastHeldAt) + rule.intervalMs, rule.firstDue);
}

function cooldownEnd(rule: IntervalState): number {
  return rule.lastActedAt + rule.cooldownMs;
}
