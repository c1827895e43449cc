// Processor requests shaped like the service's: a demo task (examples/packs/demo/tasks/*.yaml,
// compiled by the pack front end), a frame built by the runtime's own frame assembly from raw
// samples of a daily curve, and the input_digest the service computes. Deterministic.
import { readFileSync } from "node:fs";
import { computeInputDigest, type DigestSource } from "../../compiler/contracts/input-digest.js";
import { formatUtcTime } from "../../compiler/contracts/utc-time.js";
import { compileDataProcessingYaml } from "../../compiler/front-ends/task-yaml/index.js";
import type { ArtifactSelector, DataProcessingTask, ProcessorRequest } from "../../generated/types.js";
import { assembleFrame } from "../../runtime/processing/frame/assemble-frame.js";
import type { CovariateRow, RawSample } from "../../runtime/processing/frame/frame-input.js";
import { MODEL_VERSION } from "../../runtime/processor/model/index.js";
import { fromRoot } from "../helpers/paths.js";

export type DemoTaskId = "site-load-forecast" | "pv-forecast";

export function demoTask(id: DemoTaskId): DataProcessingTask {
  const compiled = compileDataProcessingYaml(readFileSync(fromRoot("examples/packs/demo/tasks", `${id}.yaml`), "utf8"));
  if (compiled.document === undefined) throw new Error(`demo task ${id} does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  return compiled.document as DataProcessingTask;
}

export const fixture = <T>(name: string): T => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", `${name}.json`), "utf8")) as T;

/**
 * The contracts' fixture request (test/fixtures/contracts/processor-request.json) with its
 * artifact selector on the reference model's current version: the fixture pins the version its
 * examples were written for (1.0.0), and a version the processor no longer serves is 404
 * MODEL_NOT_FOUND, as it should be.
 */
export function sampleRequest(): ProcessorRequest {
  const request = fixture<ProcessorRequest>("processor-request");
  return withDigest({ ...request, artifact: { ...request.artifact!, version: MODEL_VERSION } });
}

/** 2026-03-02T12:00:00Z, a Monday in winter (no DST switch within a week of it). */
export const AS_OF = Date.UTC(2026, 2, 2, 12, 0, 0);

/** A site-load-like daily curve, kW: 40 at night, about 60 early afternoon UTC. */
export function loadCurve(t: number): number {
  const hour = (t / 3_600_000) % 24;
  return Math.round((50 + 10 * Math.sin(((hour - 8) / 24) * 2 * Math.PI)) * 1000) / 1000;
}

export interface DemoRequestOptions {
  task: DataProcessingTask;
  asOf?: number;
  /** Default: the task's history_steps; fewer builds the frame of a task revision with that many. */
  historySteps?: number;
  horizonSteps?: number;
  /** Value of every measured history feature at a sample time. */
  curve?: (t: number) => number;
  quantiles?: number[];
  artifact?: ArtifactSelector;
  requestId?: string;
  /** Milliseconds after as_of: submitted (default 5 s) and deadline (default 35 s). */
  submittedAfterMs?: number;
  deadlineAfterMs?: number;
}

export function demoRequest(options: DemoRequestOptions): ProcessorRequest {
  const asOf = options.asOf ?? AS_OF;
  const task: DataProcessingTask = structuredClone(options.task);
  if (options.historySteps !== undefined) task.frame.history_steps = options.historySteps;
  const horizonSteps = options.horizonSteps ?? task.frame.horizon_steps;
  const cadenceMs = task.frame.cadence_seconds * 1000;
  const curve = options.curve ?? loadCurve;
  const history: Record<string, RawSample[]> = {};
  const covariates: Record<string, CovariateRow[]> = {};
  for (const feature of task.inputs.history) {
    if (feature.source.kind !== "measurement") continue;
    // One sample a minute before each label: the cell (t - c, t] holds exactly curve(t - 60 s).
    history[feature.name] = Array.from({ length: task.frame.history_steps }, (_, i) => {
      const t = asOf - i * cadenceMs - 60_000;
      return { t, v: curve(t), seq: i };
    });
  }
  for (const feature of task.inputs.future_covariates ?? []) {
    if (feature.source.kind !== "covariate") continue;
    covariates[feature.name] = Array.from({ length: horizonSteps }, (_, i) => ({ t: asOf + (i + 1) * cadenceMs, v: 5 + i / 10, issuedAt: asOf - 3_600_000 }));
  }
  const assembled = assembleFrame({ task, asOf, horizonSteps, history, covariates });
  if (!assembled.ok) throw new Error(`the demo frame does not assemble: ${JSON.stringify(assembled)}`.slice(0, 2000));
  const request = {
    schema: "svc.data-processing.request.v1",
    request_id: options.requestId ?? "demo-0001",
    submitted_at: formatUtcTime(asOf + (options.submittedAfterMs ?? 5_000)),
    deadline: formatUtcTime(asOf + (options.deadlineAfterMs ?? 35_000)),
    task: { id: task.id, revision: task.revision, kind: task.kind },
    binding: { id: `${task.id}-main`, revision: 1 },
    processor_contract: task.processor_contract,
    ...(options.artifact === undefined ? {} : { artifact: options.artifact }),
    frame: assembled.frame,
    options: { kind: "forecast", horizon_steps: horizonSteps, ...(options.quantiles === undefined ? {} : { quantiles: options.quantiles }) },
  };
  return withDigest(request);
}

/** The request with the input_digest of its (possibly edited) content. */
export function withDigest<T extends object>(request: T): ProcessorRequest {
  const digest = computeInputDigest(request as unknown as DigestSource);
  if (!digest.ok) throw new Error(`no digest: ${JSON.stringify(digest.diagnostics)}`);
  return { ...request, input_digest: digest.digest } as unknown as ProcessorRequest;
}
