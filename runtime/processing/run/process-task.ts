// One processing call (spec: What the service does, Application request): find the commissioned
// binding and task (expected revisions fail closed), check the options, read every source in one
// snapshot, assemble the frame, send the processor request, and judge the answer. The sources,
// the processor client, the clock and ids are passed in; recording the outcome and the audit
// record is the caller's (it does both in one transaction). A failed call never writes live
// state, history or devices: this function writes nothing at all.
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import { formatUtcTime, parseUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { Diagnostic, ProcessorRoute, ProcessTaskRequest } from "../../../generated/types.js";
import type { CommissionedPack, CommissionedTask } from "../binding/index.js";
import type { ProcessorClient } from "../client/index.js";
import { assembleFrame } from "../frame/assemble-frame.js";
import { floorToGrid } from "../frame/grid.js";
import type { SourceSnapshot } from "../sources/index.js";
import { buildProcessorRequest } from "./build-processor-request.js";
import { judgeResult } from "./judge-result.js";
import type { ProcessOutcome, RefusalCode } from "./process-outcome.js";

export interface ProcessTaskDeps {
  pack: CommissionedPack;
  /** Reads every source of one frame in one consistent snapshot (grid rule 6). */
  readSources(commissioned: CommissionedTask, asOf: number, horizonSteps: number): Promise<SourceSnapshot>;
  clientFor(route: ProcessorRoute): ProcessorClient;
  now(): number;
  newId(kind: "request" | "result"): string;
}

export interface ProcessCall {
  /** The caller's x-request-id, already checked to be a valid identifier; otherwise one is made. */
  requestId?: string;
}

export async function processTask(body: ProcessTaskRequest, call: ProcessCall, deps: ProcessTaskDeps): Promise<ProcessOutcome> {
  const started = deps.now();
  const found = findBinding(body, deps.pack);
  if ("code" in found) return refused(found.code, found.message);
  const { task, route } = found;

  const options = validateContract(body, { contract: "process-task-request", task }).diagnostics.filter((d) => d.severity === "error");
  if (options.length > 0) return refused("OPTIONS_INVALID", "the request does not fit the task", options);

  // The cut: never in the future, and on the task's grid (the last label at or before it).
  const requested = parseUtcTime(body.as_of)!;
  if (requested > started) return refused("AS_OF_IN_FUTURE", `as_of ${body.as_of} is after now (${formatUtcTime(started)}): a frame cannot read what has not happened`);
  const asOf = floorToGrid(requested, task.frame.cadence_seconds * 1000);
  const horizonSteps = body.options.horizon_steps;

  const sources = await deps.readSources(found, asOf, horizonSteps);
  const assembled = assembleFrame({ task, asOf, horizonSteps, ...sources });
  if (!assembled.ok) {
    const message = assembled.code === "QUALITY_REJECTED" ? "the frame does not meet the task's quality policy" : "the sources cannot make a valid frame";
    return refused(assembled.code, message, assembled.diagnostics);
  }

  const submittedAt = deps.now();
  const built = buildProcessorRequest({
    requestId: call.requestId ?? deps.newId("request"),
    submittedAt,
    // deadline_ms is the hard budget for frame assembly plus processor work: counted from the call's start.
    deadline: started + route.deadline_ms,
    task,
    binding: { id: found.binding.id, revision: found.binding.revision },
    ...(found.binding.artifact === undefined ? {} : { artifact: found.binding.artifact }),
    frame: assembled.frame,
    options: body.options,
  });
  if (!built.ok) return refused("FRAME_INVALID", "the frame cannot be canonicalised for its digest", built.diagnostics);
  const request = built.request;

  const answer = await deps.clientFor(route).process(request);
  if (answer.kind === "error") return { kind: "processor-error", request, error: answer.error };
  const judged = judgeResult(answer.body, { request, task, resultId: deps.newId("result"), acceptedAt: deps.now() });
  if (judged.outcome === "rejected") return { kind: "rejected", request, diagnostics: judged.diagnostics };
  if (judged.outcome === "unavailable") return { kind: "unavailable", request, result: judged.result };
  return { kind: "accepted", request, result: judged.result, derived: judged.derived };
}

type Found = CommissionedTask | { code: RefusalCode; message: string };

// The binding first (it names the task it serves); expected revisions fail closed.
function findBinding(body: ProcessTaskRequest, pack: CommissionedPack): Found {
  const bindings = pack.commissioned.filter((c) => c.binding.id === body.binding_id);
  if (bindings.length === 0) return { code: "BINDING_NOT_FOUND", message: `no commissioned binding '${body.binding_id}'` };
  const binding = bindings.find((c) => c.binding.revision === body.expected_binding_revision);
  if (binding === undefined) {
    const have = bindings.map((c) => c.binding.revision).join(", ");
    return { code: "BINDING_REVISION_MISMATCH", message: `binding '${body.binding_id}' is commissioned in revision ${have}, not ${body.expected_binding_revision}` };
  }
  if (binding.task.id !== body.task_id) {
    const known = pack.commissioned.some((c) => c.task.id === body.task_id);
    const message = known ? `binding '${body.binding_id}' serves task '${binding.task.id}', not '${body.task_id}'` : `no commissioned task '${body.task_id}' (binding '${body.binding_id}' serves '${binding.task.id}')`;
    return { code: "TASK_NOT_FOUND", message };
  }
  if (binding.task.revision !== body.expected_task_revision) {
    return { code: "TASK_REVISION_MISMATCH", message: `task '${body.task_id}' is in revision ${binding.task.revision} here, not ${body.expected_task_revision}` };
  }
  if (!binding.binding.enabled) return { code: "BINDING_DISABLED", message: `binding '${body.binding_id}' is not enabled` };
  return binding;
}

function refused(code: RefusalCode, message: string, diagnostics: Diagnostic[] = []): ProcessOutcome {
  return { kind: "refused", code, message, diagnostics };
}
