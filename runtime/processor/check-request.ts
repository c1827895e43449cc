// What the processor accepts, in the spec's validation order; the first problem decides the
// error, its rule and JSON Pointer are the details. 1: the contract and its major version (400
// SCHEMA_UNSUPPORTED). 2: the deadline (504, before any other work), the schema (400; an
// unserved task kind, which the schema refuses too, is 404 TASK_NOT_SUPPORTED), the request's
// times and input_digest. 3: a task kind and processor contract it serves and a task it knows
// (404). 4: the target series, numeric and in the task's unit (422), and the frame's feature
// set. 5-7: the frame's grid, its quality, the artifact selector and limits against the
// descriptor. Steps 2-7 are the contract's own stages (processorRequestStages), with the
// processor's checks put in at their steps.
import { processorRequestStages } from "../../compiler/contracts/checks/check-processor-request.js";
import { ContractReport } from "../../compiler/contracts/contract-report.js";
import { parseUtcTime } from "../../compiler/contracts/utc-time.js";
import { validateProcessorRequest } from "../../generated/index.js";
import type { Diagnostic, ForecastProcessorContract, ProcessorRequest } from "../../generated/types.js";
import { PROCESSOR_CONTRACT } from "./descriptor.js";
import { findKnownTask, type KnownTask } from "./known-tasks.js";
import type { TargetHistory } from "./model/index.js";
import { ProcessorError, type ProcessorErrorCode } from "./processor-error.js";

const REQUEST_SCHEMA = "svc.data-processing.request.v1";
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export interface CheckedRequest {
  request: ProcessorRequest;
  known: KnownTask;
  /** The target's history cells. */
  target: TargetHistory;
  /** The fallback's source series, when the task allows a fallback and the frame has that series. */
  fallbackSource?: TargetHistory;
  deadline: number;
}

export interface RequestContext {
  descriptor: ForecastProcessorContract;
  tasks: readonly KnownTask[];
}

/** The body's request_id when it is a well-formed one, for error envelopes; else null. */
export function readRequestId(body: unknown): string | null {
  const id = member(body, "request_id");
  return typeof id === "string" && REQUEST_ID.test(id) ? id : null;
}

/** The body's deadline in epoch ms when it is a real UTC time; else undefined. */
export function readDeadline(body: unknown): number | undefined {
  const deadline = member(body, "deadline");
  return typeof deadline === "string" ? parseUtcTime(deadline) : undefined;
}

export function checkRequest(body: unknown, context: RequestContext, now: number): CheckedRequest {
  checkContractVersion(body);
  checkDeadline(body, now);
  const schema: Diagnostic[] = [];
  if (!validateProcessorRequest(body, schema)) {
    // A kind or contract this processor does not serve is a deployment matter (404) even though
    // the schema's enumeration refuses the kind too.
    checkServed(body);
    throw errorOf(schema);
  }
  const request = body;
  const report = new ContractReport();
  let known: KnownTask | undefined;
  let target: TargetHistory | undefined;
  const own: Partial<Record<number, () => void>> = {
    3: () => {
      checkServed(request);
      known = knownTaskOf(request, context.tasks);
    },
    4: () => {
      target = numericSeries(request, known!.target.name, known!.target.unit, "target");
    },
  };
  let step = 2;
  for (const stage of processorRequestStages(request, { descriptor: context.descriptor }, report)) {
    // The processor's own check of a step runs once, before the contract's stages of that step.
    for (; step <= stage.step; step++) own[step]?.();
    stage.run();
    if (report.failed) throw errorOf(report.diagnostics);
  }
  const fallbackSource = known!.fallback === undefined ? undefined : fallbackSeries(request, known!.fallback.source_feature, known!.target.unit);
  return { request, known: known!, target: target!, ...(fallbackSource === undefined ? {} : { fallbackSource }), deadline: parseUtcTime(request.deadline)! };
}

/** Step 2, first: a request whose deadline has passed is not worked on (read from the body before its schema is checked). */
function checkDeadline(body: unknown, now: number): void {
  const deadline = readDeadline(body);
  if (deadline !== undefined && now >= deadline) {
    throw new ProcessorError("DEADLINE_EXCEEDED", "the request's deadline passed before it was started; retry with a fresh deadline", { path: "/deadline", rule: "deadline" });
  }
}

/** Step 3: the task id and revision in this processor's registry. */
function knownTaskOf(request: ProcessorRequest, tasks: readonly KnownTask[]): KnownTask {
  const known = findKnownTask(tasks, request.task.id, request.task.revision);
  if (known !== undefined) return known;
  throw new ProcessorError("TASK_NOT_SUPPORTED", `this processor does not serve task '${request.task.id}' revision ${request.task.revision}`, { path: "/task", rule: "known-task" });
}

function member(body: unknown, name: string): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

