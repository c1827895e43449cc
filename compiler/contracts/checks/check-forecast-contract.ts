// Semantic rules of a forecast processor's descriptor (svc.data-processing.forecast.v1). An
// artifact selector must match exactly one advertised artifact, so artifacts are unique by
// identity (kind, family, version) and by digest; a processor that requires an artifact must
// advertise one; fallback strategies are listed once. (task_kinds holds only `forecast`, the one
// kind this contract serves: the schema's enum already enforces that.)
import type { ForecastProcessorContract } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { pointer, type ContractReport } from "../contract-report.js";

export const checkForecastContract: SemanticCheck<ForecastProcessorContract> = (descriptor, _context, report) => {
  checkArtifacts(descriptor, report);
  const seen = new Map<string, number>();
  descriptor.fallback_strategies.forEach((fallback, i) => {
    const key = `${fallback.strategy}\u0000${fallback.version}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else
      report.error(
        "descriptor/duplicate-fallback",
        pointer("fallback_strategies", i),
        `fallback '${fallback.strategy}' version '${fallback.version}' is already listed at /fallback_strategies/${first}`,
      );
  });
};

function checkArtifacts(descriptor: ForecastProcessorContract, report: ContractReport): void {
  if (descriptor.requires_artifact && descriptor.artifacts.length === 0) {
    report.error("descriptor/no-artifacts", "/artifacts", "requires_artifact is true, but no artifact is advertised, so no request could ever be served");
  }
  const byIdentity = new Map<string, number>();
  const byDigest = new Map<string, number>();
  descriptor.artifacts.forEach((artifact, i) => {
    const identity = `${artifact.kind}/${artifact.family} ${artifact.version}`;
    const sameIdentity = byIdentity.get(identity);
    const sameDigest = byDigest.get(artifact.artifact_digest);
    if (sameIdentity !== undefined) {
      report.error("descriptor/duplicate-artifact", pointer("artifacts", i), `artifact ${identity} is already listed at /artifacts/${sameIdentity}`);
    } else if (sameDigest !== undefined) {
      report.error(
        "descriptor/duplicate-artifact",
        pointer("artifacts", i, "artifact_digest"),
        `artifact ${identity} has the same digest as /artifacts/${sameDigest}; one digest names one artifact`,
      );
    }
    if (sameIdentity === undefined) byIdentity.set(identity, i);
    if (sameDigest === undefined) byDigest.set(artifact.artifact_digest, i);
  });
}
