// Part 2 of `npm run bench -- processing`: process calls per second with the reference processor
// on loopback, one call in flight.
//   processTask          runtime/processing/run/process-task.ts, end to end: find the binding,
//                        check the options, read the sources in one snapshot (the ~930,000 rows of
//                        part 1), assemble the frame, build the request (input_digest), call the
//                        reference processor through the processor client, judge the result
//   processor exchange   the same from an already assembled frame: buildProcessorRequest +
//                        client.process (serialise, POST, the processor's checks and model, read
//                        the answer) + judgeResult
//   baseline             fetch POSTing the same request bytes to a plain node:http server that
//                        echoes them back
// Not measured: recording the outcome, the audit record and the application's HTTP route.
import { randomBytes } from "node:crypto";
import { formatUtcTime } from "../../compiler/contracts/utc-time.js";
import type { DataProcessingTask, ProcessingFrame, ProcessTaskRequest } from "../../generated/types.js";
import { createProcessorClient, PROCESSOR_MEDIA_TYPE } from "../../runtime/processing/client/index.js";
import { buildProcessorRequest } from "../../runtime/processing/run/build-processor-request.js";
import { judgeResult } from "../../runtime/processing/run/judge-result.js";
import { processTask, type ProcessTaskDeps } from "../../runtime/processing/run/process-task.js";
import { readSourceSnapshot } from "../../runtime/processing/sources/index.js";
import { knownTaskOf } from "../../runtime/processor/known-tasks.js";
import { startReferenceProcessor, type RunningProcessor } from "../../runtime/processor/start-processor.js";
import type { Store } from "../../runtime/store/store.js";
import { formatRate } from "../harness.js";
import { startEchoServer, type EchoServer } from "./echo-server.js";
import { benchRoute, BINDING, commissionedTask, HORIZON_STEPS } from "./history-task.js";
import { timeAsync } from "./time-async.js";

const QUANTILES = [0.1, 0.5, 0.9];

