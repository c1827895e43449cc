// A task as commissioned on this site: the declaration, the binding that resolves its semantic
// references, the processor route, and for every input feature where its values come from. Built
// only when every reference resolved with matching metadata (resolve-binding.ts); never partial.
import type { ArtifactSelector, CalendarTransform, DataProcessingTask, ProcessorRoute, SignConvention } from "../../../generated/types.js";
import type { PointKey } from "../../store/store.js";

export type CommissionedSource =
  /** A site measurement: its history, and its live state for an opted-in live tail. */
  | { kind: "measurement"; point: PointKey; unit: string; sign_convention?: SignConvention; source_ref: string }
  /** A field of a covariate dataset of the service. */
  | { kind: "covariate"; dataset: string; field: string; unit: string; source_ref: string }
  | { kind: "calendar"; transform: CalendarTransform };

export interface CommissionedFeature {
  name: string;
  segment: "history" | "future_covariates";
  unit: string;
  /** The final history cell may come from live state (task allows it, feature opted in, aggregation last). */
  live_tail: boolean;
  source: CommissionedSource;
}

export interface CommissionedBinding {
  id: string;
  revision: number;
  /** Only an enabled binding may run. */
  enabled: boolean;
  /** The artifact policy: which model to ask for; absent when the processor chooses. */
  artifact?: ArtifactSelector;
}

export interface CommissionedTask {
  task: DataProcessingTask;
  binding: CommissionedBinding;
  route: ProcessorRoute;
  /** The task's history and future-covariate features, in declaration order. */
  features: CommissionedFeature[];
}