/** Stage 1: the document is a processor request, in the major version this processor reads. */
function checkContractVersion(body: unknown): void {
  const schema = member(body, "schema");
  if (schema === REQUEST_SCHEMA) return;
  if (typeof schema === "string" && /^svc\.data-processing\.request\.v\d+$/.test(schema)) {
    throw new ProcessorError("SCHEMA_UNSUPPORTED", `'${schema}' is not supported; this processor reads ${REQUEST_SCHEMA}`, { path: "/schema", rule: "contract/unsupported-version" });
  }
  throw new ProcessorError("REQUEST_INVALID", `the body is not a ${REQUEST_SCHEMA} document (its schema member must name that contract)`, { path: "/schema", rule: "contract/unknown" });
}

/**
 * A task kind or processor contract this processor does not serve is a deployment matter (404),
 * not a malformed request, even though the schema's enumeration would refuse the kind too.
 * Decided only for a request with a readable request_id (a not_found error names it).
 */
function checkServed(body: unknown): void {
  if (readRequestId(body) === null) return;
  const kind = member(member(body, "task"), "kind");
  if (typeof kind === "string" && kind !== "forecast") {
    throw new ProcessorError("TASK_NOT_SUPPORTED", `task kind '${kind.slice(0, 64)}' is not supported; this processor serves forecast tasks`, { path: "/task/kind", rule: "task-kind" });
  }
  const contract = member(body, "processor_contract");
  if (typeof contract === "string" && contract !== PROCESSOR_CONTRACT) {
    throw new ProcessorError("TASK_NOT_SUPPORTED", `processor contract '${contract.slice(0, 128)}' is not supported; this processor implements ${PROCESSOR_CONTRACT}`, {
      path: "/processor_contract",
      rule: "request/processor-contract-mismatch",
    });
  }
}

/** The error of one stage's diagnostics: by the first error's code and place (see the docs' table). */
function errorOf(diagnostics: readonly Diagnostic[]): ProcessorError {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const unknownOption = errors.find((d) => d.code === "schema/additional-properties" && (d.path ?? "").startsWith("/options/"));
  const chosen = unknownOption ?? errors[0]!;
  const code = codeOf(chosen, unknownOption !== undefined);
  const more = errors.length - 1;
  const message = `${chosen.message}${more > 0 ? ` (and ${more} more problem${more === 1 ? "" : "s"})` : ""}`;
  return new ProcessorError(code, message, { path: chosen.path ?? "", rule: chosen.code });
}

function codeOf(diagnostic: Diagnostic, unknownOption: boolean): ProcessorErrorCode {
  if (unknownOption) return "OPTION_UNKNOWN";
  const { code } = diagnostic;
  if (code === "request/artifact-unknown" || code === "request/artifact-required") return "MODEL_NOT_FOUND";
  if (code === "request/processor-contract-mismatch") return "TASK_NOT_SUPPORTED";
  if (code === "request/limit-exceeded") return "FRAME_TOO_LARGE";
  if (code.startsWith("schema/")) return "REQUEST_INVALID";
  if (code.startsWith("quality/")) return "QUALITY_REJECTED";
  // The frame's data (grid, cells, aggregates, provenance, value types) is invalid data; the rest
  // of the request (its times, digest, options) is an invalid request.
  return (diagnostic.path ?? "").startsWith("/frame") ? "FRAME_INVALID" : "REQUEST_INVALID";
}

/** The named history series as model input: it must be there, numeric, in `unit`. */
function numericSeries(request: ProcessorRequest, name: string, unit: string, role: string): TargetHistory {
  const series = Object.hasOwn(request.frame.history.features, name) ? request.frame.history.features[name] : undefined;
  const path = `/frame/history/features/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  if (series === undefined) {
    throw new ProcessorError("FRAME_INVALID", `task '${request.task.id}' needs its ${role} '${name}' as a history feature, and the frame has none`, { path, rule: "target-feature-missing" });
  }
  if (series.value_type !== "number") {
    throw new ProcessorError("FRAME_INVALID", `the ${role} '${name}' must be numeric, not ${series.value_type}`, { path: `${path}/value_type`, rule: "target-not-numeric" });
  }
  if (series.unit !== unit) {
    throw new ProcessorError("UNIT_UNSUPPORTED", `the ${role} '${name}' is in '${series.unit}', but task '${request.task.id}' forecasts it in '${unit}' (no conversion is performed)`, {
      path: `${path}/unit`,
      rule: "target-unit",
    });
  }
  return { asOf: parseUtcTime(request.frame.as_of)!, cadenceSeconds: request.frame.cadence_seconds, values: series.values as ReadonlyArray<number | null> };
}

/** The fallback's source: the target itself, or another numeric history series in the output unit. */
function fallbackSeries(request: ProcessorRequest, name: string, unit: string): TargetHistory | undefined {
  try {
    return numericSeries(request, name, unit, "fallback source");
  } catch {
    return undefined; // no usable source: no fallback; the answer is then unavailable
  }
}
