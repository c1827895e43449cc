// Valid and invalid values of every data-processing contract schema, for the generated validators'
// test. The valid ones are the coherent sample set of test/fixtures/contracts/; each invalid one
// breaks one encoding rule of the spec ("Common encoding rules").
import { readFileSync } from "node:fs";
import { fromRoot } from "../helpers/paths.js";
import type { Samples } from "./api-samples.js";

type Doc = Record<string, unknown>;

export function contractSample(name: string): Doc {
  return JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", `${name}.json`), "utf8")) as Doc;
}

const patched = (name: string, patch: Doc): Doc => ({ ...contractSample(name), ...patch });

export const DATA_PROCESSING_SAMPLES: Record<string, Samples> = {
  DataProcessingTask: {
    valid: [contractSample("task")],
    invalid: [patched("task", { schema: "svc.data-processing-task.v2" }), patched("task", { revision: 0 }), patched("task", { kind: "Forecast" }), patched("task", { processor_url: "http://x" })],
  },
  ProcessTaskRequest: {
    valid: [contractSample("process-task-request")],
    invalid: [patched("process-task-request", { as_of: "2026-03-01T12:00:00+01:00" }), patched("process-task-request", { frame: {} }), patched("process-task-request", { options: { kind: "forecast", horizon_steps: 4, smoothing: 2 } })],
  },
  ProcessingFrame: {
    valid: [contractSample("frame")],
    invalid: [patched("frame", { as_of: "1969-12-31T23:59:59Z" }), patched("frame", { as_of: "2026-03-01T12:00:00.1234Z" }), patched("frame", { cadence_seconds: 900.5 })],
  },
  ProcessorRequest: {
    valid: [contractSample("processor-request")],
    invalid: [patched("processor-request", { input_digest: "sha256:ABC" }), patched("processor-request", { artifact: { kind: "model", family: "x", path: "/models/x.onnx" } })],
  },
  ProcessingResult: {
    valid: [contractSample("result-produced"), contractSample("result-fallback"), contractSample("result-unavailable")],
    invalid: [patched("result-unavailable", { expires_at: "2026-03-01T13:00:00Z" }), patched("result-produced", { status: "rejected" }), patched("result-fallback", { fallback: undefined })],
  },
  ForecastOutput: {
    valid: [contractSample("forecast-output")],
    invalid: [patched("forecast-output", { timestamp_semantics: "interval_start" }), patched("forecast-output", { points: [{ timestamp: "2026-03-01T12:15:00Z", value: "43" }] })],
  },
  DerivedData: {
    valid: [contractSample("derived-data")],
    invalid: [patched("derived-data", { processing_status: "unavailable" })],
  },
  ProcessingErrorEnvelope: {
    valid: [contractSample("error")],
    invalid: [patched("error", { category: "busy" }), patched("error", { code: "processor busy" })],
  },
  ForecastProcessorContract: {
    valid: [contractSample("forecast-contract")],
    invalid: [patched("forecast-contract", { media_type: "application/json" })],
  },
  TaskDiscoveryEntry: {
    valid: [contractSample("task-discovery-entry")],
    invalid: [patched("task-discovery-entry", { deadline_ms: 0 })],
  },
  ProcessorRouteConfig: {
    valid: [contractSample("processor-route")],
    invalid: [patched("processor-route", { endpoint: "http://user:secret@127.0.0.1:8090" }), patched("processor-route", { ca_file: "/etc/ca.pem" }), patched("processor-route", { bearer_token_env: "token" })],
  },
  DataProcessingPackFile: {
    valid: [{ kind: "DataProcessingTask", task: contractSample("task") }, { kind: "ProcessorRoute", route: { id: "r", confirmation: "never", deadline_ms: 1, audit_finalization_timeout_ms: 1, max_concurrency: 1, max_frame_samples: 1, processor: contractSample("processor-route") } }],
    invalid: [{ kind: "DataProcessingTasks", task: {} }, { kind: "DataProcessingBinding", binding: { id: "b" } }],
  },
};
