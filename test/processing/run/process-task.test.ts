// One processing call end to end, without HTTP routes: the demo pack commissioned, sources read
// from a snapshot of synthetic history and weather, the frame assembled, the reference processor
// called over loopback, the answer judged (spec: What the service does 1; States and transitions).
import { expect } from "chai";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import { formatUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { ProcessorRoute, ProcessTaskRequest } from "../../../generated/types.js";
import type { CommissionedPack } from "../../../runtime/processing/binding/index.js";
import { createProcessorClient } from "../../../runtime/processing/client/index.js";
import { toOutcomeRecord } from "../../../runtime/processing/run/outcome-record.js";
import { processTask, type ProcessTaskDeps } from "../../../runtime/processing/run/process-task.js";
import { openStore } from "../../../runtime/store/open-store.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { knownTaskOf, REFERENCE_TASKS } from "../../../runtime/processor/known-tasks.js";
import { startReferenceProcessor, type RunningProcessor } from "../../../runtime/processor/start-processor.js";
import { demoPack, syntheticSources } from "../../helpers/demo-processing.js";

const TOKEN = "processor-token-for-this-test";
const NOW = Date.UTC(2026, 2, 2, 12, 7, 30); // as_of floors to 12:00

describe("processTask: one processing call with the reference processor on loopback", function () {
  this.timeout(20_000);
  let processor: RunningProcessor;
  let pack: CommissionedPack;
  let ids = 0;
  const deps = (overrides: Partial<ProcessTaskDeps> = {}): ProcessTaskDeps => ({
    pack,
    readSources: async (c, asOf, horizon) => syntheticSources(c, asOf, horizon),
    clientFor: (route: ProcessorRoute) => createProcessorClient({ ...route.processor, endpoint: processor.url }, { env: { SVC_PROCESSOR_TOKEN: TOKEN }, now: () => NOW }),
    now: () => NOW,
    newId: (kind) => `${kind}-${++ids}`,
    ...overrides,
  });
  const body = (patch: Partial<ProcessTaskRequest> = {}): ProcessTaskRequest => ({
    task_id: "site-load-forecast",
    expected_task_revision: 1,
    binding_id: "site-load-main",
    expected_binding_revision: 1,
    as_of: formatUtcTime(NOW),
    options: { kind: "forecast", horizon_steps: 96 },
    ...patch,
  });

  before(async () => {
    pack = demoPack();
    expect(pack.refused).to.deep.equal([]);
    processor = await startReferenceProcessor({ port: 0, version: "0.1.0", token: TOKEN, clock: () => NOW, tasks: pack.commissioned.map((c) => knownTaskOf(c.task)).concat(REFERENCE_TASKS) });
  });
  after(async () => processor.close());

  it("the demo load forecast is accepted as derived data whose data is the processor's output for the next 24 h (spec: What the service does 1)", async () => {
    const outcome = await processTask(body(), { requestId: "req-e2e-1" }, deps());
    expect(outcome.kind, JSON.stringify(outcome).slice(0, 600)).to.equal("accepted");
    if (outcome.kind !== "accepted") return;
    expect(outcome.request.request_id).to.equal("req-e2e-1");
    expect(outcome.request.frame.as_of).to.equal("2026-03-02T12:00:00Z");
    expect(validateContract(outcome.derived, { request: outcome.request, task: pack.commissioned[0]!.task }).diagnostics).to.deep.equal([]);
    expect(outcome.derived.data.points).to.have.length(96);
    expect(outcome.derived.data.points[0]!.timestamp).to.equal("2026-03-02T12:15:00Z");
  });

  it("expected revisions fail closed, before anything is read (spec: Application request; Versioning 7)", async () => {
    let reads = 0;
    const counting = deps({ readSources: async (c, a, h) => (reads++, syntheticSources(c, a, h)) });
    const codes = [];
    for (const patch of [{ expected_task_revision: 2 }, { expected_binding_revision: 3 }, { binding_id: "nope" }, { task_id: "pv-forecast" }]) {
      const outcome = await processTask(body(patch), {}, counting);
      codes.push(outcome.kind === "refused" ? outcome.code : outcome.kind);
    }
    expect(codes).to.deep.equal(["TASK_REVISION_MISMATCH", "BINDING_REVISION_MISMATCH", "BINDING_NOT_FOUND", "TASK_NOT_FOUND"]);
    expect(reads).to.equal(0);
  });

  it("options the task does not allow and an as_of in the future are refused (spec: Forecast options; Grid rule 2)", async () => {
    const quantiles = await processTask(body({ options: { kind: "forecast", horizon_steps: 4, quantiles: [0.5] } }), {}, deps());
    const future = await processTask(body({ as_of: formatUtcTime(NOW + 60_000) }), {}, deps());
    expect([quantiles, future].map((o) => (o.kind === "refused" ? o.code : o.kind))).to.deep.equal(["OPTIONS_INVALID", "AS_OF_IN_FUTURE"]);
  });

  it("a frame that fails the quality policy is refused as QUALITY_REJECTED and the processor is never called (spec: missing_policy reject)", async () => {
    let calls = 0;
    const gappy = deps({
      readSources: async (c, a, h) => {
        const s = syntheticSources(c, a, h);
        // Half an hour without any sample: two empty cells, which missing_policy reject refuses.
        const history = Object.fromEntries(Object.entries(s.history).map(([name, samples]) => [name, samples.filter((x) => x.t < a - 3_600_000 || x.t > a - 1_800_000)]));
        return { ...s, history };
      },
      clientFor: (route) => ((calls++, createProcessorClient({ ...route.processor, endpoint: processor.url }, { env: { SVC_PROCESSOR_TOKEN: TOKEN }, now: () => NOW }))),
    });
    const outcome = await processTask(body(), {}, gappy);
    expect(outcome.kind === "refused" ? outcome.code : outcome.kind).to.equal("QUALITY_REJECTED");
    expect(calls).to.equal(0);
  });

  it("a processor error is typed, and a wrong token is PROCESSOR_AUTH_DENIED (spec: Errors; Authentication 4)", async () => {
    const denied = deps({ clientFor: (route) => createProcessorClient({ ...route.processor, endpoint: processor.url }, { env: { SVC_PROCESSOR_TOKEN: "wrong" }, now: () => NOW }) });
    const outcome = await processTask(body(), {}, denied);
    expect(outcome.kind).to.equal("processor-error");
    if (outcome.kind === "processor-error") expect(outcome.error.code).to.equal("PROCESSOR_AUTH_DENIED");
  });

  it("each outcome is recorded as the store expects: accepted with its derived data, refusals and errors under their code (spec: every processing call is recorded)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-process-"));
    const store = await openStore(`sqlite:${join(dir, "svc.sqlite")}`);
    try {
      const accepted = await processTask(body(), { requestId: "req-rec-1" }, deps());
      const refused = await processTask(body({ expected_task_revision: 9 }), { requestId: "req-rec-2" }, deps());
      for (const [outcome, id] of [[accepted, "req-rec-1"], [refused, "req-rec-2"]] as const) {
        const record = toOutcomeRecord(outcome, body(), id, NOW);
        await store.processing.recordOutcome(record.outcome, record.derived);
      }
      const outcomes = await store.processing.listOutcomes({ limit: 10 });
      expect(outcomes.map((o) => [o.request_id, o.outcome, o.code])).to.deep.equal([["req-rec-1", "produced", null], ["req-rec-2", "error", "TASK_REVISION_MISMATCH"]]);
      const page = await store.processing.listDerived("site-load-forecast", { limit: 5 });
      expect(page.items.map((d) => d.request_id)).to.deep.equal(["req-rec-1"]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
