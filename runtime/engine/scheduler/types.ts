// The scheduler's view of rules and of the world around it. The clock, the tick timer, the point
// plane and the runner are passed in, so tests drive time by hand and nothing here does I/O.
import type { PointEvent } from "../../points/point-table.js";

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
