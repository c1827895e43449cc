// What the data-processing routes run on, from the composed handle: the commissioned pack, the
// sources of one frame read in one store snapshot (history, live state of the point plane,
// covariates), a processor client per route with the handle's environment (the processor token),
// and fresh ids. The composition root calls this; nothing here listens or reads the environment.
import { randomUUID } from "node:crypto";
import type { ProcessingDeps } from "../../http/app-deps.js";
import type { Clock } from "../../engine/scheduler/index.js";
import type { Store } from "../../store/store.js";
import { createProcessorClient } from "../client/index.js";
import { createLiveStateReader, readSourceSnapshot, type LivePlaneView } from "../sources/index.js";
import type { ProcessingHandle } from "./compose-processing.js";

export function processingDeps(handle: ProcessingHandle, store: Store, plane: LivePlaneView, clock: Clock): ProcessingDeps {
  const live = createLiveStateReader(plane);
  return {
    pack: handle.commissioned,
    readSources: (commissioned, asOf, horizonSteps) =>
      store.readSnapshot((snapshot) => readSourceSnapshot({ points: snapshot.points, covariates: snapshot.covariates, live }, commissioned, asOf, horizonSteps)),
    clientFor: (route) => createProcessorClient(route.processor, { env: handle.env, now: () => clock.now() }),
    newId: (kind) => `${kind === "request" ? "req" : "res"}-${randomUUID()}`,
  };
}
