// A realistic, valid processor request for the contracts benchmark: a site-load forecast task
// (like test/fixtures/contracts/task.json) at a 15-minute cadence with 7 days of history
// (672 steps) of 10 history features, a 96-step (one day) horizon and 2 future covariates.
// Cells: 672 x 10 = 6,720 history cells plus 96 x 2 = 192 future-covariate cells = 6,912.
// Deterministic (no clock, seeded values), so every run measures the same bytes.
import { computeInputDigest, type DigestSource } from "../../compiler/contracts/input-digest.js";
import type { DataProcessingTask, ProcessorRequest } from "../../generated/types.js";
import { MODEL_VERSION } from "../../runtime/processor/model/index.js";
import { seededRandom } from "../../test/helpers/seeded-random.js";

export const CADENCE_SECONDS = 900;
export const HISTORY_STEPS = 672;
export const HORIZON_STEPS = 96;
const AS_OF = Date.UTC(2026, 2, 1, 12, 0, 0); // 2026-03-01T12:00:00Z: a winter day in Berlin (UTC+1, no DST change in the horizon)
const TIMEZONE = "Europe/Berlin";
/** The newest raw observation considered: 17.875 s before as_of. */
const WATERMARK = AS_OF - 17_875;

interface HistoryFeature {
  name: string;
  unit: string;
  instance: string;
  point: string;
  /** Typical level, daily swing and noise of the series. */
  level: number;
  swing: number;
  noise: number;
}

/** Ten measured history features of a commercial site with PV, a battery, a heat pump and an EV charger. */
const HISTORY: readonly HistoryFeature[] = [
  { name: "site_load", unit: "kW", instance: "site.main_meter", point: "active_power", level: 42, swing: 12, noise: 2.5 },
  { name: "outdoor_temp", unit: "degC", instance: "site.weather_station", point: "outdoor_temp", level: 6, swing: 4, noise: 0.4 },
  { name: "pv_power", unit: "kW", instance: "site.pv_inverter", point: "active_power", level: 8, swing: 10, noise: 1.5 },
  { name: "battery_power", unit: "kW", instance: "site.battery", point: "active_power", level: 0, swing: 6, noise: 2 },
  { name: "grid_import", unit: "kW", instance: "site.grid_meter", point: "import_power", level: 30, swing: 14, noise: 3 },
  { name: "heat_pump_power", unit: "kW", instance: "site.heat_pump", point: "active_power", level: 9, swing: 3, noise: 0.8 },
  { name: "indoor_temp", unit: "degC", instance: "site.zone1", point: "air_temp", level: 21, swing: 1, noise: 0.2 },
  { name: "irradiance", unit: "W/m2", instance: "site.weather_station", point: "global_irradiance", level: 120, swing: 150, noise: 20 },
  { name: "relative_humidity", unit: "%", instance: "site.weather_station", point: "relative_humidity", level: 70, swing: 12, noise: 3 },
  { name: "ev_charger_power", unit: "kW", instance: "site.ev_charger", point: "active_power", level: 5, swing: 5, noise: 2 },
];

/** Interior cells of site_load that are missing (isolated, so the largest gap is two cadences). */
const MISSING_SITE_LOAD = new Set([37, 205, 380, 512, 640]);

export function benchTask(): DataProcessingTask {
  return {
    schema: "svc.data-processing-task.v1",
    id: "site-load-forecast-7d",
    revision: 1,
    kind: "forecast",
    description: "Benchmark: site load for the next day from a week of site measurements.",
    processor_contract: "svc.data-processing.forecast.v1",
    target: { name: "site_load", semantic_point: "site.main_meter.active_power", unit: "kW", sign_convention: "positive_consumption" },
    frame: { cadence_seconds: CADENCE_SECONDS, history_steps: HISTORY_STEPS, horizon_steps: HORIZON_STEPS, timezone: TIMEZONE, live_tail: "allowed" },
    inputs: {
      history: HISTORY.map((f) => ({ name: f.name, unit: f.unit, source: { kind: "measurement", instance_ref: f.instance, point_ref: f.point } })),
      future_covariates: [
        { name: "quarter_hour", unit: "1", source: { kind: "calendar", transform: "quarter_hour_of_day_zero_based" } },
        { name: "temp_forecast", unit: "degC", source: { kind: "covariate", dataset_ref: "weather.forecast", field: "air_temperature" } },
      ],
    },
    alignment: {
      aggregation: "mean",
      timestamp_semantics: "interval_end",
      duplicate_policy: "latest",
      feature_policies: [{ name: "outdoor_temp", aggregation: "last", live_tail: true }],
    },
    missing_policy: "allow",
    quality: {
      max_input_age_seconds: 1800,
      max_gap_seconds: 3600,
      max_missing_ratio: 0.25,
      require_input_watermark: true,
      require_covariate_issue_time_not_after_as_of: true,
    },
    output: {
      unit: "kW",
      sign_convention: "positive_consumption",
      max_quantiles: 3,
      median_policy: "may_differ",
      expires_after_seconds: 3600,
      fallback_policies: [{ strategy: "persistence", version: "1", source_feature: "site_load", max_output_age_seconds: 900 }],
    },
  } as DataProcessingTask;
}

