// Time driven by hand for tests of time-dependent code: a clock, and a TickTimer whose callbacks
// fire as `advance` moves the clock past each period. No real timers, no sleeps.
import type { Clock, TickTimer } from "../../runtime/engine/scheduler/types.js";

interface Registration {
  periodMs: number;
  next: number;
  onTick: () => void;
  active: boolean;
}

export interface FakeTime {
  clock: Clock;
  timer: TickTimer;
  /** Current fake time, epoch milliseconds. */
  now(): number;
  /** Timers started and not stopped. */
  activeTimers(): number;
  /**
   * Moves time forward by `ms`: pending promises settle first, then each timer period that
   * elapses fires at its own time (the clock reads that time), and promises settle after each.
   */
  advance(ms: number): Promise<void>;
  /** Moves the clock without firing timers, e.g. to model a stalled event loop. */
  jump(ms: number): void;
}

export function createFakeTime(start = 0): FakeTime {
  let now = start;
  const registrations: Registration[] = [];
  const timer: TickTimer = (periodMs, onTick) => {
    const registration = { periodMs, next: now + periodMs, onTick, active: true };
    registrations.push(registration);
    return () => {
      registration.active = false;
    };
  };
  return {
    clock: { now: () => now },
    timer,
    now: () => now,
    activeTimers: () => registrations.filter((r) => r.active).length,
    async advance(ms) {
      const end = now + ms;
      await flush(); // as in real time: settled promises run before the next timer fires
      for (;;) {
        const due = registrations.filter((r) => r.active && r.next <= end).sort((a, b) => a.next - b.next)[0];
        if (due === undefined) break;
        now = due.next;
        due.next += due.periodMs;
        due.onTick();
        await flush();
      }
      now = end;
      await flush();
    },
    jump(ms) {
      now += ms;
      for (const r of registrations) while (r.next <= now) r.next += r.periodMs;
    },
  };
}

/** Runs every queued microtask and the promise chains they start (one macrotask turn). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