export async function benchProcessCalls(store: Store, task: DataProcessingTask, asOf: number, frame: ProcessingFrame): Promise<void> {
  const token = randomBytes(24).toString("base64url");
  let processor: RunningProcessor | undefined;
  let echo: EchoServer | undefined;
  try {
    const internalErrors: unknown[] = [];
    processor = await startReferenceProcessor({ port: 0, clock: () => Date.now(), token, version: "0.1.0", tasks: [knownTaskOf(task)], onInternalError: (e) => internalErrors.push(e) });
    echo = await startEchoServer();
    const route = benchRoute(processor.url);
    const commissioned = commissionedTask(task, route);
    const client = createProcessorClient(route.processor, { env: { [route.processor.bearer_token_env!]: token }, now: () => Date.now() });
    let ids = 0;
    const newId = (kind: string): string => `bench-${kind}-${++ids}`;
    const options = { kind: "forecast" as const, horizon_steps: HORIZON_STEPS, quantiles: QUANTILES };

    const body: ProcessTaskRequest = {
      task_id: task.id,
      expected_task_revision: task.revision,
      binding_id: BINDING.id,
      expected_binding_revision: BINDING.revision,
      as_of: formatUtcTime(asOf),
      options,
    };
    const deps: ProcessTaskDeps = {
      pack: { commissioned: [commissioned], refused: [], warnings: [] },
      readSources: (c, at, horizon) => store.readSnapshot((s) => readSourceSnapshot({ points: s.points, covariates: s.covariates }, c, at, horizon)),
      clientFor: () => client,
      now: () => Date.now(),
      newId,
    };
    /** What the processor's accepted results were: produced (the model) or fallback. */
    const outcomes = new Set<string>();
    const endToEnd = async (): Promise<number> => {
      const outcome = await processTask(body, {}, deps);
      if (outcome.kind !== "accepted") throw new Error(`processTask ended as ${outcome.kind}, so the bench would time the error path:\n${JSON.stringify(outcome, null, 2).slice(0, 4000)}`);
      outcomes.add(outcome.derived.processing_status);
      return outcome.derived.data.points.length;
    };

    const exchange = async (): Promise<number> => {
      const now = Date.now();
      const built = buildProcessorRequest({ requestId: newId("request"), submittedAt: now, deadline: now + route.deadline_ms, task, binding: BINDING, frame, options });
      if (!built.ok) throw new Error(`no processor request: ${JSON.stringify(built.diagnostics)}`);
      const answer = await client.process(built.request);
      if (answer.kind === "error") throw new Error(`the processor call failed: ${JSON.stringify(answer.error)}`);
      const judged = judgeResult(answer.body, { request: built.request, task, resultId: newId("result"), acceptedAt: Date.now() });
      if (judged.outcome !== "produced" && judged.outcome !== "fallback") throw new Error(`the result was ${judged.outcome}: ${JSON.stringify(judged)}`.slice(0, 4000));
      outcomes.add(judged.outcome);
      return answer.bytes;
    };

    // The bytes the client sends, for the echo baseline (and the sizes printed).
    const sample = buildProcessorRequest({ requestId: "bench-echo", submittedAt: asOf, deadline: asOf + 30_000, task, binding: BINDING, frame, options });
    if (!sample.ok) throw new Error("no processor request for the echo baseline");
    const requestBytes = new TextEncoder().encode(JSON.stringify(sample.request));
    const echoUrl = `${echo.url}/v1/process`;
    const plain = async (): Promise<number> => {
      const response = await fetch(echoUrl, { method: "POST", headers: { "content-type": PROCESSOR_MEDIA_TYPE, accept: PROCESSOR_MEDIA_TYPE }, body: requestBytes });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok || bytes !== requestBytes.byteLength) throw new Error(`the echo answered ${response.status} with ${bytes} bytes`);
      return bytes;
    };
    const responseBytes = await exchange();

    console.log(
      `\n  process calls, reference processor (seasonal-naive, quantiles ${QUANTILES.join("/")}, ${HORIZON_STEPS} steps) on loopback, bearer token, one call in flight; ` +
        `request ${formatRate(requestBytes.byteLength)} bytes, result ${formatRate(responseBytes)} bytes (${[...outcomes].join(", ")}):`,
    );
    const [full] = await timeAsync([{ name: "processTask", run: endToEnd }], { rounds: 3, warmup: 1 });
    const [ours, base] = await timeAsync(
      [
        { name: "processor exchange", run: exchange },
        { name: "baseline: echo", run: plain },
      ],
      { rounds: 3, roundMs: 1000, warmup: 3 },
    );
    const rate = (t: { callsPerSecond: number; msPerCall: number }, unit: string): string =>
      `${t.callsPerSecond.toFixed(t.callsPerSecond < 10 ? 2 : 0).padStart(8)} ${unit}/s  (${t.msPerCall.toFixed(1)} ms each)`;
    console.log(`  processTask end to end                    ${rate(full!, "calls")}  (read ~1M-row store + assemble + request + processor + judge; median of 3)`);
    console.log(`  processor exchange, frame already built   ${rate(ours!, "calls")}  (buildProcessorRequest + client.process + judgeResult)`);
    console.log(`  baseline: node:http echo of the request   ${rate(base!, "req")}  (fetch POST of the same bytes, answered back unchanged)`);
    console.log(
      `  ratio: a processor exchange costs ${(ours!.msPerCall / base!.msPerCall).toFixed(1)}x a loopback echo of its bytes; ` +
        `the exchange is ${((100 * ours!.msPerCall) / full!.msPerCall).toFixed(0)}% of a processTask call`,
    );
    if (outcomes.size !== 1 || !outcomes.has("produced")) console.log(`  note: the processor's results were ${[...outcomes].join(" and ")}, not only produced (the model)`);
    if (internalErrors.length > 0) {
      process.exitCode = 1;
      console.log(`  INVALID: the processor reported ${internalErrors.length} internal errors; first: ${String(internalErrors[0])}`);
    }
  } finally {
    await echo?.close();
    await processor?.close();
  }
}
