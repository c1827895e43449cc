// The reference model's parameters, fixed in code: they are the model. Its artifact digest is the
// SHA-256 of the RFC 8785 canonical JSON of this description, so it changes exactly when a
// parameter (or the method's name or version) changes, and is the same on every machine.
import { toCanonicalJson } from "../../../compiler/jcs/canonical-json.js";
import { sha256Digest } from "../../../compiler/contracts/input-digest.js";

export interface SeasonalNaiveParameters {
  /** The season: one day. */
  seasonSeconds: number;
  /** The profile is the median of the shapes of (up to) this many earlier days, the newest first. */
  profileDays: number;
  /** The recent deviation is the mean of (cell - its profile) over the cells of this last window before as_of. */
  correctionWindowSeconds: number;
  /** The deviation's weight halves with every this many seconds ahead of as_of. */
  correctionHalfLifeSeconds: number;
  /** Quantiles need at least this many in-sample residuals; fewer is INSUFFICIENT_HISTORY. */
  minResiduals: number;
}

export const SEASONAL_NAIVE: Readonly<SeasonalNaiveParameters> = Object.freeze({
  seasonSeconds: 86_400,
  profileDays: 7,
  correctionWindowSeconds: 3_600,
  correctionHalfLifeSeconds: 10_800,
  minResiduals: 16,
});

/** The artifact's identity as the contracts name it (kind, family, version). */
export const MODEL_KIND = "model";
export const MODEL_FAMILY = "seasonal-naive";
/** 2.0.0: a level-adjusted daily profile with a decaying correction replaced 1.0.0's blend with the absolute recent level (issue 16.18). */
export const MODEL_VERSION = "2.0.0";

/** Everything that decides the model's output, as data. */
export function modelDescription(parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): Record<string, unknown> {
  return {
    kind: MODEL_KIND,
    family: MODEL_FAMILY,
    version: MODEL_VERSION,
    method:
      "profile(L) + d * 2^(-(L - as_of) / half_life): profile(L) = level_0 + median over the newest profile_days days j of (cell(L - j days) - level_j), " +
      "level_j = mean of the day ending j days before as_of (without any such day: the latest same-time-of-day cell); " +
      "d = mean of (cell - profile(cell)) over the cells of the last correction window, 0 when none has a profile",
    quantiles: "empirical in-sample one-day-ahead residuals of the history's last season, centred on their median, linear interpolation (type 7)",
    season_seconds: parameters.seasonSeconds,
    profile_days: parameters.profileDays,
    correction_window_seconds: parameters.correctionWindowSeconds,
    correction_half_life_seconds: parameters.correctionHalfLifeSeconds,
    min_residuals: parameters.minResiduals,
  };
}

/** `sha256:` + hex of the canonical JSON of modelDescription(parameters). */
export function modelDigest(parameters: SeasonalNaiveParameters = SEASONAL_NAIVE): string {
  return sha256Digest(toCanonicalJson(modelDescription(parameters)));
}
