// Validation order, stage 6, provenance entries (spec: Processing frame, Provenance entry; Grid
// rule 5): exactly one entry per populated (segment, feature) pair, issued_at <= watermark <=
// as_of, source kinds that fit the feature, and a live tail only where the task permits it and
// only in the final cell.
import type { ProvenanceEntry } from "../../../../generated/types.js";
import { at, featureWords, type FrameScope } from "./frame-scope.js";
import { pairKey, pairState } from "./populated.js";

export function checkProvenance(scope: FrameScope): void {
  const { frame, report, times } = scope;
  const seen = new Map<string, number>();
  frame.provenance.forEach((entry, i) => {
    const key = pairKey(entry.segment, entry.feature);
    const first = seen.get(key);
    if (first !== undefined) {
      report.error("frame/provenance-duplicate", at(scope, "provenance", i), `a second entry for ${pairWords(entry)}; the first is ${at(scope, "provenance", first)} (exactly one entry per populated pair)`);
      return;
    }
    seen.set(key, i);
    const state = pairState(scope, entry.segment, entry.feature);
    if (state !== "populated") {
      const why = state === "absent" ? `the frame has no ${featureWords(entry.segment)} '${entry.feature}'` : `every value of '${entry.feature}' is missing`;
      report.error("frame/provenance-unpopulated", at(scope, "provenance", i), `an entry for ${pairWords(entry)}, but ${why}; only populated pairs have provenance`);
      return;
    }
    const watermark = times.watermarks[i]!;
    const issued = times.issuedAt[i]!;
    if (issued > watermark) report.error("frame/provenance-issued-after-watermark", at(scope, "provenance", i, "issued_at"), `issued_at ${entry.issued_at} is after the entry's watermark ${entry.watermark}; issued_at <= watermark <= as_of`);
    if (watermark > times.asOf) report.error("frame/provenance-watermark-after-as-of", at(scope, "provenance", i, "watermark"), `the watermark ${entry.watermark} is after as_of ${frame.as_of}; reads never advance beyond as_of`);
    checkSourceKind(scope, entry, i);
    if (entry.source_kind === "live" || entry.source_kind === "history_and_live") checkLiveTail(scope, entry, i);
  });
  for (const segment of ["history", "future_covariates"] as const) {
    const features = (segment === "history" ? frame.history : frame.future_covariates)?.features ?? {};
    for (const name in features) requireEntry(scope, seen, segment, name);
  }
  for (const name in frame.static_features ?? {}) requireEntry(scope, seen, "static_features", name);
}

function requireEntry(scope: FrameScope, seen: Map<string, number>, segment: ProvenanceEntry["segment"], feature: string): void {
  if (seen.has(pairKey(segment, feature)) || pairState(scope, segment, feature) !== "populated") return;
  const path = segment === "static_features" ? at(scope, segment, feature) : at(scope, segment, "features", feature);
  scope.report.error("frame/provenance-missing", path, `the ${featureWords(segment)} '${feature}' has values but no provenance entry`);
}

/**
 * Constants only for static features and static features only from constants; with the task,
 * `calendar` exactly for features whose declared source is a calendar transform.
 */
function checkSourceKind(scope: FrameScope, entry: ProvenanceEntry, i: number): void {
  const kind = entry.source_kind;
  const path = (): string => at(scope, "provenance", i, "source_kind");
  if ((entry.segment === "static_features") !== (kind === "constant")) {
    const why = kind === "constant" ? "`constant` is only for static features" : "a static feature's provenance is `constant`";
    scope.report.error("frame/provenance-source-kind", path(), `${pairWords(entry)} has source_kind '${kind}': ${why}`);
    return;
  }
  const declared = scope.declared?.get(entry.segment)?.get(entry.feature);
  if (declared?.source === undefined || entry.segment === "static_features") return;
  // With the task, the kind follows the declared source: a covariate relabelled as history would
  // escape the issue-time rule, a measurement labelled calendar would not advance the watermark.
  const allowed = KINDS_OF_SOURCE[declared.source.kind];
  if (!allowed.includes(kind)) {
    const expected = allowed.map((k) => `'${k}'`).join(" or ");
    scope.report.error("frame/provenance-source-kind", path(), `${pairWords(entry)} has source_kind '${kind}', but the task declares its source as ${declared.source.kind}, whose provenance is ${expected}`);
  }
}

const KINDS_OF_SOURCE: Record<"measurement" | "covariate" | "calendar", readonly ProvenanceEntry["source_kind"][]> = {
  measurement: ["history", "live", "history_and_live"],
  covariate: ["covariate"],
  calendar: ["calendar"],
};

/** Grid rule 5: read-only live state may replace only the final cell of an opted-in `last` history feature. */
function checkLiveTail(scope: FrameScope, entry: ProvenanceEntry, i: number): void {
  const kind = entry.source_kind;
  const refuse = (why: string): void => scope.report.error("frame/live-tail-not-allowed", at(scope, "provenance", i, "source_kind"), `${pairWords(entry)} has source_kind '${kind}', but ${why}`);
  if (entry.segment !== "history") return refuse("a live tail is only for history features");
  const task = scope.task;
  if (task !== undefined) {
    const declared = scope.declared!.get("history")!.get(entry.feature);
    if (task.frame.live_tail !== "allowed") return refuse(`task '${task.id}' forbids a live tail (frame.live_tail is '${task.frame.live_tail}')`);
    if (declared !== undefined && !declared.live_tail) return refuse(`the task does not opt '${entry.feature}' in to the live tail (alignment.feature_policies live_tail)`);
    if (declared !== undefined && declared.aggregation !== "last") return refuse(`its aggregation is '${declared.aggregation}'; a live tail is rejected for everything but \`last\``);
  }
  if (kind !== "live") return;
  // `live`: the final cell alone came from live state, so the stored history gave nothing before it.
  const values = scope.frame.history.features[entry.feature]!.values;
  for (let j = 0; j < values.length - 1; j++) {
    if (values[j] === null) continue;
    scope.report.error(
      "frame/live-tail-not-final",
      at(scope, "history", "features", entry.feature, "values", j),
      `'${entry.feature}' has source_kind \`live\` (only the final cell from live state) but the cell labelled ${scope.frame.history.timestamps[j]} has a value; use \`history_and_live\` when stored history contributed`,
    );
    return;
  }
}

function pairWords(entry: ProvenanceEntry): string {
  return `(${entry.segment}, ${entry.feature})`;
}
