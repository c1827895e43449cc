// Simulated measurements of the virtual protocol. simulatedValue is pure: the same spec, time and
// seed always give the same value, so a scenario replays exactly on a virtual clock. The noise is
// a hash of (seed, stream, second), not a stateful generator, for the same reason.
import { mix32 } from "../../mix32.js";
import type { PointSimulation } from "../../../generated/types.js";
import type { Clock, TickTimer } from "../../engine/scheduler/types.js";
import type { PointPlane } from "../point-plane.js";
import type { PointRef } from "../point-table.js";

const DAY_MS = 86_400_000;
/** The daily curve is lowest at 04:00 UTC (and highest twelve hours later, at 16:00 UTC). */
const DAILY_LOW_MS = 4 * 3_600_000;
/** Random values (the `noise` kind and added noise) change once per second. */
const NOISE_BUCKET_MS = 1000;
/** How often the simulator updates, by default. */
export const DEFAULT_SIMULATION_PERIOD_MS = 1000;

const CURVE_STREAM = 1;
const NOISE_STREAM = 2;

/** A point's declared range (`-Infinity` / `Infinity` when unbounded), as the point catalog gives it. */
export interface PointRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The simulated value at `t` (epoch ms): the curve, plus noise, rounded to step, clamped to the
 * simulation's min/max, then to the point's range when given. The point's range is the promise
 * rules are compiled against (point/out-of-range trusts it), so a simulated point never leaves it,
 * whatever its simulation says.
 */
export function simulatedValue(spec: PointSimulation, t: number, seed = 0, point?: PointRange): number {
  const base = spec.base ?? 0;
  const amplitude = spec.amplitude ?? 0;
  const bucket = Math.floor(t / NOISE_BUCKET_MS);
  let value: number;
  switch (spec.kind) {
    case "constant":
      value = base;
      break;
    case "ramp": {
      const periodMs = (spec.period_s ?? 0) * 1000;
      value = periodMs > 0 ? base + amplitude * fraction(t / periodMs) : base;
      break;
    }
    case "noise":
      value = base + amplitude * signedRandom(seed, CURVE_STREAM, bucket);
      break;
    case "daily":
      value = base - amplitude * Math.cos(2 * Math.PI * fraction((t - DAILY_LOW_MS) / DAY_MS));
      break;
  }
  if (spec.noise !== undefined && spec.noise > 0) value += spec.noise * signedRandom(seed, NOISE_STREAM, bucket);
  if (spec.step !== undefined) value = Math.round(value / spec.step) * spec.step;
  if (spec.min !== undefined && value < spec.min) value = spec.min;
  if (spec.max !== undefined && value > spec.max) value = spec.max;
  if (point !== undefined) value = Math.min(Math.max(value, point.min), point.max);
  return value;
}

/** A seed per point, so that two points with one spec do not move in step. */
export function pointSeed(ref: PointRef): number {
  return mix32(mix32(ref.instance >>> 0) ^ Math.imul(ref.point >>> 0, 0x9e3779b1) ^ (ref.point_type === "action" ? 1 : 0));
}

export interface SimulatorOptions {
  plane: PointPlane;
  clock: Clock;
  timer: TickTimer;
  periodMs?: number;
}

export interface Simulator {
  /** Updates every simulated measurement to its value now. */
  tick(): void;
  stop(): void;
}

/** Starts simulating every measurement with a `simulate` spec: once now, then every period. */
export function createSimulator({ plane, clock, timer, periodMs = DEFAULT_SIMULATION_PERIOD_MS }: SimulatorOptions): Simulator {
  const simulated = plane.catalog.points.flatMap((p) => (p.simulate === undefined ? [] : [{ index: p.index, spec: p.simulate, seed: pointSeed(p.ref), range: { min: p.min, max: p.max } }]));
  const tick = (): void => {
    const now = clock.now();
    for (const { index, spec, seed, range } of simulated) plane.setMeasurement(index, simulatedValue(spec, now, seed, range));
  };
  tick();
  const stop = timer(periodMs, tick);
  return { tick, stop };
}

function fraction(x: number): number {
  return x - Math.floor(x);
}

// In [-1, 1): a hash of the seed, the stream and the time bucket.
function signedRandom(seed: number, stream: number, bucket: number): number {
  const low = bucket >>> 0;
  const high = Math.floor(bucket / 4_294_967_296) >>> 0;
  const h = mix32(mix32(mix32(seed ^ Math.imul(stream, 0x85ebca6b)) ^ low) ^ high);
  return (h / 4_294_967_296) * 2 - 1;
}
