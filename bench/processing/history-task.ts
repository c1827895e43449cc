// The processing benchmark's task and its history: a site-load forecast task like the demo's
// (examples/packs/demo/tasks/site-load-forecast.yaml: 15-minute cadence, 7 days = 672 history
// steps, a 96-step horizon, Europe/Berlin calendar covariates, missing_policy reject) but with 10
// measured history features, each bound to its own stored point. Its future covariates are the
// three calendar features only (no covariate dataset), so the history rows are the only rows a
// frame reads and the plain store query over them is the exact floor.
//
// History: 100,000 samples per point, one every 6.5 s, the newest just before as_of: 1,000,000
// rows in all, of which about 93,000 per point fall in the 7-day window (as_of - 7 d, as_of] and
// the rest before it. Values are deterministic (a daily shape plus seeded noise).
import type { DataProcessingTask, ProcessorRoute, ProcessorRouteConfig } from "../../generated/types.js";
import type { CommissionedTask } from "../../runtime/processing/binding/index.js";
import type { PointKey, PointSample } from "../../runtime/store/store.js";
import { seededRandom } from "../../test/helpers/seeded-random.js";

export const CADENCE_MS = 900_000;
export const HISTORY_STEPS = 672;
export const HORIZON_STEPS = 96;
export const SAMPLES_PER_POINT = 100_000;
export const SAMPLE_INTERVAL_MS = 6_500;
export const TOTAL_ROWS = 10 * SAMPLES_PER_POINT;
const TIMEZONE = "Europe/Berlin";

interface HistoryFeature {
  name: string;
  unit: string;
  instanceRef: string;
  pointRef: string;
  /** The stored point the binding resolves the feature to. */
  point: PointKey;
  level: number;
  swing: number;
  noise: number;
}

const measured = (instance: number, point: number): PointKey => ({ instance, point_type: "measurement", point });

/** Ten measured features of a commercial site with PV, a battery, a heat pump and an EV charger. */
export const FEATURES: readonly HistoryFeature[] = [
  { name: "site_load", unit: "kW", instanceRef: "site.main_meter", pointRef: "active_power", point: measured(1, 1), level: 42, swing: 12, noise: 2.5 },
  { name: "outdoor_temp", unit: "degC", instanceRef: "site.weather_station", pointRef: "outdoor_temp", point: measured(2, 1), level: 6, swing: 4, noise: 0.4 },
  { name: "pv_power", unit: "kW", instanceRef: "site.pv_inverter", pointRef: "active_power", point: measured(3, 1), level: 8, swing: 10, noise: 1.5 },
  { name: "battery_power", unit: "kW", instanceRef: "site.battery", pointRef: "active_power", point: measured(4, 1), level: 0, swing: 6, noise: 2 },
  { name: "grid_import", unit: "kW", instanceRef: "site.grid_meter", pointRef: "import_power", point: measured(5, 1), level: 30, swing: 14, noise: 3 },
  { name: "heat_pump_power", unit: "kW", instanceRef: "site.heat_pump", pointRef: "active_power", point: measured(6, 1), level: 9, swing: 3, noise: 0.8 },
  { name: "indoor_temp", unit: "degC", instanceRef: "site.zone1", pointRef: "air_temp", point: measured(7, 1), level: 21, swing: 1, noise: 0.2 },
  { name: "irradiance", unit: "W/m2", instanceRef: "site.weather_station", pointRef: "global_irradiance", point: measured(2, 2), level: 120, swing: 150, noise: 20 },
  { name: "relative_humidity", unit: "%", instanceRef: "site.weather_station", pointRef: "relative_humidity", point: measured(2, 3), level: 70, swing: 12, noise: 3 },
  { name: "ev_charger_power", unit: "kW", instanceRef: "site.ev_charger", pointRef: "active_power", point: measured(8, 1), level: 5, swing: 5, noise: 2 },
];

export const TASK_ID = "site-load-forecast-10";
export const BINDING = { id: "site-load-bench", revision: 1 } as const;

