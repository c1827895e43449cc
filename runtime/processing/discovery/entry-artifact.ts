// The artifact a discovery entry names (spec: Task discovery entry, artifact {kind, family,
// version, digest}; issue 16.16): the one the route's processor runs for the binding, as its
// descriptor advertises it — the advertised artifact the binding's selector matches, or the
// processor's only one when the binding selects none — with its version and digest. Without a
// descriptor, or when it does not decide (no match, several), the binding's selector as
// configured (version and digest null when it names none), or null. Pure.
import type { ArtifactIdentity, ArtifactSelector, ForecastProcessorContract, TaskDiscoveryEntry } from "../../../generated/types.js";

export function entryArtifact(selector: ArtifactSelector | undefined, descriptor: ForecastProcessorContract | undefined): TaskDiscoveryEntry["artifact"] {
  const matching = descriptor?.artifacts.filter((artifact) => selector === undefined || matches(selector, artifact)) ?? [];
  if (matching.length === 1) {
    const [artifact] = matching as [ArtifactIdentity];
    return { kind: artifact.kind, family: artifact.family, version: artifact.version, digest: artifact.artifact_digest };
  }
  if (selector === undefined) return null;
  return { kind: selector.kind, family: selector.family, version: selector.version ?? null, digest: selector.artifact_digest ?? null };
}

/** Validation step 7's rule: kind and family equal, version and digest equal where the selector names them. */
function matches(selector: ArtifactSelector, artifact: ArtifactIdentity): boolean {
  return (
    selector.kind === artifact.kind &&
    selector.family === artifact.family &&
    (selector.version === undefined || selector.version === artifact.version) &&
    (selector.artifact_digest === undefined || selector.artifact_digest === artifact.artifact_digest)
  );
}
