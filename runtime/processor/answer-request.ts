// From a checked request to the result envelope (svc.data-processing.result.v1). The model runs
// first; when it cannot (less than a day of history, a cadence that does not divide a day), the
// task's fallback runs and is labelled `fallback`; when that is impossible too, or would be a
// series of zeros the task never declared as its baseline, the answer is `unavailable`. Pure:
// the completion time is passed in.
import { formatUtcTime } from "../../compiler/contracts/utc-time.js";
import type { ForecastOutput, ProcessingResult } from "../../generated/types.js";
import type { CheckedRequest } from "./check-request.js";
import { MODEL_ARTIFACT } from "./descriptor.js";
import { FALLBACK_STRATEGY_VERSION, fallbackForecast, seasonalNaiveForecast, type FallbackStrategy, type PointForecast } from "./model/index.js";

export type Forecast =
  | { status: "produced"; points: PointForecast[] }
  | { status: "fallback"; strategy: FallbackStrategy; sourceFeature: string; reasonCode: string; basedOnDataThrough: number; points: PointForecast[] }
  | { status: "unavailable"; reasonCode: string };

/** The longest a produced result stays valid, and a fallback, unless the task allows less. */
export const PRODUCED_LIFETIME_CAP_SECONDS = 3600;
export const FALLBACK_LIFETIME_CAP_SECONDS = 900;

export function forecastFor(checked: CheckedRequest): Forecast {
  const { request, known } = checked;
  const horizon = request.options.horizon_steps;
  const probabilities = request.options.quantiles;
  const model = seasonalNaiveForecast(checked.target, horizon, probabilities);
  if (model.ok) return { status: "produced", points: model.points };
  const fallback = known.fallback;
  if (fallback === undefined || checked.fallbackSource === undefined) return { status: "unavailable", reasonCode: model.reason };
  const outcome = fallbackForecast(fallback.strategy, checked.fallbackSource, horizon, probabilities);
  if (!outcome.ok) return { status: "unavailable", reasonCode: model.reason };
  // A fallback of zeros is refused by any task without a zero baseline (and none of ours has one).
  if (outcome.points.every((p) => p.value === 0)) return { status: "unavailable", reasonCode: "FALLBACK_ZERO_SERIES" };
  return {
    status: "fallback",
    strategy: fallback.strategy,
    sourceFeature: fallback.source_feature,
    reasonCode: model.reason,
    basedOnDataThrough: outcome.basedOnDataThrough,
    points: outcome.points,
  };
}

export interface ProcessorIdentity {
  id: string;
  version: string;
}

export function resultOf(checked: CheckedRequest, forecast: Forecast, processor: ProcessorIdentity, issuedAt: number): ProcessingResult {
  const { request } = checked;
  const base = {
    schema: "svc.data-processing.result.v1" as const,
    request_id: request.request_id,
    input_digest: request.input_digest,
    task: { ...request.task },
    binding: { ...request.binding },
    issued_at: formatUtcTime(issuedAt),
    input_watermark: request.frame.quality.input_watermark,
    processor: { id: processor.id, version: processor.version, contract: request.processor_contract },
  };
  if (forecast.status === "unavailable") {
    // All three members the contract lists. The same request would get the same answer (not
    // retryable); a frame one cadence later is the earliest that can carry new data.
    const unavailable = { reason_code: forecast.reasonCode, retryable: false, retry_after_seconds: request.frame.cadence_seconds };
    return { ...base, status: "unavailable", warnings: [], unavailable };
  }
  const expiresAt = formatUtcTime(issuedAt + lifetimeSeconds(checked, forecast.status) * 1000);
  const output = outputOf(checked, forecast.points);
  if (forecast.status === "produced") {
    return { ...base, status: "produced", expires_at: expiresAt, artifact: { ...MODEL_ARTIFACT }, output, warnings: [] };
  }
  return {
    ...base,
    status: "fallback",
    expires_at: expiresAt,
    output,
    warnings: ["MODEL_FALLBACK_USED"],
    fallback: {
      strategy: forecast.strategy,
      strategy_version: FALLBACK_STRATEGY_VERSION,
      reason_code: forecast.reasonCode,
      source_feature: forecast.sourceFeature,
      based_on_data_through: formatUtcTime(forecast.basedOnDataThrough),
    },
  };
}

/**
 * How long an answer stays valid. The processor cannot read the task's policy from the request,
 * so it stays below a conservative bound and below what its registry knows of the task:
 * produced: min(cadence x horizon, 1 h, expires_after_seconds); fallback (shorter, as the spec
 * recommends): min(one cadence, 15 min, the fallback's max_output_age_seconds).
 */
export function lifetimeSeconds(checked: CheckedRequest, status: "produced" | "fallback"): number {
  const { request, known } = checked;
  const cadence = request.frame.cadence_seconds;
  const expiresAfter = known.expires_after_seconds ?? Number.POSITIVE_INFINITY;
  if (status === "produced") return Math.min(cadence * request.options.horizon_steps, PRODUCED_LIFETIME_CAP_SECONDS, expiresAfter);
  return Math.min(cadence, FALLBACK_LIFETIME_CAP_SECONDS, known.fallback?.max_output_age_seconds ?? Number.POSITIVE_INFINITY, expiresAfter);
}

function outputOf(checked: CheckedRequest, points: readonly PointForecast[]): ForecastOutput {
  const { target } = checked.known;
  return {
    schema: "svc.data-processing.output.forecast.v1",
    kind: "forecast",
    target: target.name,
    unit: target.unit,
    sign_convention: target.sign_convention,
    cadence_seconds: checked.request.frame.cadence_seconds,
    timestamp_semantics: "interval_end",
    points: points.map((p) => ({
      timestamp: formatUtcTime(p.t),
      value: p.value,
      ...(p.quantiles === undefined ? {} : { quantiles: p.quantiles.map((q) => ({ probability: q.probability, value: q.value })) }),
    })),
  };
}
