// What must hold before any cell is built: as_of on the epoch-anchored grid with every label at
// or after the epoch, a horizon the task allows, data only for declared features of the matching
// source kind, wire-safe source references, and a timezone Intl knows when calendar features
// need one. Problems are FRAME_INVALID; paths point where the frame would carry the value.
import type { ContractReport } from "../../../compiler/contracts/contract-report.js";
import { pointer } from "../../../compiler/contracts/contract-report.js";
import type { DeclaredFeature, FeatureSegment } from "../../../compiler/contracts/task-features.js";
import { formatUtcTime } from "../../../compiler/contracts/utc-time.js";
import { isKnownTimezone } from "../sources/calendar.js";
import type { FrameInput } from "./frame-input.js";
import { floorToGrid } from "./grid.js";

/** The schema's pattern of a provenance source_ref: a semantic identifier, never a path or URL. */
export const SOURCE_REF = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,255}$/;

type Declared = Map<FeatureSegment, Map<string, DeclaredFeature>>;

export function checkFrameInput(input: FrameInput, declared: Declared, report: ContractReport): void {
  checkAsOf(input, report);
  const max = input.task.frame.horizon_steps;
  if (!Number.isSafeInteger(input.horizonSteps) || input.horizonSteps < 1 || input.horizonSteps > max) {
    report.error("frame/horizon-steps", "/future_covariates/timestamps", `the requested horizon is ${input.horizonSteps} steps; it must be a whole number from 1 to the task's horizon_steps ${max}`);
  }
  checkInputNames(input, declared, report);
  const calendar = [...declared.get("history")!.values(), ...declared.get("future_covariates")!.values()].find((f) => f.source?.kind === "calendar");
  if (calendar !== undefined && !isKnownTimezone(input.task.frame.timezone)) {
    report.error("frame/unknown-timezone", featurePath(calendar), `the calendar feature '${calendar.name}' needs the task's timezone '${input.task.frame.timezone}', which this runtime's Intl does not know`);
  }
}

function checkAsOf(input: FrameInput, report: ContractReport): void {
  const { asOf, task } = input;
  const c = task.frame.cadence_seconds * 1000;
  if (!Number.isSafeInteger(asOf) || asOf % c !== 0) {
    const readable = Number.isSafeInteger(asOf) && asOf >= 0;
    const what = readable ? formatUtcTime(asOf) : `${asOf} ms`;
    const nearest = readable ? `; the label at or before it is ${formatUtcTime(floorToGrid(asOf, c))}` : "";
    report.error("frame/as-of-off-grid", "/as_of", `as_of ${what} is not on the ${task.frame.cadence_seconds} s grid anchored at the Unix epoch${nearest} (the caller floors the cut to the grid)`);
    return;
  }
  const first = asOf - (task.frame.history_steps - 1) * c;
  if (first < 0) report.error("frame/before-epoch", "/history/timestamps/0", `the first history label would be ${first} ms, before the Unix epoch (as_of ${formatUtcTime(asOf)}, ${task.frame.history_steps} steps of ${task.frame.cadence_seconds} s)`);
}

/** Each kind of data belongs to declared features of one source kind. */
function checkInputNames(input: FrameInput, declared: Declared, report: ContractReport): void {
  const byName = new Map<string, DeclaredFeature>();
  for (const segment of ["history", "future_covariates"] as const) for (const f of declared.get(segment)!.values()) byName.set(f.name, f);
  const expect = (what: string, names: Iterable<string>, fits: (f: DeclaredFeature) => boolean, needs: string): void => {
    for (const name of names) {
      const feature = byName.get(name);
      if (feature === undefined) report.error("frame/unexpected-input", pointer("history", "features", name), `${what} for '${name}', which the task does not declare`);
      else if (!fits(feature)) report.error("frame/unexpected-input", featurePath(feature), `${what} for '${name}', but ${needs}`);
    }
  };
  const measured = (f: DeclaredFeature): boolean => f.segment === "history" && f.source?.kind === "measurement";
  expect("history samples", Object.keys(input.history ?? {}), measured, "only measured history features read history");
  expect("a live value", Object.keys(input.live ?? {}), measured, "only measured history features have live state");
  expect("covariate rows", Object.keys(input.covariates ?? {}), (f) => f.source?.kind === "covariate", "only covariate features read dataset rows");
  for (const [name, ref] of Object.entries(input.sourceRefs ?? {})) {
    const feature = byName.get(name);
    if (feature === undefined || feature.source?.kind === "calendar") {
      report.error("frame/unexpected-input", feature === undefined ? pointer("history", "features", name) : featurePath(feature), `a source_ref for '${name}', which ${feature === undefined ? "the task does not declare" : "is a calendar feature (no source)"}`);
    } else if (!SOURCE_REF.test(ref)) {
      report.error("frame/source-ref", featurePath(feature), `the source_ref of '${name}' is ${JSON.stringify(ref)}; a source_ref is a semantic identifier (letters, digits, '.', '_', ':', '-'), never a query, path or URL`);
    }
  }
}

export function featurePath(feature: DeclaredFeature): string {
  return pointer(feature.segment, "features", feature.name);
}
