// Demo history for the points the commissioned tasks read, so that the demo forecast's 7-day
// history (missing_policy reject, max_missing_ratio 0) is complete from the first start. The
// values are the site's own simulation (runtime/points/virtual/simulate.ts: the same curve, noise
// and seed per point that the virtual channel uses), at 1-minute steps: what the running service
// would have recorded had it been running. Only simulated measurements are seeded; a point
// without a `simulate` spec is left alone (its history is real or absent).
//
// Seeded is the part of the window (now - 7 d 1 h, now] after the point's newest stored sample:
// all of it on a new store, nothing on a restart right after a stop, the gap after a longer stop
// (so a stop never leaves the forecast without a complete week). Seeding again therefore adds
// nothing, and samples land on whole minutes, where the store keeps one sample per point and
// millisecond anyway. The newest sample is found by reading backwards in 15-minute windows: a
// store that has recorded at 1 Hz is read for at most one window per point. Pure: the store is
// passed in.
import type { SiteModel } from "../../../generated/types.js";
import { createPointCatalog } from "../../points/point-catalog.js";
import { pointRefText } from "../../points/point-text.js";
import { pointSeed, simulatedValue } from "../../points/virtual/simulate.js";
import type { PointHistoryStore, PointKey, PointSample } from "../../store/store.js";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Seven days (the demo tasks' 672 steps of 15 minutes) and an hour to spare. */
export const DEMO_HISTORY_SPAN_MS = 7 * 24 * HOUR_MS + HOUR_MS;
export const DEMO_HISTORY_STEP_MS = MINUTE_MS;
/** The backward search's window: one cadence of the demo tasks. */
const PROBE_MS = 15 * MINUTE_MS;

export type HistorySeeder = Pick<PointHistoryStore, "append" | "range" | "valueAt">;

export interface DemoHistorySeed {
  /** Samples written. */
  samples: number;
  /** Points that received samples. */
  points: number;
  /** Simulated points whose history reached `now` already. */
  current: number;
  /** Points not seeded because the site does not simulate them, as `measurement(5, 1)`. */
  notSimulated: string[];
}

export interface DemoHistoryOptions {
  spanMs?: number;
  stepMs?: number;
}

/** Seeds the simulated points among `refs` (duplicates count once) up to `now`; one append for all. */
export async function seedDemoHistory(history: HistorySeeder, site: SiteModel, refs: readonly PointKey[], now: number, options: DemoHistoryOptions = {}): Promise<DemoHistorySeed> {
  const span = options.spanMs ?? DEMO_HISTORY_SPAN_MS;
  const step = options.stepMs ?? DEMO_HISTORY_STEP_MS;
  const catalog = createPointCatalog(site);
  const result: DemoHistorySeed = { samples: 0, points: 0, current: 0, notSimulated: [] };
  const samples: PointSample[] = [];
  for (const ref of unique(refs)) {
    const point = catalog.lookup(ref);
    const spec = point?.simulate;
    if (point === undefined || spec === undefined) {
      result.notSimulated.push(pointRefText(ref));
      continue;
    }
    const from = now - span;
    const start = Math.max(from, (await newestSample(history, ref, from, now)) ?? from);
    const seed = pointSeed(ref);
    const before = samples.length;
    for (let at = (Math.floor(start / step) + 1) * step; at <= now; at += step) {
      samples.push({ instance: ref.instance, point_type: ref.point_type, point: ref.point, at, value: simulatedValue(spec, at, seed, point) });
    }
    if (samples.length > before) result.points++;
    else result.current++;
  }
  if (samples.length > 0) await history.append(samples);
  result.samples = samples.length;
  return result;
}

/** The time of the newest sample in (from, to]; undefined when there is none. */
async function newestSample(history: HistorySeeder, ref: PointKey, from: number, to: number): Promise<number | undefined> {
  // One indexed lookup answers the common first start: no history at all.
  if (Number.isNaN(await history.valueAt(ref, to))) return undefined;
  for (let end = to; end > from; end -= PROBE_MS) {
    const rows = await history.range(ref, Math.max(from + 1, end - PROBE_MS + 1), end);
    if (rows.length > 0) return rows[rows.length - 1]!.at;
  }
  return undefined;
}

function unique(refs: readonly PointKey[]): PointKey[] {
  const seen = new Map<string, PointKey>();
  for (const ref of refs) seen.set(`${ref.instance}/${ref.point_type}/${ref.point}`, ref);
  return [...seen.values()];
}
