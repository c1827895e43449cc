// Validation order, stage 7 (spec: Processor request, artifact; Limits; Forecast processor
// contract): with the processor's descriptor, the artifact selector names an artifact it has,
// an artifact is selected when it requires one, the contract is the one it advertises, and the
// request stays within its finite limits and value types.
import type { ArtifactSelector, ForecastProcessorContract, ProcessorRequest } from "../../../../generated/types.js";
import { pointer, type ContractReport } from "../../contract-report.js";

export function checkAgainstDescriptor(request: ProcessorRequest, descriptor: ForecastProcessorContract, report: ContractReport): void {
  const processor = `processor '${descriptor.processor.id}'`;
  if (request.processor_contract !== descriptor.schema) {
    report.error("request/processor-contract-mismatch", "/processor_contract", `the request selects '${request.processor_contract}' but ${processor} implements '${descriptor.schema}'`);
  }
  checkArtifact(request.artifact, descriptor, processor, report);
  checkLimits(request, descriptor, processor, report);
  checkValueTypes(request, descriptor, processor, report);
}

function checkArtifact(selector: ArtifactSelector | undefined, descriptor: ForecastProcessorContract, processor: string, report: ContractReport): void {
  if (selector === undefined) {
    if (descriptor.requires_artifact) report.error("request/artifact-required", "", `${processor} requires an artifact selector, and the request has none`);
    return;
  }
  const match = descriptor.artifacts.some(
    (a) =>
      a.kind === selector.kind &&
      a.family === selector.family &&
      (selector.version === undefined || a.version === selector.version) &&
      (selector.artifact_digest === undefined || a.artifact_digest === selector.artifact_digest),
  );
  if (match) return;
  const known = descriptor.artifacts.map((a) => `${a.kind}/${a.family}@${a.version}`);
  const listed = known.length === 0 ? "it lists no artifacts" : `it has ${known.slice(0, 5).join(", ")}${known.length > 5 ? ` and ${known.length - 5} more` : ""}`;
  report.error("request/artifact-unknown", "/artifact", `${processor} has no artifact ${describeSelector(selector)}; ${listed}`);
}

function describeSelector(s: ArtifactSelector): string {
  return `${s.kind}/${s.family}${s.version === undefined ? "" : `@${s.version}`}${s.artifact_digest === undefined ? "" : ` with digest ${s.artifact_digest}`}`;
}

/**
 * Frame cells are timestamps x features over the history and future segments, plus one per
 * static feature (a static value is one cell).
 */
export function frameCells(request: ProcessorRequest): number {
  const { history, future_covariates: future, static_features: statics } = request.frame;
  let cells = history.timestamps.length * Object.keys(history.features).length;
  if (future !== undefined) cells += future.timestamps.length * Object.keys(future.features).length;
  return cells + Object.keys(statics ?? {}).length;
}

function checkLimits(request: ProcessorRequest, descriptor: ForecastProcessorContract, processor: string, report: ContractReport): void {
  const limits = descriptor.limits;
  const exceeded = (path: string, what: string, actual: number, limit: string, bound: number, comparison = "at most"): void =>
    report.error("request/limit-exceeded", path, `${what} is ${actual}; ${processor} accepts ${comparison} ${bound} (limits.${limit})`);
  const cells = frameCells(request);
  if (cells > limits.max_frame_cells) exceeded("/frame", "the frame's cell count (timestamps x features over all segments)", cells, "max_frame_cells", limits.max_frame_cells);
  const steps = request.frame.history.timestamps.length;
  if (steps > limits.max_history_steps) exceeded("/frame/history/timestamps", "the history length", steps, "max_history_steps", limits.max_history_steps);
  if (request.options.horizon_steps > limits.max_horizon_steps) exceeded("/options/horizon_steps", "horizon_steps", request.options.horizon_steps, "max_horizon_steps", limits.max_horizon_steps);
  const quantiles = request.options.quantiles?.length ?? 0;
  if (quantiles > limits.max_quantiles) exceeded("/options/quantiles", "the number of quantiles", quantiles, "max_quantiles", limits.max_quantiles);
  const cadence = request.frame.cadence_seconds;
  if (cadence < limits.min_cadence_seconds) exceeded("/frame/cadence_seconds", "cadence_seconds", cadence, "min_cadence_seconds", limits.min_cadence_seconds, "a cadence of at least");
}

/** Every series and static feature has a value type the processor accepts (reported once per feature). */
function checkValueTypes(request: ProcessorRequest, descriptor: ForecastProcessorContract, processor: string, report: ContractReport): void {
  const accepted = new Set<string>(descriptor.value_types);
  const check = (valueType: string, tokens: string[]): void => {
    if (!accepted.has(valueType)) report.error("request/value-type-unsupported", `/frame${pointer(...tokens)}/value_type`, `${processor} accepts value types ${descriptor.value_types.join(", ")}, not ${valueType}`);
  };
  const { history, future_covariates: future, static_features: statics } = request.frame;
  for (const name in history.features) check(history.features[name]!.value_type, ["history", "features", name]);
  for (const name in future?.features ?? {}) check(future!.features[name]!.value_type, ["future_covariates", "features", name]);
  for (const name in statics ?? {}) check(statics![name]!.value_type, ["static_features", name]);
}
