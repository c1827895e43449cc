// Every source of one frame, read for a commissioned task: measured history, live state for the
// features with a live tail, and covariate rows; calendar features need no read. The result is
// the FrameInput's source part, with each feature's source_ref from the binding. Call it inside
// Store.readSnapshot, passing that snapshot's stores, so all reads share one state (grid rule 6):
//
//   store.readSnapshot((s) => readSourceSnapshot({ points: s.points, covariates: s.covariates, live }, commissioned, asOf, horizon))
import type { PointKey } from "../../store/store.js";
import type { CommissionedTask } from "../binding/commissioned-task.js";
import type { FrameInput } from "../frame/frame-input.js";
import { readCovariateSnapshot, type CovariateRangeReader, type CovariateRef } from "./covariate-snapshot.js";
import { readLiveSnapshot, type LiveStateReader } from "./live-state.js";
import { readMeasurementSnapshot, type PointRangeReader } from "./measurement-snapshot.js";

export interface SourceReaders {
  points: PointRangeReader;
  covariates: CovariateRangeReader;
  /** Absent: no live tail (every cell from stored history). */
  live?: LiveStateReader;
}

export type SourceSnapshot = Required<Pick<FrameInput, "history" | "live" | "covariates" | "sourceRefs">>;

export async function readSourceSnapshot(readers: SourceReaders, commissioned: CommissionedTask, asOf: number, horizonSteps: number): Promise<SourceSnapshot> {
  const measured: Record<string, PointKey> = {};
  const live: Record<string, PointKey> = {};
  const covariates: Record<string, CovariateRef> = {};
  const sourceRefs: Record<string, string> = {};
  for (const feature of commissioned.features) {
    const { source } = feature;
    if (source.kind === "calendar") continue;
    sourceRefs[feature.name] = source.source_ref;
    if (source.kind === "measurement") {
      measured[feature.name] = source.point;
      if (feature.live_tail) live[feature.name] = source.point;
    } else {
      covariates[feature.name] = { dataset: source.dataset, field: source.field, segment: feature.segment };
    }
  }
  const { frame } = commissioned.task;
  const cadenceMs = frame.cadence_seconds * 1000;
  const history = await readMeasurementSnapshot(readers.points, measured, { asOf, historySteps: frame.history_steps, cadenceMs });
  const rows = await readCovariateSnapshot(readers.covariates, covariates, { asOf, historySteps: frame.history_steps, horizonSteps, cadenceMs });
  return { history, live: readers.live === undefined ? {} : readLiveSnapshot(readers.live, live), covariates: rows, sourceRefs };
}