/** The processor request for `benchTask()`, its input_digest computed by the service's own function. */
export function benchRequest(): ProcessorRequest {
  const history = Array.from({ length: HISTORY_STEPS }, (_, i) => AS_OF - (HISTORY_STEPS - 1 - i) * CADENCE_SECONDS * 1000);
  const future = Array.from({ length: HORIZON_STEPS }, (_, i) => AS_OF + (i + 1) * CADENCE_SECONDS * 1000);
  const random = seededRandom(0x5eed);
  const features: Record<string, unknown> = {};
  for (const f of HISTORY) {
    const missing = f.name === "site_load" ? MISSING_SITE_LOAD : new Set<number>();
    const values = history.map((t, i) => (missing.has(i) ? null : round3(f.level + f.swing * daily(t) + f.noise * (random() - 0.5))));
    features[f.name] = { value_type: "number", unit: f.unit, values, quality: values.map((v) => (v === null ? "missing" : "good")) };
  }
  const temperatures = future.map((t) => round3(6 + 4 * daily(t) + 0.3 * (random() - 0.5)));
  const request = {
    schema: "svc.data-processing.request.v1",
    request_id: "bench-0001",
    submitted_at: iso(AS_OF + 5_000),
    deadline: iso(AS_OF + 35_000),
    task: { id: "site-load-forecast-7d", revision: 1, kind: "forecast" },
    binding: { id: "site-load-main", revision: 2 },
    processor_contract: "svc.data-processing.forecast.v1",
    artifact: { kind: "model", family: "seasonal-naive", version: MODEL_VERSION }, // the reference processor's model
    frame: {
      schema: "svc.processing-frame.v1",
      as_of: iso(AS_OF),
      cadence_seconds: CADENCE_SECONDS,
      history: { timestamps: history.map(iso), features },
      future_covariates: {
        timestamps: future.map(iso),
        features: {
          quarter_hour: { value_type: "number", unit: "1", values: future.map(quarterHourOfDay), quality: future.map(() => "good") },
          temp_forecast: { value_type: "number", unit: "degC", values: temperatures, quality: future.map(() => "good") },
        },
      },
      quality: {
        input_watermark: iso(WATERMARK),
        // Missing cells over all required cells (history and future covariates); the largest gap spans one missing cell.
        missing_ratio: MISSING_SITE_LOAD.size / (HISTORY_STEPS * HISTORY.length + HORIZON_STEPS * 2),
        max_gap_seconds: 2 * CADENCE_SECONDS,
        live_tail_included: true,
        substituted_samples: 0,
      },
      provenance: [
        ...HISTORY.map((f, i) => ({
          segment: "history",
          feature: f.name,
          // outdoor_temp (aggregation last, live tail opted in) has its final cell from live state.
          source_kind: f.name === "outdoor_temp" ? "history_and_live" : "history",
          source_ref: `${f.instance}.${f.point}`,
          watermark: iso(WATERMARK - i * 7_000),
        })),
        { segment: "future_covariates", feature: "quarter_hour", source_kind: "calendar", watermark: iso(WATERMARK) },
        {
          segment: "future_covariates",
          feature: "temp_forecast",
          source_kind: "covariate",
          source_ref: "weather.forecast.air_temperature",
          watermark: iso(AS_OF - 3_600_000),
          issued_at: iso(AS_OF - 3_600_000),
        },
      ],
    },
    options: { kind: "forecast", horizon_steps: HORIZON_STEPS, quantiles: [0.1, 0.5, 0.9] },
  };
  const digest = computeInputDigest(request as DigestSource);
  if (!digest.ok) throw new Error(`bench request has no digest: ${JSON.stringify(digest.diagnostics)}`);
  return { ...request, input_digest: digest.digest } as ProcessorRequest;
}

/** history cells + future-covariate cells. */
export const BENCH_CELLS = { history: HISTORY_STEPS * HISTORY.length, future: HORIZON_STEPS * 2 };

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/** A daily shape in [-1, 1] peaking early afternoon UTC. */
function daily(ms: number): number {
  return Math.sin(((ms / 3_600_000 - 8) / 24) * 2 * Math.PI);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** The calendar feature: the quarter hour of the interval-end label in the task's time zone, 0..95. */
function quarterHourOfDay(ms: number): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: TIMEZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(ms));
  const hour = Number(parts.find((p) => p.type === "hour")!.value);
  const minute = Number(parts.find((p) => p.type === "minute")!.value);
  return hour * 4 + Math.floor(minute / 15);
}
