// Validation order, stage 6, per cell (spec: Processing frame, sample quality; Common encoding
// rules, Missing samples): a value is null exactly where its quality is `missing`, and with the
// task's missing_policy `reject` no cell is missing at all. One pass over each series; paths and
// messages are built only for reported cells.
import type { SampleQuality } from "../../../../generated/types.js";
import { CappedCells } from "./capped-cells.js";
import { at, GRID_SEGMENTS, segmentOf, type FrameScope } from "./frame-scope.js";

export function checkCells(scope: FrameScope): void {
  const reject = scope.task?.missing_policy === "reject";
  for (const segment of GRID_SEGMENTS) {
    const present = segmentOf(scope, segment);
    if (present === undefined) continue;
    for (const name in present.features) {
      const { values, quality } = present.features[name]!;
      const seriesPath = (): string => at(scope, segment, "features", name, "values");
      let mismatched: CappedCells | undefined;
      let notAllowed: CappedCells | undefined;
      for (let i = 0; i < values.length; i++) {
        const value = values[i];
        const missing = quality[i] === "missing";
        if ((value === null) !== missing) {
          (mismatched ??= new CappedCells(scope.report, "frame/missing-value-quality", seriesPath(), "have a value and quality that disagree (null exactly where the quality is `missing`)")).add(
            () => at(scope, segment, "features", name, "values", i),
            () => pairMessage(value, quality[i]!),
          );
        } else if (missing && reject) {
          (notAllowed ??= new CappedCells(scope.report, "frame/missing-not-allowed", seriesPath(), "are missing")).add(
            () => at(scope, segment, "features", name, "values", i),
            () => `the cell labelled ${present.timestamps[i]} is missing, but the task's missing_policy is \`reject\`: a required cell without a value rejects the frame`,
          );
        }
      }
      mismatched?.finish();
      notAllowed?.finish();
    }
  }
  const statics = scope.frame.static_features ?? {};
  for (const name in statics) {
    const { value, quality } = statics[name]!;
    const missing = quality === "missing";
    if ((value === null) !== missing) scope.report.error("frame/missing-value-quality", at(scope, "static_features", name, "value"), pairMessage(value, quality));
    else if (missing && reject) scope.report.error("frame/missing-not-allowed", at(scope, "static_features", name, "value"), `the static feature '${name}' is missing, but the task's missing_policy is \`reject\``);
  }
}

function pairMessage(value: unknown, quality: SampleQuality): string {
  return value === null
    ? `the value is null but its quality is '${quality}'; a missing sample is null with quality \`missing\``
    : `the quality is \`missing\` but the value is ${JSON.stringify(value)}; a missing sample is null with quality \`missing\``;
}
