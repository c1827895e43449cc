// The artifact an answer names against the request's selector: every member the selector pins
// (kind, family and, when given, version and digest) is the one used. A produced answer ran a
// model and must name it; fallback and unavailable answers ran none. Shared by the result and
// the derived data stamped from it.
import type { ArtifactIdentity, ArtifactSelector } from "../../../generated/types.js";
import type { ContractReport } from "../contract-report.js";

/** Reports `code` (the answer's `…/artifact-mismatch`); `what` names the answer in messages. */
export function checkArtifactSelection(
  actual: ArtifactIdentity | undefined,
  produced: boolean,
  selected: ArtifactSelector,
  code: "result/artifact-mismatch" | "derived/artifact-mismatch",
  what: string,
  report: ContractReport,
): void {
  const wanted = `${selected.kind}/${selected.family}${selected.version === undefined ? "" : ` ${selected.version}`}`;
  if (actual === undefined) {
    if (produced) report.error(code, "", `the request selected artifact ${wanted}, but the produced ${what} does not name the artifact it used`);
    return;
  }
  const pinned: Array<[keyof ArtifactSelector, string | undefined, string]> = [
    ["kind", selected.kind, actual.kind],
    ["family", selected.family, actual.family],
    ["version", selected.version, actual.version],
    ["artifact_digest", selected.artifact_digest, actual.artifact_digest],
  ];
  const wrong = pinned.find(([, want, got]) => want !== undefined && want !== got);
  if (wrong !== undefined) {
    const [member, want, got] = wrong;
    report.error(code, `/artifact/${member}`, `the ${what} used artifact ${member} '${got}', but the request selected '${want}'`);
  }
}
