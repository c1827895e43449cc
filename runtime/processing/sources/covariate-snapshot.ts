// Covariate datasets as frame input: for each covariate feature, the dataset rows for the labels
// of its segment (history as_of-(N-1)c ... as_of; future covariates as_of+c ... as_of+Hc), every
// issue at or before as_of. Frame assembly picks the newest issue per label itself; a row issued
// after as_of is never read. The store is injected: run this inside Store.readSnapshot.
import type { CovariateStore } from "../../store/store.js";
import type { CovariateRow } from "../frame/frame-input.js";

export type CovariateRangeReader = Pick<CovariateStore, "range">;

export interface CovariateRef {
  dataset: string;
  field: string;
  segment: "history" | "future_covariates";
}

export interface CovariateWindow {
  asOf: number;
  historySteps: number;
  /** The future segment's cells: the request's horizon_steps. */
  horizonSteps: number;
  cadenceMs: number;
}

/** The first and last label of a segment, both inclusive. */
export function covariateLabelRange(segment: CovariateRef["segment"], { asOf, historySteps, horizonSteps, cadenceMs }: CovariateWindow): { from: number; to: number } {
  return segment === "history" ? { from: asOf - (historySteps - 1) * cadenceMs, to: asOf } : { from: asOf + cadenceMs, to: asOf + horizonSteps * cadenceMs };
}

export async function readCovariateSnapshot(store: CovariateRangeReader, refs: Readonly<Record<string, CovariateRef>>, window: CovariateWindow): Promise<Record<string, CovariateRow[]>> {
  const out: Record<string, CovariateRow[]> = {};
  for (const [feature, ref] of Object.entries(refs)) {
    const { from, to } = covariateLabelRange(ref.segment, window);
    const rows = await store.range(ref.dataset, ref.field, from, to, window.asOf);
    out[feature] = rows.map((row) => ({ t: row.target_time, v: row.value, issuedAt: row.issued_at }));
  }
  return out;
}
