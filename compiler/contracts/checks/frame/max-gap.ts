// Validation order, stage 6, aggregate quality (spec: Processing frame, Aggregate quality:
// max_gap_seconds is the "largest gap among required historical observations"; Grid rules 1 and
// 6): max_gap_seconds may not be smaller than a gap the history cells prove.
//
// The bound, per history feature (the sample frame reports 1800 s for one missing site_load cell
// while outdoor_temp is complete, so gaps are not measured over all features merged). Label t
// covers the raw interval (t-c, t] and its value may come from anywhere in it; a missing cell is
// an empty interval (grid rule 6). Take a run of k missing cells, labels t1+c ... t1+k·c, with an
// observed cell at or before t1 and another after the run: nothing took part in (t1, t1+k·c], so
// the newest observation up to t1 and the next one are more than k·c apart. For neighbours t1 and
// t2 = t1+(k+1)c that is "more than t2 - t1 - c". Nothing larger is proven: observations at t1 and
// just after t2-c are k·c and a millisecond apart, so the label distance (k+1)·c would reject a
// service that measures between raw observation times. max_gap_seconds is whole seconds and may
// be rounded down, so the rule is max_gap_seconds >= k·c (exactly k·c passes).
//
// What proves an observation: a `good` or `uncertain` cell of a feature whose provenance is an
// actual observation (calendar values are computed). A `substituted` cell proves none and ends
// a run (it may stand for a rejected reading). The final cell of a live-fed feature proves none
// either: live state may hold a value observed before that interval. Runs with no observed cell on
// one side bound nothing: the observation there may lie outside the window.
import type { ProvenanceEntry, SampleQuality } from "../../../../generated/types.js";
import { formatUtcTime } from "../../utc-time.js";
import { at, OBSERVED_KINDS, type FrameScope } from "./frame-scope.js";

interface Run {
  feature: string;
  /** Index of the first and the last missing cell of the run. */
  first: number;
  last: number;
}

export function checkMaxGap(scope: FrameScope): void {
  const { frame } = scope;
  const kinds = new Map<string, ProvenanceEntry["source_kind"]>();
  for (const entry of frame.provenance) if (entry.segment === "history") kinds.set(entry.feature, entry.source_kind);
  let widest: Run | undefined;
  for (const name in frame.history.features) {
    const kind = kinds.get(name);
    // No entry: every cell is missing (the provenance stage passed), so no observation at all.
    if (kind === undefined || !OBSERVED_KINDS.has(kind)) continue;
    const run = widestInteriorRun(name, frame.history.features[name]!.quality, kind === "live" || kind === "history_and_live");
    if (run !== undefined && (widest === undefined || run.last - run.first > widest.last - widest.first)) widest = run;
  }
  if (widest === undefined) return;
  const k = widest.last - widest.first + 1;
  const proven = (k * scope.cadenceMs) / 1000;
  if (frame.quality.max_gap_seconds >= proven) return;
  const labels = scope.times.history;
  const from = formatUtcTime(labels[widest.first]! - scope.cadenceMs);
  const to = formatUtcTime(labels[widest.last]!);
  scope.report.error(
    "frame/max-gap-understated",
    at(scope, "quality", "max_gap_seconds"),
    `max_gap_seconds is ${frame.quality.max_gap_seconds}, but '${widest.feature}' has ${k} missing cell${k === 1 ? "" : "s"} between observed ones: nothing was observed in (${from}, ${to}], so two of its observations are more than ${proven} s apart; max_gap_seconds must be at least ${proven}`,
  );
}

const observed = (quality: SampleQuality): boolean => quality === "good" || quality === "uncertain";

/** The longest run of missing cells with an observed cell somewhere before and somewhere after it. */
function widestInteriorRun(feature: string, quality: readonly SampleQuality[], liveFed: boolean): Run | undefined {
  const end = liveFed ? quality.length - 1 : quality.length; // cells that can prove an observation: [0, end)
  let firstObserved = -1;
  let lastObserved = -1;
  for (let i = 0; i < end; i++) {
    if (!observed(quality[i]!)) continue;
    if (firstObserved < 0) firstObserved = i;
    lastObserved = i;
  }
  let widest: Run | undefined;
  let start = -1;
  for (let i = firstObserved + 1; i < lastObserved; i++) {
    if (quality[i] !== "missing") {
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (widest === undefined || i - start > widest.last - widest.first) widest = { feature, first: start, last: i };
  }
  return widest;
}
