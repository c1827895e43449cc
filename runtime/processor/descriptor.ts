// What the reference processor advertises (svc.data-processing.forecast.v1): the contracts and
// media type it speaks, forecast tasks of numeric features, its one model artifact, its two
// fallback strategies and its finite limits. Requests are checked against it (validation step 7).
import type { ArtifactIdentity, ForecastProcessorContract } from "../../generated/types.js";
import { FALLBACK_STRATEGY_VERSION, MODEL_FAMILY, MODEL_KIND, MODEL_VERSION, modelDigest } from "./model/index.js";

export type ProcessorLimits = ForecastProcessorContract["limits"];

export const PROCESSOR_CONTRACT = "svc.data-processing.forecast.v1";
export const PROCESSOR_MEDIA_TYPE = "application/vnd.svc.data-processing+json;version=1";

/** The defaults: the demo route's 8 MiB and frame cells, two weeks of 15-minute history, two days ahead. */
export const DEFAULT_LIMITS: Readonly<ProcessorLimits> = Object.freeze({
  max_frame_cells: 200_000,
  max_request_bytes: 8 * 1024 * 1024,
  max_history_steps: 2016,
  max_horizon_steps: 192,
  max_quantiles: 9,
  min_cadence_seconds: 60,
});

/** The artifact a produced result names: the seasonal-naive model and the digest of its parameters. */
export const MODEL_ARTIFACT: Readonly<ArtifactIdentity> = Object.freeze({
  kind: MODEL_KIND,
  family: MODEL_FAMILY,
  version: MODEL_VERSION,
  artifact_digest: modelDigest(),
});

export function processorDescriptor(id: string, version: string, limits: ProcessorLimits): ForecastProcessorContract {
  return {
    schema: PROCESSOR_CONTRACT,
    processor: { id, version },
    media_type: PROCESSOR_MEDIA_TYPE,
    request_schema: "svc.data-processing.request.v1",
    result_schema: "svc.data-processing.result.v1",
    output_schema: "svc.data-processing.output.forecast.v1",
    task_kinds: ["forecast"],
    timestamp_semantics: "interval_end",
    value_types: ["number"],
    requires_artifact: false,
    artifacts: [{ ...MODEL_ARTIFACT }],
    fallback_strategies: [
      { strategy: "persistence", version: FALLBACK_STRATEGY_VERSION },
      { strategy: "historical_average", version: FALLBACK_STRATEGY_VERSION },
    ],
    limits: { ...limits },
  };
}
