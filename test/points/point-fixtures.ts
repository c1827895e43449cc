// A small site, a hand-driven clock and timer, and an event and history recorder for the point
// plane tests: time moves only when a test says so.
import type { SiteModel } from "../../generated/types.js";
import type { PointEvent } from "../../runtime/points/point-table.js";
import type { PointSample } from "../../runtime/points/point-history.js";

/** Instance 7 (AHU-1) on `virtual-1`: two measurements, three actions (one reads back). */
export function smallSite(): SiteModel {
  return {
    channels: [{ id: "virtual-1", protocol: "virtual" }],
    instances: [
      {
        id: 7,
        name: "AHU-1",
        model: "air-handling-unit",
        channel: "virtual-1",
        points: [
          { type: "measurement", point: 1, name: "supply_temp", unit: "degC", min: -30, max: 60 },
          { type: "measurement", point: 4, name: "fan_status", unit: "", min: 0, max: 1 },
          { type: "action", point: 1, name: "cooling_stage", unit: "", min: 0, max: 2, initial: 0 },
          { type: "action", point: 4, name: "fan_command", unit: "", min: 0, max: 1, reads_back: 4 },
          { type: "action", point: 2, name: "heating_valve", unit: "%", min: 0, max: 100 },
        ],
      },
    ],
  };
}

export const SUPPLY_TEMP = { instance: 7, point_type: "measurement", point: 1 } as const;
export const FAN_STATUS = { instance: 7, point_type: "measurement", point: 4 } as const;
export const COOLING_STAGE = { instance: 7, point_type: "action", point: 1 } as const;
export const FAN_COMMAND = { instance: 7, point_type: "action", point: 4 } as const;
export const HEATING_VALVE = { instance: 7, point_type: "action", point: 2 } as const;

export interface ManualClock {
  now(): number;
  set(at: number): void;
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)): ManualClock {
  let at = start;
  return {
    now: () => at,
    set: (t) => void (at = t),
    advance: (ms) => void (at += ms),
  };
}

/** A TickTimer whose ticks run when the test calls fire(). */
export function manualTimer(): { timer: (periodMs: number, onTick: () => void) => () => void; fire(): void; periodMs: number | undefined; stopped: boolean } {
  let tick: (() => void) | undefined;
  const state = {
    periodMs: undefined as number | undefined,
    stopped: false,
    timer(periodMs: number, onTick: () => void) {
      state.periodMs = periodMs;
      tick = onTick;
      return () => {
        state.stopped = true;
        tick = undefined;
      };
    },
    fire() {
      tick?.();
    },
  };
  return state;
}

/** Records events; the channel is full (offers return false) once `capacity` events are kept. */
export function eventRecorder(capacity = Infinity): { events: PointEvent[]; onEvent: (event: PointEvent) => boolean } {
  const events: PointEvent[] = [];
  return {
    events,
    onEvent(event) {
      if (events.length >= capacity) return false;
      events.push(event);
      return true;
    },
  };
}

export function historyRecorder(): { batches: PointSample[][]; append(samples: readonly PointSample[]): Promise<void> } {
  const batches: PointSample[][] = [];
  return {
    batches,
    async append(samples) {
      batches.push([...samples]);
    },
  };
}
