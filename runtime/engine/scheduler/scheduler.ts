// The scheduler (spec items 1-7 and 12; docs/scheduler.md is its contract). Its one loop is the
// JavaScript event loop: the injected timer's ticks, the event channel drained in a microtask
// and runner completions each run to completion on one thread, so no state here needs a lock.
// Each loop turn reads the clock once (`turnAt`).
import { classify, sameObservation } from "./change-detector.js";
import { disabledChange, holdAtKey } from "./disabled-rules.js";
import { createDueHeap, decideInterval, dueAt, intervalDue } from "./due-heap.js";
import { EventChannel } from "./event-channel.js";
import { createReadyQueue } from "./ready-queue.js";
import { changeRules, emptyRuleSet, replaceRules, type RuleSet, type RuleSetContext } from "./rule-set.js";
import { RuleSlot } from "./rule-slot.js";
import { ruleStatusOf, ruleStatusPage } from "./rule-status-page.js";
import type {
  PointEvent,
  RuleStatus,
  RunCause,
  RuleStatusPage,
  RunReport,
  ScheduledRule,
  Scheduler,
  SchedulerDecision,
  SchedulerOptions,
  SchedulerStatus,
  SuppressionReason,
} from "./types.js";

export function createScheduler<R extends ScheduledRule>(options: SchedulerOptions<R>): Scheduler<R> {
  return new RuleScheduler(options);
}

class RuleScheduler<R extends ScheduledRule> implements Scheduler<R> {
  private readonly options: SchedulerOptions<R>;
  private readonly tickMs: number;
  private readonly parallelism: number;
  private readonly channel: EventChannel;
  private readonly ready = createReadyQueue<RuleSlot<R>>();
  private readonly due = createDueHeap<RuleSlot<R>>();
  private readonly set: RuleSet<R>;
  private stopTimer: (() => void) | null = null;
  private drainScheduled = false;
  private turnAt = 0;
  private inFlight = 0;
  private executions = 0;
  private failures = 0;
  private lastTickAt: number | null = null;
  private readonly idle: (() => void)[] = [];

  constructor(options: SchedulerOptions<R>) {
    const { tickMs = 100, parallelism = 4, eventCapacity = 1024, pointCount } = options;
    if (!(tickMs > 0 && Number.isFinite(tickMs))) throw new RangeError(`tickMs must be a positive number of milliseconds, got ${tickMs}`);
    for (const [name, value, min] of [["parallelism", parallelism, 1], ["eventCapacity", eventCapacity, 1], ["pointCount", pointCount, 0]] as const) {
      if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
    }
    this.options = options;
    this.tickMs = tickMs;
    this.parallelism = parallelism;
    this.channel = new EventChannel(eventCapacity);
    this.set = emptyRuleSet<R>(pointCount);
  }

  start(): void {
    if (this.stopTimer !== null) return;
    this.stopTimer = this.options.timer(this.tickMs, this.onTick);
  }

