// Judges an assembled frame with the contract's own rules (compiler/contracts/checks/frame), so
// the runtime and `svc validate` can never disagree about a frame: the schema, then the
// structural stages (times, cadence, features, grid), then the cells, aggregates and the task's
// quality policy all together, so a rejected frame lists every quality problem at once.
// A structural failure is a bug of the assembler; it is FRAME_INVALID, never sent.
import { frameStages } from "../../../compiler/contracts/checks/frame/frame-stages.js";
import { ContractReport } from "../../../compiler/contracts/contract-report.js";
import { validateProcessingFrame } from "../../../generated/index.js";
import type { DataProcessingTask, Diagnostic, ProcessingFrame } from "../../../generated/types.js";

export type FrameJudgement = { verdict: "accepted" } | { verdict: "QUALITY_REJECTED" | "FRAME_INVALID"; diagnostics: Diagnostic[] };

/** The codes by which the task's policy refuses a coherent frame. */
export function isQualityCode(code: string): boolean {
  return code.startsWith("quality/") || code === "frame/missing-not-allowed";
}

export function judgeFrame(frame: ProcessingFrame, task: DataProcessingTask, horizonSteps: number): FrameJudgement {
  const schema: Diagnostic[] = [];
  if (!validateProcessingFrame(frame, schema)) return { verdict: "FRAME_INVALID", diagnostics: schema };
  const report = new ContractReport();
  const stages = frameStages(frame, "", { task, horizonSteps }, report);
  report.stages(
    stages.times,
    () => {
      stages.cadence();
      stages.features();
    },
    stages.grid,
  );
  if (report.failed) return { verdict: "FRAME_INVALID", diagnostics: report.diagnostics };
  // Each of these judges data the earlier stages proved coherent; none depends on another passing.
  stages.cells();
  stages.aggregates();
  stages.policy();
  const errors = report.diagnostics.filter((d) => d.severity === "error");
  if (errors.length === 0) return { verdict: "accepted" };
  return { verdict: errors.every((d) => isQualityCode(d.code)) ? "QUALITY_REJECTED" : "FRAME_INVALID", diagnostics: errors };
}
