// The processor request for an assembled frame (spec: Processor request): identity and times
// from the call, the task and binding references, the contract, the binding's artifact selector,
// the frame, the options, and the canonical input_digest over exactly the covered members. Pure.
import { inputDigest } from "../../../compiler/contracts/input-digest.js";
import { formatUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { ArtifactSelector, DataProcessingTask, Diagnostic, ForecastOptions, ProcessingFrame, ProcessorRequest } from "../../../generated/types.js";

export interface ProcessorRequestInput {
  requestId: string;
  /** When the request is sent, epoch ms (the injected clock). */
  submittedAt: number;
  /** After it the processor must not start work or return an accepted result, epoch ms. */
  deadline: number;
  task: DataProcessingTask;
  binding: { id: string; revision: number };
  artifact?: ArtifactSelector;
  frame: ProcessingFrame;
  options: ForecastOptions;
}

export function buildProcessorRequest(input: ProcessorRequestInput): { ok: true; request: ProcessorRequest } | { ok: false; diagnostics: Diagnostic[] } {
  const { task } = input;
  const covered = {
    task: { id: task.id, revision: task.revision, kind: task.kind },
    binding: { id: input.binding.id, revision: input.binding.revision },
    processor_contract: task.processor_contract,
    ...(input.artifact === undefined ? {} : { artifact: input.artifact }),
    frame: input.frame,
    options: input.options,
  };
  const digest = inputDigest(covered);
  if (!digest.ok) return { ok: false, diagnostics: digest.diagnostics };
  return {
    ok: true,
    request: {
      schema: "svc.data-processing.request.v1",
      request_id: input.requestId,
      submitted_at: formatUtcTime(input.submittedAt),
      deadline: formatUtcTime(input.deadline),
      ...covered,
      input_digest: digest.digest,
    },
  };
}