export function benchTask(): DataProcessingTask {
  return {
    schema: "svc.data-processing-task.v1",
    id: TASK_ID,
    revision: 1,
    kind: "forecast",
    description: "Benchmark: site load for the next day from a week of ten site measurements.",
    processor_contract: "svc.data-processing.forecast.v1",
    target: { name: "site_load", semantic_point: "site.main_meter.active_power", unit: "kW", sign_convention: "positive_consumption" },
    frame: { cadence_seconds: CADENCE_MS / 1000, history_steps: HISTORY_STEPS, horizon_steps: HORIZON_STEPS, timezone: TIMEZONE, live_tail: "forbidden" },
    inputs: {
      history: FEATURES.map((f) => ({ name: f.name, unit: f.unit, source: { kind: "measurement", instance_ref: f.instanceRef, point_ref: f.pointRef } })),
      future_covariates: [
        { name: "quarter_hour", unit: "1", source: { kind: "calendar", transform: "quarter_hour_of_day_zero_based" } },
        { name: "day_of_week", unit: "1", source: { kind: "calendar", transform: "day_of_week" } },
        { name: "is_weekend", unit: "1", source: { kind: "calendar", transform: "is_weekend" } },
      ],
    },
    alignment: { aggregation: "mean", timestamp_semantics: "interval_end", duplicate_policy: "latest" },
    missing_policy: "reject",
    quality: {
      max_input_age_seconds: 1800,
      max_gap_seconds: 3600,
      max_missing_ratio: 0,
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

/** The route to the reference processor at `endpoint` (the demo route's limits and timeouts). */
export function benchRoute(endpoint: string): ProcessorRoute {
  const processor: ProcessorRouteConfig = {
    endpoint,
    id: "reference-forecast",
    version: "0.1.0",
    contract: "svc.data-processing.forecast.v1",
    requires_artifact: false,
    boundary: "local",
    max_frame_cells: 200_000,
    max_request_bytes: 8 * 1024 * 1024,
    max_response_bytes: 1024 * 1024,
    connect_timeout_ms: 1000,
    request_timeout_ms: 25_000,
    bearer_token_env: "SVC_PROCESSOR_TOKEN",
  } as ProcessorRouteConfig;
  return {
    id: "reference-forecast",
    confirmation: "never",
    deadline_ms: 30_000,
    audit_finalization_timeout_ms: 5000,
    max_concurrency: 2,
    max_frame_samples: 200_000,
    processor,
  } as ProcessorRoute;
}

/** The task as a binding commissions it: every measured feature resolved to its stored point. */
export function commissionedTask(task: DataProcessingTask, route: ProcessorRoute): CommissionedTask {
  return {
    task,
    binding: { id: BINDING.id, revision: BINDING.revision, enabled: true },
    route,
    features: [
      ...FEATURES.map((f) => ({
        name: f.name,
        segment: "history" as const,
        unit: f.unit,
        live_tail: false,
        source: { kind: "measurement" as const, point: f.point, unit: f.unit, source_ref: `${f.instanceRef}.${f.pointRef}` },
      })),
      ...(task.inputs.future_covariates ?? []).map((c) => ({
        name: c.name,
        segment: "future_covariates" as const,
        unit: c.unit!,
        live_tail: false,
        source: c.source as CommissionedTask["features"][number]["source"],
      })),
    ],
  };
}

/** The measured points by feature name. */
export function pointRefs(): Record<string, PointKey> {
  return Object.fromEntries(FEATURES.map((f) => [f.name, f.point]));
}

/**
 * The history rows in batches of `batchSize`, oldest first within each point. Point k's newest
 * sample is 1 s + k x 331 ms before as_of, so the points' sample times interleave.
 */
export function* historyBatches(asOf: number, batchSize: number): Generator<PointSample[]> {
  const random = seededRandom(0x5eed);
  let batch: PointSample[] = [];
  for (let k = 0; k < FEATURES.length; k++) {
    const f = FEATURES[k]!;
    const newest = asOf - 1000 - k * 331;
    for (let i = SAMPLES_PER_POINT - 1; i >= 0; i--) {
      const at = newest - i * SAMPLE_INTERVAL_MS;
      batch.push({ ...f.point, at, value: round3(f.level + f.swing * daily(at) + f.noise * (random() - 0.5)) });
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** A daily shape in [-1, 1] peaking early afternoon UTC. */
function daily(ms: number): number {
  return Math.sin(((ms / 3_600_000 - 8) / 24) * 2 * Math.PI);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
