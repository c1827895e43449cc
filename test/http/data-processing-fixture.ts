// Data processing for the HTTP tests: the demo pack commissioned (optionally changed per test
// suite), frame sources faked with a complete synthetic week (the approach of
// test/processing/run/process-task.test.ts), a processor client pointed at a loopback processor
// with a token, and the reference processor started on 127.0.0.1:0 on the fixture's clock.
import { readFileSync } from "node:fs";
import { formatUtcTime } from "../../compiler/contracts/utc-time.js";
import type { ProcessorRoute, ProcessorRouteConfig, ProcessTaskRequest } from "../../generated/types.js";
import type { Clock } from "../../runtime/engine/scheduler/types.js";
import type { ProcessingDeps } from "../../runtime/http/app-deps.js";
import { commissionPack, loadProcessingPack, type CommissionedPack, type CommissionedTask, type PackText } from "../../runtime/processing/binding/index.js";
import { createProcessorClient, type ProcessorClient } from "../../runtime/processing/client/index.js";
import type { CovariateRow, RawSample } from "../../runtime/processing/frame/frame-input.js";
import type { SourceSnapshot } from "../../runtime/processing/sources/index.js";
import { knownTaskOf, REFERENCE_TASKS } from "../../runtime/processor/known-tasks.js";
import { startReferenceProcessor, type RunningProcessor } from "../../runtime/processor/start-processor.js";
import { START } from "../rules/engine-fixture.js";
import { fromRoot } from "../helpers/paths.js";

const DEMO = "examples/packs/demo";
const FILES = ["tasks/site-load-forecast.yaml", "tasks/pv-forecast.yaml", "bindings/site-load-main.yaml", "bindings/pv-main.yaml", "routes/reference-forecast.yaml", "site.yaml"];

export const PROCESSOR_TOKEN = "processor-token-for-the-http-tests";
/** The HTTP fixture's fake time: as_of of every call (on the 15-minute grid). */
export const AS_OF = formatUtcTime(START);

/** The demo pack, commissioned; `change` may rewrite each commissioned task (its task, binding or route). */
export function demoPack(change: (c: CommissionedTask) => CommissionedTask = (c) => c): CommissionedPack {
  const read = (file: string): PackText => ({ file, text: readFileSync(fromRoot(DEMO, file), "utf8") });
  const files = FILES.map(read);
  const loaded = loadProcessingPack(files.slice(0, -1), files[files.length - 1]!);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  const pack = commissionPack(loaded.pack);
  if (pack.refused.length > 0) throw new Error(JSON.stringify(pack.refused));
  return { ...pack, commissioned: pack.commissioned.map(change) };
}

/** A complete week of minute samples on a daily curve for every measured feature, and a weather forecast issued an hour before as_of. */
export function syntheticSources(c: CommissionedTask, asOf: number, horizonSteps: number): SourceSnapshot {
  const cadenceMs = c.task.frame.cadence_seconds * 1000;
  const history: Record<string, RawSample[]> = {};
  const covariates: Record<string, CovariateRow[]> = {};
  const sourceRefs: Record<string, string> = {};
  const from = asOf - c.task.frame.history_steps * cadenceMs;
  for (const f of c.features) {
    if (f.source.kind === "calendar") continue;
    sourceRefs[f.name] = f.source.source_ref;
    if (f.source.kind === "measurement") {
      const samples: RawSample[] = [];
      for (let t = from + 60_000, seq = 0; t <= asOf; t += 60_000) samples.push({ t, v: 300 + 100 * Math.sin((t / 86_400_000) * 2 * Math.PI), seq: seq++ });
      history[f.name] = samples;
    } else {
      const labels = f.segment === "history" ? c.task.frame.history_steps : horizonSteps;
      const first = f.segment === "history" ? from + cadenceMs : asOf + cadenceMs;
      covariates[f.name] = Array.from({ length: labels }, (_, i) => ({ t: first + i * cadenceMs, v: 10 + (i % 24), issuedAt: asOf - 3_600_000 }));
    }
  }
  return { history, live: {}, covariates, sourceRefs };
}

export interface ProcessingSetup {
  pack: CommissionedPack;
  /** The processor's base URL, read at each call (the processor may start after the app). */
  endpoint: () => string;
  /** Changes to every route's processor section as the client uses it (short timeouts, small limits). */
  processor?: Partial<ProcessorRouteConfig>;
  /** The client's environment; default the processor token under SVC_PROCESSOR_TOKEN. */
  env?: Record<string, string>;
  readSources?: ProcessingDeps["readSources"];
  /** Told about every process() call the app makes. */
  onProcess?: () => void;
  healthTimeoutMs?: number;
}

/** AppDeps.processing for startHttpFixture({processing}). */
export function processingDeps(setup: ProcessingSetup): (clock: Clock) => ProcessingDeps {
  let ids = 0;
  return (clock) => ({
    pack: setup.pack,
    readSources: setup.readSources ?? (async (c, asOf, horizon) => syntheticSources(c, asOf, horizon)),
    clientFor: (route: ProcessorRoute): ProcessorClient => {
      const client = createProcessorClient({ ...route.processor, endpoint: setup.endpoint(), ...setup.processor }, { env: setup.env ?? { SVC_PROCESSOR_TOKEN: PROCESSOR_TOKEN }, now: () => clock.now() });
      return { health: () => client.health(), process: (request) => (setup.onProcess?.(), client.process(request)) };
    },
    newId: (kind) => `${kind}-${++ids}`,
    ...(setup.healthTimeoutMs !== undefined ? { healthTimeoutMs: setup.healthTimeoutMs } : {}),
  });
}

/** The reference processor on 127.0.0.1:0 with the token, serving the pack's tasks, on the HTTP fixture's fake time. */
export function startReference(pack: CommissionedPack): Promise<RunningProcessor> {
  return startReferenceProcessor({
    port: 0,
    version: "0.1.0",
    token: PROCESSOR_TOKEN,
    clock: () => START,
    tasks: pack.commissioned.map((c) => knownTaskOf(c.task)).concat(REFERENCE_TASKS.filter((t) => !pack.commissioned.some((c) => c.task.id === t.id))),
  });
}

/** The demo load forecast's application request at as_of. */
export function loadForecast(patch: Partial<ProcessTaskRequest> = {}): ProcessTaskRequest {
  return {
    task_id: "site-load-forecast",
    expected_task_revision: 1,
    binding_id: "site-load-main",
    expected_binding_revision: 1,
    as_of: AS_OF,
    options: { kind: "forecast", horizon_steps: 96 },
    ...patch,
  };
}
