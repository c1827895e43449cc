// One declared feature of a grid segment as a series plus what its provenance entry and the
// aggregate quality need, by its source kind: measured history (aggregated raw samples, live
// tail), a covariate dataset (newest issue at or before as_of), or a calendar transform.
import { CappedCells } from "../../../compiler/contracts/checks/frame/capped-cells.js";
import type { ContractReport } from "../../../compiler/contracts/contract-report.js";
import { pointer } from "../../../compiler/contracts/contract-report.js";
import type { DeclaredFeature } from "../../../compiler/contracts/task-features.js";
import { formatUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { ProvenanceEntry, SampleQuality } from "../../../generated/types.js";
import { calendarValue, type LocalClock } from "../sources/calendar.js";
import { covariateCells } from "./covariate-cells.js";
import type { FrameInput } from "./frame-input.js";
import { maxGap } from "./gap.js";
import { measurementCells } from "./measurement-cells.js";

/** A segment's grid: its labels and, when a calendar feature needs them, their local clocks. */
export interface SegmentGrid {
  segment: "history" | "future_covariates";
  labels: number[];
  clocks: () => LocalClock[];
}

export interface FeatureSeries {
  values: Array<number | null>;
  quality: SampleQuality[];
  /** Undefined when no cell has a value (an unpopulated pair has no provenance). */
  source?: {
    kind: ProvenanceEntry["source_kind"];
    /** Undefined for calendar features: their watermark follows input_watermark. */
    watermark: number | undefined;
    issuedAt?: number;
  };
  /** History features with observations: the feature's largest gap in ms. */
  gapMs?: number;
}

export interface SeriesContext {
  input: FrameInput;
  cadenceMs: number;
  report: ContractReport;
}

export function featureSeries(feature: DeclaredFeature, grid: SegmentGrid, context: SeriesContext): FeatureSeries {
  const source = feature.source!;
  switch (source.kind) {
    case "calendar": {
      const values = grid.clocks().map((clock) => calendarValue(source.transform, clock));
      return { values, quality: values.map(() => "good"), source: { kind: "calendar", watermark: undefined } };
    }
    case "covariate":
      return covariateSeries(feature, grid, context);
    case "measurement":
      return measuredSeries(feature, grid, context);
  }
}

function measuredSeries(feature: DeclaredFeature, grid: SegmentGrid, { input, cadenceMs, report }: SeriesContext): FeatureSeries {
  const task = input.task;
  const cells = measurementCells(
    input.history?.[feature.name] ?? [],
    {
      asOf: input.asOf,
      steps: grid.labels.length,
      cadenceMs,
      aggregation: feature.aggregation!,
      duplicatePolicy: feature.duplicate_policy!,
      liveTail: task.frame.live_tail === "allowed" && feature.live_tail && feature.aggregation === "last",
    },
    input.live?.[feature.name],
  );
  if (cells.duplicates.length > 0) {
    const series = pointer("history", "features", feature.name, "values");
    const capped = new CappedCells(report, "frame/duplicate-sample", series, "hold samples at one event time");
    for (const d of cells.duplicates) {
      capped.add(
        () => `${series}/${d.cell}`,
        () => `'${feature.name}' has ${d.values.length} samples at event time ${formatUtcTime(d.time)} (in the cell labelled ${formatUtcTime(grid.labels[d.cell]!)}), values ${d.values.join(", ")}; its duplicate policy is reject`,
      );
    }
    capped.finish();
  }
  const kind = cells.live ? (cells.stored ? "history_and_live" : "live") : "history";
  return {
    values: cells.values,
    quality: cells.quality,
    ...(cells.watermark === undefined ? {} : { source: { kind, watermark: cells.watermark } }),
    gapMs: cells.maxGapMs,
  };
}

function covariateSeries(feature: DeclaredFeature, grid: SegmentGrid, { input, cadenceMs, report }: SeriesContext): FeatureSeries {
  const { labels } = grid;
  const cells = covariateCells(input.covariates?.[feature.name] ?? [], labels[0]!, labels.length, cadenceMs, input.asOf);
  if (cells.conflicts.length > 0) {
    const series = pointer(grid.segment, "features", feature.name, "values");
    const capped = new CappedCells(report, "frame/duplicate-covariate", series, "have conflicting rows");
    for (const d of cells.conflicts) {
      capped.add(
        () => `${series}/${d.cell}`,
        () => `'${feature.name}' has ${d.values.length} rows for the label ${formatUtcTime(labels[d.cell]!)} issued at ${formatUtcTime(d.issuedAt)} with different values (${d.values.join(", ")}); one issue gives one value per label`,
      );
    }
    capped.finish();
  }
  const series: FeatureSeries = { values: cells.values, quality: cells.quality };
  // Watermark: the newest issue used; issued_at: the oldest, so a consumer sees the stalest forecast in the frame.
  if (cells.newestIssue !== undefined) series.source = { kind: "covariate", watermark: cells.newestIssue, issuedAt: cells.oldestIssue! };
  if (grid.segment === "history") {
    // A covariate in the history is a required historical observation too, observed at its label.
    const present = labels.filter((_, i) => cells.values[i] !== null);
    series.gapMs = maxGap(present, input.asOf - labels.length * cadenceMs, input.asOf);
  }
  return series;
}
