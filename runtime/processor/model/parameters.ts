// The reference model's parameters, fixed in code: they are the model. Its artifact digest is the
// SHA-256 of the RFC 8785 canonical JSON of this description, so it changes exactly when a
// parameter (or the method's name or version) changes, and is the same on every machine.
import { toCanonicalJson } from "../../../compiler/jcs/canonical-json.js";
import { sha256Digest } from "../../../compiler/contracts/input-digest.js";

export interface SeasonalNaiveParameters {
  /** The season: one day. */
  seasonSeconds: number;
  /** w: the weight of the same-time-of-day value; the recent level gets 1 - w. */
  seasonalWeight: number;
  /** The recent level is the mean of the last k non-missing cells, k = max(1, floor(this / cadence)). */
  levelWindowSeconds: number;
  /** Quantiles need at least this many in-sample residuals; fewer is INSUFFICIENT_HISTORY. */
  minResiduals: number;
}

export const SEASONAL_NAIVE: Readonly<SeasonalNaiveParameters> = Object.freeze({
  seasonSeconds: 86_400,
  seasonalWeight: 0.7,
  levelWindowSeconds: 3_600,
  minResiduals: 16,
});

/** The artifact's identity as the contracts name it (kind, family, version). */
export const MODEL_KIND = "model";
export const MODEL_FAMILY = "seasonal-naive";
export const MODEL_VERSION = "1.0.0";

/** Everything that decides the model's output, as data. */
export function modelDescription(parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): Record<string, unknown> {
  return {
    kind: MODEL_KIND,
    family: MODEL_FAMILY,
    version: MODEL_VERSION,
    method: "w * same-time-of-day value (latest non-missing, whole days back) + (1 - w) * mean of the last k non-missing cells",
    quantiles: "empirical in-sample one-day-ahead residuals, centred on their median, linear interpolation (type 7)",
    season_seconds: parameters.seasonSeconds,
    seasonal_weight: parameters.seasonalWeight,
    level_window_seconds: parameters.levelWindowSeconds,
    min_residuals: parameters.minResiduals,
  };
}

/** `sha256:` + hex of the canonical JSON of modelDescription(parameters). */
export function modelDigest(parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): string {
  return sha256Digest(toCanonicalJson(modelDescription(parameters)));
}