  stop(): Promise<void> {
    if (this.stopTimer !== null) {
      this.stopTimer();
      this.stopTimer = null;
      this.channel.clear();
      for (const slot of this.ready.values()) this.unqueue(slot, null);
      this.ready.reset([]);
    }
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  offer(event: PointEvent): boolean {
    if (this.stopTimer === null) return false;
    if (!this.channel.offer(event)) {
      this.dropped(event);
      return false;
    }
    if (!this.drainScheduled) {
      this.drainScheduled = true;
      // A microtask, not a timer: the fast path adds no tick latency (spec item 3).
      queueMicrotask(this.drain);
    }
    return true;
  }

  reload(rules: readonly R[]): void {
    replaceRules(this.set, rules, this.changeContext());
  }

  apply(upserts: readonly R[], removedIds: readonly number[]): void {
    changeRules(this.set, upserts, removedIds, this.changeContext());
  }

  async runExclusive(ruleId: number, fn: () => Promise<RunReport>, options: { cooldownMs?: number } = {}): Promise<RunReport> {
    const slot = this.set.slots.get(ruleId) ?? new RuleSlot<R>(ruleId);
    this.set.slots.set(ruleId, slot);
    if (slot.running) await new Promise<void>((resolve) => slot.waiters.push(resolve));
    else slot.running = true;
    const startedAt = this.options.clock.now();
    slot.lastStartedAt = startedAt; // a manual execution is the rule's last execution too
    try {
      const report = await fn();
      if (acted(report)) this.startCooldown(slot, startedAt, options.cooldownMs ?? slot.cooldownMs);
      slot.rememberRun(report, false);
      return report;
    } finally {
      this.turnAt = this.options.clock.now();
      this.release(slot);
      this.dispatch();
    }
  }

  status(): SchedulerStatus {
    return {
      running: this.stopTimer !== null,
      tickMs: this.tickMs,
      parallelism: this.parallelism,
      totalRules: this.set.totalRules,
      enabledRules: this.set.enabledRules,
      inFlight: this.inFlight,
      queued: this.ready.size,
      executions: this.executions,
      failures: this.failures,
      droppedEvents: this.channel.dropped,
      lastTickAt: this.lastTickAt,
    };
  }

  ruleStatus(ruleId: number): RuleStatus | undefined {
    return ruleStatusOf(this.set.slots.get(ruleId));
  }

  ruleStatuses(page: { afterId?: number; limit: number }): RuleStatusPage {
    return ruleStatusPage(this.set.slots, page);
  }

  private changeContext(): RuleSetContext<R> {
    this.turnAt = this.options.clock.now();
    return {
      now: this.turnAt,
      pointCount: this.options.pointCount,
      phase: this.options.intervalPhase ?? "spread",
      watch: this.options.watch,
      due: this.due,
      ready: this.ready,
      unqueue: (slot, reason) => this.unqueue(slot, reason),
    };
  }

  // ---- the loop ----

  private readonly onTick = (): void => {
    const now = this.options.clock.now();
    this.turnAt = now;
    this.lastTickAt = now;
    this.channel.drain(this.onEvent); // events offered before the tick are older than its sample
    this.runDueIntervals(now);
    if (this.set.onChangeRules.length > 0 || this.set.disabledOnChange.length > 0) {
      const sample = this.options.watch.sample(); // one batch per tick (spec item 4)
      for (const slot of this.set.onChangeRules) this.evaluateSample(slot, sample);
      for (const slot of this.set.disabledOnChange) {
        const first = disabledChange(slot, sample);
        if (first >= 0) this.suppress(slot, "disabled", slot.points[first], slot.last[first]);
      }
    }
    this.dispatch();
  };

  private readonly drain = (): void => {
    this.drainScheduled = false;
    if (this.stopTimer === null) return;
    this.turnAt = this.options.clock.now();
    this.channel.drain(this.onEvent);
    this.dispatch();
  };

  private readonly onEvent = (index: number, value: number): void => {
    if (index < 0 || index >= this.options.pointCount) return;
    const { offsets, watchers, positions } = this.set.dispatcher;
    for (let i = offsets[index]!; i < offsets[index + 1]!; i++) this.evaluateEvent(watchers[i]!, positions[i]!, value);
  };

  /** Spec: an interval rule is due when the time since its last execution has reached interval_ms. */
  private runDueIntervals(now: number): void {
    for (let slot = this.due.peek(); slot !== undefined && slot.nextDue <= now; slot = this.due.peek()) {
      if (!slot.active) {
        if (holdAtKey(slot, now)) this.suppress(slot, "disabled");
        this.due.topChanged();
        continue;
      }
      switch (decideInterval(slot, now)) {
        case "not_due": // a manual execution moved it
          slot.nextDue = intervalDue(slot);
          this.due.topChanged();
          break;
        case "running": // due again once the execution ends (release)
          this.due.pop();
          slot.parked = true;
          this.suppress(slot, "running");
          break;
        case "cooldown": // counted once; it runs as soon as the cooldown has elapsed too
          slot.nextDue = dueAt(slot);
          this.due.topChanged();
          this.suppress(slot, "cooldown");
          break;
        case "run":
          slot.nextDue = now + slot.intervalMs; // a lower bound: the execution starts now or later
          this.due.topChanged();
          this.trigger(slot, { kind: "interval", at: now });
      }
    }
  }

  /** An event the full channel refused: each enabled on_change rule watching the point is told (the tick path still covers it). */
  private dropped(event: PointEvent): void {
    const { index, value } = event;
    if (!(index >= 0 && index < this.options.pointCount)) return;
    const { offsets, watchers } = this.set.dispatcher;
    const end = offsets[index + 1]!;
    if (offsets[index] === end) return;
    // Outside the loop's turns (offer may be called from anywhere): read the clock, keep turnAt.
    const at = this.options.clock.now();
    for (let i = offsets[index]!; i < end; i++) this.suppress(watchers[i]!, "event_dropped", index, value, at);
  }

  /** Fast path (spec item 3): the event's value decides; nothing is read back. */
  private evaluateEvent(slot: RuleSlot<R>, position: number, value: number): void {
    slot.seen[position] = value;
    const observation = classify(value, slot.last[position]!, slot.valueDeadband);
    if (observation === "change") return this.changed(slot, position, "fast", true);
    if (observation === "unavailable") slot.last[position] = NaN; // a gap: the next finite value triggers
    this.suppress(slot, observation === "within_deadband" ? "deadband_value" : "no_change", slot.points[position], value);
  }

  /** Tick path (spec item 4): every point of the rule against the tick's sample. */
  private evaluateSample(slot: RuleSlot<R>, sample: Float64Array): void {
    const { points, last, seen } = slot;
    let changed = -1;
    let freshChange = false;
    let quiet: SuppressionReason | null = null;
    let quietAt = 0;
    for (let p = 0; p < points.length; p++) {
      const value = sample[points[p]!]!;
      // Only a newly observed value is counted when suppressed; a pending change is re-evaluated every tick.
      const fresh = !sameObservation(value, seen[p]!);
      seen[p] = value;
      const observation = classify(value, last[p]!, slot.valueDeadband);
      if (observation === "change") {
        if (changed < 0) changed = p;
        freshChange ||= fresh;
        continue;
      }
      if (observation === "unavailable") last[p] = NaN;
      if (fresh && quiet !== "deadband_value") {
        quiet = observation === "within_deadband" ? "deadband_value" : "no_change";
        quietAt = p;
      }
    }
    if (changed >= 0) this.changed(slot, changed, "tick", freshChange);
    else if (quiet !== null) this.suppress(slot, quiet, points[quietAt], seen[quietAt]);
  }

  /** A point of an on_change rule changed past its value deadband: trigger unless a gate holds. */
  private changed(slot: RuleSlot<R>, position: number, path: "fast" | "tick", count: boolean): void {
    const index = slot.points[position]!;
    const value = slot.seen[position]!;
    const gate = this.gate(slot);
    if (gate !== null) {
      if (count) this.suppress(slot, gate, index, value);
      return;
    }
    // What each point's last value advances to unless the executor reads it (spec item 7).
    const { last, seen, triggered } = slot;
    for (let p = 0; p < last.length; p++) {
      triggered[p] = classify(seen[p]!, last[p]!, slot.valueDeadband) === "change" ? seen[p]! : last[p]!;
    }
    this.trigger(slot, { kind: "on_change", at: this.turnAt, path, index, value });
  }

  private gate(slot: RuleSlot<R>): SuppressionReason | null {
    const now = this.turnAt;
    if (slot.queued || slot.running) return "running";
    if (now < slot.lastActedAt + slot.cooldownMs) return "cooldown";
    if (now < slot.lastTriggerAt + slot.timeDeadbandMs) return "deadband_time";
    return null;
  }

  private trigger(slot: RuleSlot<R>, cause: RunCause): void {
    slot.lastTriggerAt = cause.at;
    slot.pendingCause = cause;
    slot.queued = true;
    this.ready.push(slot);
    if (this.options.onDecision) this.decide({ ruleId: slot.id, at: cause.at, decision: "run", reason: cause.kind, cause });
  }

  private unqueue(slot: RuleSlot<R>, reason: SuppressionReason | null): void {
    slot.queued = false;
    slot.pendingCause = null;
    if (reason !== null) this.suppress(slot, reason);
  }

  /** Starts ready rules while fewer than `parallelism` runner calls are in flight (spec item 2) and `admit` allows. */
  private dispatch(): void {
    if (this.stopTimer === null) return;
    while (this.inFlight < this.parallelism) {
      // Back-pressure (docs/scheduler.md): ready rules wait, queued; the next tick asks again.
      if (this.options.admit?.() === false) return;
      const slot = this.ready.pop();
      if (slot === undefined) return;
      const cause = slot.pendingCause as RunCause; // queued slots always hold their cause
      this.unqueue(slot, slot.running ? "running" : null); // running: a manual run took it meanwhile
      if (!slot.running) this.run(slot, cause);
    }
  }

  private run(slot: RuleSlot<R>, cause: RunCause): void {
    const rule = slot.rule as R; // active slots always hold their rule
    const epoch = slot.epoch;
    slot.running = true;
    // An interval run belongs to the tick that found it due: waiting for a free slot does not push
    // the rule's next due time back (else 10,000 rules at 1 s run every 1.1 s; docs/scheduler.md).
    slot.lastStartedAt = cause.kind === "interval" ? cause.at : this.turnAt;
    this.inFlight++;
    this.executions++;
    slot.stats.executions++;
    slot.stats.lastRunAt = this.turnAt;
    let execution: Promise<RunReport>;
    try {
      execution = Promise.resolve(this.options.runner(rule, cause));
    } catch (error) {
      execution = Promise.reject(error);
    }
    execution.then(
      (report) => this.finish(slot, epoch, cause, report, undefined),
      (error: unknown) => this.finish(slot, epoch, cause, null, error),
    );
  }

  private finish(slot: RuleSlot<R>, epoch: number, cause: RunCause, report: RunReport | null, error: unknown): void {
    const at = this.options.clock.now();
    this.turnAt = at;
    this.inFlight--;
    if (slot.recordOutcome(at, report, error)) this.failures++;
    if (report !== null && acted(report)) this.startCooldown(slot, cause.at, slot.cooldownMs);
    if (report?.shortCircuited) this.suppress(slot, "input_unavailable");
    if (slot.epoch === epoch) slot.rememberRun(report, true);
    this.release(slot);
    if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
    this.dispatch();
  }

  /** Ends an execution: hands the rule to a waiting manual run, or frees it. */
  private release(slot: RuleSlot<R>): void {
    const next = slot.waiters.shift();
    if (next !== undefined) return next();
    slot.running = false;
    if (!slot.listed) this.set.slots.delete(slot.id);
    if (slot.parked) {
      slot.parked = false;
      if (slot.active && slot.kind === "interval") {
        slot.nextDue = intervalDue(slot);
        this.due.push(slot);
      }
    }
  }

  /** An execution that succeeded with an action, triggered (or started, when manual) at `at`. */
  private startCooldown(slot: RuleSlot<R>, at: number, cooldownMs: number): void {
    if (at > slot.lastActedAt) slot.lastActedAt = at;
    // Rules without a cooldown cost the caller nothing.
    if (cooldownMs <= 0 || this.options.onCooldownStart === undefined) return;
    try {
      this.options.onCooldownStart(slot.id, at);
    } catch {
      // A listener's fault must not stop the loop.
    }
  }

  private suppress(slot: RuleSlot<R>, reason: SuppressionReason, index?: number, value?: number, at = this.turnAt): void {
    slot.stats.suppressed[reason]++;
    if (!this.options.onDecision) return;
    this.decide(index === undefined ? { ruleId: slot.id, at, decision: "suppressed", reason } : { ruleId: slot.id, at, decision: "suppressed", reason, index, value });
  }

  private decide(decision: SchedulerDecision): void {
    try {
      this.options.onDecision?.(decision);
    } catch {
      // A listener's fault must not stop the loop.
    }
  }
}

/** A successful execution that performed at least one action starts the cooldown. */
function acted(report: RunReport): boolean {
  return report.success && report.actionsSucceeded >= 1;
}
