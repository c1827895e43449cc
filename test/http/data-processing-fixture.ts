// Data processing for the HTTP tests: the demo pack commissioned (optionally changed per test
// suite), frame sources faked with a complete synthetic week (the approach of
// test/processing/run/process-task.test.ts), a processor client pointed at a loopback processor
// with a token, and the reference processor started on 127.0.0.1:0 on the fixture's clock.
import { formatUtcTime } from "../../compiler/contracts/utc-time.js";
import type { ProcessorRoute, ProcessorRouteConfig, ProcessTaskRequest } from "../../generated/types.js";
import type { Clock } from "../../runtime/engine/scheduler/types.js";
import type { ProcessingDeps } from "../../runtime/http/app-deps.js";
import type { CommissionedPack } from "../../runtime/processing/binding/index.js";
import { createProcessorClient, type ProcessorClient } from "../../runtime/processing/client/index.js";
import { knownTaskOf, REFERENCE_TASKS } from "../../runtime/processor/known-tasks.js";
import { startReferenceProcessor, type RunningProcessor } from "../../runtime/processor/start-processor.js";
import { START } from "../rules/engine-fixture.js";

export const PROCESSOR_TOKEN = "processor-token-for-the-http-tests";
/** The HTTP fixture's fake time: as_of of every call (on the 15-minute grid). */
export const AS_OF = formatUtcTime(START);

import { syntheticSources } from "../helpers/demo-processing.js";

export { demoPack, syntheticSources } from "../helpers/demo-processing.js";

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
