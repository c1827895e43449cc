// Frame assembly (spec: Processing frame, Grid rules): a pure function from one read snapshot of
// the sources to a svc.processing-frame.v1, or the reason there is none. The history is labelled
// as_of-(N-1)c ... as_of, the future covariates as_of+c ... as_of+Hc; every declared feature is
// in its segment, empty cells are explicit missing values, every populated pair has one
// provenance entry, and the aggregate quality summarises the cells. The result is then judged
// by the contract's own frame rules, the task's quality policy included.
import { WATERMARK_KINDS } from "../../../compiler/contracts/checks/frame/frame-scope.js";
import { ContractReport } from "../../../compiler/contracts/contract-report.js";
import { declaredFeatures, type DeclaredFeature } from "../../../compiler/contracts/task-features.js";
import { formatUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { AggregateQuality, ProcessingFrame, ProvenanceEntry, Segment, StaticFeature } from "../../../generated/types.js";
import { labelClocks, type LocalClock } from "../sources/calendar.js";
import { checkFrameInput } from "./check-input.js";
import { featureSeries, type FeatureSeries, type SegmentGrid } from "./feature-series.js";
import type { FrameAssembly, FrameInput } from "./frame-input.js";
import { futureLabels, historyLabels } from "./grid.js";
import { judgeFrame } from "./judge-frame.js";


interface Built {
  segment: SegmentGrid["segment"];
  feature: DeclaredFeature;
  series: FeatureSeries;
}

export function assembleFrame(input: FrameInput): FrameAssembly {
  const { task, asOf } = input;
  const declared = declaredFeatures(task);
  const report = new ContractReport();
  checkFrameInput(input, declared, report);
  if (report.failed) return { ok: false, code: "FRAME_INVALID", diagnostics: report.diagnostics };

  const cadenceMs = task.frame.cadence_seconds * 1000;
  const grids: SegmentGrid[] = [grid("history", historyLabels(asOf, task.frame.history_steps, cadenceMs), cadenceMs, task.frame.timezone)];
  if (declared.get("future_covariates")!.size > 0) grids.push(grid("future_covariates", futureLabels(asOf, input.horizonSteps, cadenceMs), cadenceMs, task.frame.timezone));
  const built: Built[] = [];
  for (const g of grids) {
    for (const feature of declared.get(g.segment)!.values()) built.push({ segment: g.segment, feature, series: featureSeries(feature, g, { input, cadenceMs, report }) });
  }
  if (report.failed) return { ok: false, code: "FRAME_INVALID", diagnostics: report.diagnostics };

  const frame = frameOf(input, grids, built, declared.get("static_features")!);
  const judgement = judgeFrame(frame, task, input.horizonSteps);
  if (judgement.verdict === "accepted") return { ok: true, frame };
  if (judgement.verdict === "QUALITY_REJECTED") return { ok: false, code: "QUALITY_REJECTED", diagnostics: judgement.diagnostics, frame };
  return { ok: false, code: "FRAME_INVALID", diagnostics: judgement.diagnostics };
}

function grid(segment: SegmentGrid["segment"], labels: number[], cadenceMs: number, timezone: string): SegmentGrid {
  let clocks: LocalClock[] | undefined;
  return { segment, labels, clocks: () => (clocks ??= labelClocks(labels, cadenceMs, timezone)) };
}

function frameOf(input: FrameInput, grids: SegmentGrid[], built: Built[], statics: Map<string, DeclaredFeature>): ProcessingFrame {
  const { task, asOf } = input;
  // input_watermark: the newest actual observation (history, live), null when none took part. A
  // covariate's watermark is its issue time, not an observation, so it never advances it.
  let newest: number | undefined;
  for (const { series } of built) {
    const source = series.source;
    if (source !== undefined && WATERMARK_KINDS.has(source.kind) && (newest === undefined || source.watermark! > newest)) newest = source.watermark;
  }
  // Calendar values and constants must not advance input_watermark: they carry it. With no
  // observation at all they carry as_of, the cut they were computed for.
  const derivedWatermark = formatUtcTime(newest ?? asOf);

  const segments = new Map<string, Segment>(grids.map((g) => [g.segment, { timestamps: g.labels.map(formatUtcTime), features: {} }]));
  const provenance: ProvenanceEntry[] = [];
  let missing = 0;
  let cells = 0;
  let gapMs = 0;
  for (const { segment, feature, series } of built) {
    segments.get(segment)!.features[feature.name] = { value_type: "number", unit: feature.unit!, values: series.values, quality: series.quality };
    cells += series.values.length;
    for (const q of series.quality) if (q === "missing") missing++;
    if (series.gapMs !== undefined && series.gapMs > gapMs) gapMs = series.gapMs;
    const source = series.source;
    if (source === undefined) continue;
    const ref = sourceRef(input, feature);
    provenance.push({
      segment,
      feature: feature.name,
      source_kind: source.kind,
      ...(ref === undefined ? {} : { source_ref: ref }),
      watermark: source.watermark === undefined ? derivedWatermark : formatUtcTime(source.watermark),
      ...(source.issuedAt === undefined ? {} : { issued_at: formatUtcTime(source.issuedAt) }),
    });
  }

  const quality: AggregateQuality = {
    input_watermark: newest === undefined ? null : formatUtcTime(newest),
    missing_ratio: cells === 0 ? 0 : missing / cells,
    // Whole seconds, rounded up: the quality policy must never see a gap smaller than it was.
    max_gap_seconds: Math.ceil(gapMs / 1000),
    live_tail_included: provenance.some((e) => e.source_kind === "live" || e.source_kind === "history_and_live"),
    substituted_samples: 0,
  };
  const future = segments.get("future_covariates");
  return {
    schema: "svc.processing-frame.v1",
    as_of: formatUtcTime(asOf),
    cadence_seconds: task.frame.cadence_seconds,
    history: segments.get("history")!,
    ...(future === undefined ? {} : { future_covariates: future }),
    ...(statics.size === 0 ? {} : { static_features: staticFeatures(input, statics, provenance, derivedWatermark) }),
    quality,
    provenance,
  };
}

/** The task's constants, each with `constant` provenance. */
function staticFeatures(input: FrameInput, statics: Map<string, DeclaredFeature>, provenance: ProvenanceEntry[], watermark: string): Record<string, StaticFeature> {
  const values = new Map((input.task.inputs.static ?? []).map((s) => [s.name, s.value]));
  const out: Record<string, StaticFeature> = {};
  for (const feature of statics.values()) {
    const value = values.get(feature.name)!;
    out[feature.name] = (feature.value_type === "number" ? { value_type: "number", unit: feature.unit!, value, quality: "good" } : { value_type: feature.value_type, value, quality: "good" }) as StaticFeature;
    provenance.push({ segment: "static_features", feature: feature.name, source_kind: "constant", watermark });
  }
  return out;
}

/** The caller's source_ref, else the task's semantic reference; calendar features have none. */
function sourceRef(input: FrameInput, feature: DeclaredFeature): string | undefined {
  const given = input.sourceRefs?.[feature.name];
  if (given !== undefined) return given;
  const source = feature.source!;
  if (source.kind === "measurement") return `${source.instance_ref}.${source.point_ref}`;
  if (source.kind === "covariate") return `${source.dataset_ref}.${source.field}`;
  return undefined;
}
