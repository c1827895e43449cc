// The demo's weather forecast (dataset `weather-forecast`, fields air_temperature in degC and
// global_horizontal_irradiance in W/m2): deterministic, so a service can seed its covariate table
// for the days around "now" at start-up, and examples/packs/demo/datasets/weather-forecast.csv is
// this function's output for a fixed window. Pure.
//
// The "true" weather follows the demo site's simulated daily curves (runtime/points/virtual/
// simulate.ts: lowest at 04:00 UTC, highest at 16:00 UTC): the outdoor temperature of the weather
// station (12 +- 7 degC) and an irradiance whose daylight hours are the PV inverter's (PV output
// in kW is about irradiance / 10). Each issue's values depart from it by an error that grows with
// the lead time, the same for every target of one issue and different from issue to issue, so
// that which issue a frame reads shows in its values.
//
// Seeding ahead is safe: a row issued after a frame's as_of is never read (grid rule: covariate
// rows are read by issue time), so issues dated into the coming days become visible as time
// passes, and a service seeded once keeps a current forecast until the last issue's horizon.
import type { CovariateFileRow } from "./covariate-file.js";

export const DEMO_WEATHER_DATASET = "weather-forecast";
export const DEMO_WEATHER_FIELDS = ["air_temperature", "global_horizontal_irradiance"] as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The daily curves' low (runtime/points/virtual/simulate.ts). */
const DAILY_LOW_MS = 4 * HOUR_MS;
/** More rows than this is a mistake in the arguments, not a demo. */
const MAX_ROWS = 2_000_000;

export interface DemoWeatherOptions {
  /** The label cadence: 15 minutes, the demo tasks'. */
  cadenceMs?: number;
  /** How far ahead each issue reaches: 48 hours. */
  horizonMs?: number;
}

/**
 * Rows for every label in [from, to] on the cadence grid (anchored at the epoch), from every issue
 * at a multiple of `issuedEvery` whose horizon (issue, issue + horizon] reaches the label: sorted
 * by issued_at, target_time, then field. Throws RangeError for arguments that make no sense.
 */
export function generateDemoWeather(from: number, to: number, issuedEvery: number, options: DemoWeatherOptions = {}): CovariateFileRow[] {
  const cadence = options.cadenceMs ?? 15 * 60_000;
  const horizon = options.horizonMs ?? 48 * HOUR_MS;
  for (const [name, value] of Object.entries({ from, to, issuedEvery, cadence, horizon })) {
    if (!Number.isSafeInteger(value) || value < 0 || (value === 0 && name !== "from" && name !== "to")) throw new RangeError(`generateDemoWeather: ${name} ${value} is not a positive integer of milliseconds`);
  }
  const first = Math.ceil(from / cadence) * cadence;
  const issues = Math.ceil((to - first + horizon) / issuedEvery) + 1;
  if (to < from || issues * Math.ceil(horizon / cadence) * DEMO_WEATHER_FIELDS.length > MAX_ROWS) throw new RangeError("generateDemoWeather: the window, issue interval and horizon make too many rows");
  const rows: CovariateFileRow[] = [];
  // The first issue whose horizon reaches `first`: issue + horizon >= first, issue < first.
  for (let issue = Math.floor((first - horizon) / issuedEvery) * issuedEvery; issue < to; issue += issuedEvery) {
    if (issue < 0) continue;
    const start = Math.max(first, (Math.floor(issue / cadence) + 1) * cadence);
    const end = Math.min(to, issue + horizon);
    for (let t = start; t <= end; t += cadence) {
      const lead = (t - issue) / HOUR_MS;
      const middle = t - cadence / 2;
      rows.push({ field: "air_temperature", target_time: t, value: round(temperature(middle) + 0.04 * lead * wave(issue, 3.7), 1), issued_at: issue });
      rows.push({ field: "global_horizontal_irradiance", target_time: t, value: round(irradiance(middle) * (1 - 0.002 * lead * (1 + wave(issue, 2.3))), 0), issued_at: issue });
    }
  }
  return rows;
}

/** The curve's phase at `t`: -1 at 04:00 UTC, +1 at 16:00 UTC. */
function daily(t: number): number {
  return -Math.cos((2 * Math.PI * ((((t - DAILY_LOW_MS) % DAY_MS) + DAY_MS) % DAY_MS)) / DAY_MS);
}

function temperature(t: number): number {
  return 12 + 7 * daily(t);
}

/** 0 at night; 600 W/m2 at 16:00 UTC. */
function irradiance(t: number): number {
  return Math.max(0, 1000 * daily(t) - 400);
}

/** -1 .. 1, slowly varying from issue to issue (a period of `days`). */
function wave(issue: number, days: number): number {
  return Math.sin((2 * Math.PI * issue) / (days * DAY_MS));
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  const rounded = Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded;
}
