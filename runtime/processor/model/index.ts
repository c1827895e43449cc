// The reference processor's forecast methods: pure functions from the target's history cells to
// forecast points (no clock, no I/O, no HTTP). May import compiler/ (digests) and nothing of the
// runtime.
export { FALLBACK_STRATEGY_VERSION, fallbackForecast, historicalAverage, persistence, type FallbackOutcome, type FallbackStrategy } from "./fallbacks.js";
export { MODEL_FAMILY, MODEL_KIND, MODEL_VERSION, SEASONAL_NAIVE, modelDescription, modelDigest, type SeasonalNaiveParameters } from "./parameters.js";
export { empiricalQuantile, residualOffsets } from "./residual-quantiles.js";
export { correctionCells, correctionWeight, inSampleResiduals, observedSums, originAt, recentDeviation, seasonSteps, seasonalNaiveForecast, seasonalProfile, type ObservedSums, type Origin } from "./seasonal-naive.js";
export type { MethodOutcome, NoForecastReason, PointForecast, QuantilePoint, TargetHistory } from "./target-history.js";
