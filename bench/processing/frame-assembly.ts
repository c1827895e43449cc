// Part 1 of `npm run bench -- processing`: a frame from a store of 1,000,000 history rows.
//   floor                the plain store query that reads the frame's rows: store.points.range for
//                        each of the 10 points over (as_of - 7 d, as_of]; what any assembly must pay
//   snapshot read        readSourceSnapshot inside store.readSnapshot (the same rows, as RawSamples)
//   end to end           the snapshot read + assembleFrame
//   assembleFrame alone  on the samples already read
//   baseline             a hand-written loop bucketing the same samples into 672 means per feature
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { DataProcessingTask, ProcessingFrame } from "../../generated/types.js";
import type { CommissionedTask } from "../../runtime/processing/binding/index.js";
import { assembleFrame } from "../../runtime/processing/frame/assemble-frame.js";
import type { FrameInput } from "../../runtime/processing/frame/frame-input.js";
import { historyReadRange, readSourceSnapshot, type SourceSnapshot } from "../../runtime/processing/sources/index.js";
import type { Store } from "../../runtime/store/store.js";
import { formatRate, loopOver, measure } from "../harness.js";
import { bucketMeans } from "./bucket-means.js";
import { CADENCE_MS, HISTORY_STEPS, HORIZON_STEPS, pointRefs } from "./history-task.js";
import { timeAsync } from "./time-async.js";

export interface AssembledFrame {
  frame: ProcessingFrame;
  /** Rows the frame read. */
  rows: number;
}

export async function benchFrameAssembly(store: Store, task: DataProcessingTask, commissioned: CommissionedTask, asOf: number): Promise<AssembledFrame> {
  const problems = validateContract(task).diagnostics.filter((d) => d.severity === "error");
  if (problems.length > 0) throw new Error(`the benchmark task is not valid:\n${JSON.stringify(problems, null, 2)}`);
  const readSources = (): Promise<SourceSnapshot> => store.readSnapshot((s) => readSourceSnapshot({ points: s.points, covariates: s.covariates }, commissioned, asOf, HORIZON_STEPS));
  const assemble = (sources: SourceSnapshot) => assembleFrame({ task, asOf, horizonSteps: HORIZON_STEPS, ...sources } satisfies FrameInput);

  // What is timed must be the success path: check it once, and that the baseline computes the same means.
  const sources = await readSources();
  const assembled = assemble(sources);
  if (!assembled.ok) throw new Error(`frame assembly failed (${assembled.code}), so the bench would time the error path:\n${JSON.stringify(assembled.diagnostics, null, 2)}`);
  const rows = Object.values(sources.history).reduce((n, samples) => n + samples.length, 0);
  checkBaseline(sources, assembled.frame, asOf);

  const refs = Object.values(pointRefs());
  const { from, to } = historyReadRange({ asOf, historySteps: HISTORY_STEPS, cadenceMs: CADENCE_MS });
  const [floor, read, endToEnd] = await timeAsync(
    [
      {
        name: "floor",
        run: async () => {
          let n = 0;
          for (const ref of refs) n += (await store.points.range(ref, from, to)).length;
          return n;
        },
      },
      { name: "snapshot read", run: async () => Object.keys((await readSources()).history).length },
      {
        name: "end to end",
        run: async () => {
          const frame = assemble(await readSources());
          if (!frame.ok) throw new Error(`frame assembly failed: ${frame.code}`);
          return frame.frame.history.timestamps.length;
        },
      },
    ],
    { rounds: 5, warmup: 1 },
  );
  const [alone, baseline] = measure(
    [
      { name: "assembleFrame alone", run: loopOver(() => assemble(sources).ok, [0]) },
      { name: "baseline: bucket loop", run: loopOver(() => bucketMeans(sources.history, asOf, HISTORY_STEPS, CADENCE_MS)["site_load"]!.length > 0, [0]) },
    ],
    { rounds: 7, roundMs: 300 },
  );

  const ms = (value: number): string => `${value.toFixed(1).padStart(8)} ms`;
  const perSecond = (msPerFrame: number): string => `${formatRate((rows * 1000) / msPerFrame)} rows/s`;
  const aloneMs = 1000 / alone!.opsPerSecond;
  const baselineMs = 1000 / baseline!.opsPerSecond;
  console.log(`  ${formatRate(rows)} rows in the window (as_of - 7 d, as_of]; per frame, median of 5 runs each (interleaved):`);
  console.log(`  floor: store.points.range x 10            ${ms(floor!.msPerCall)}  (${perSecond(floor!.msPerCall)})`);
  console.log(`  snapshot read: readSourceSnapshot         ${ms(read!.msPerCall)}  (in store.readSnapshot)`);
  console.log(`  frame assembly end to end                 ${ms(endToEnd!.msPerCall)}  (snapshot read + assembleFrame)`);
  console.log(`  ratio end to end / floor: ${(endToEnd!.msPerCall / floor!.msPerCall).toFixed(2)}x  (snapshot read / floor: ${(read!.msPerCall / floor!.msPerCall).toFixed(2)}x)`);
  console.log(`  assembleFrame alone (rows already read)   ${ms(aloneMs)}  (${perSecond(aloneMs)}; median of 7 rounds)`);
  console.log(`  baseline: hand-written bucket loop        ${ms(baselineMs)}  (672 means per feature; no validation, quality or provenance)`);
  console.log(
    `  ratio assembleFrame / baseline: ${(aloneMs / baselineMs).toFixed(1)}x; assembleFrame is ${((100 * aloneMs) / endToEnd!.msPerCall).toFixed(0)}% of the end-to-end time`,
  );
  return { frame: assembled.frame, rows };
}

/** The baseline must compute what the frame holds, or the ratio compares different work. */
function checkBaseline(sources: SourceSnapshot, frame: ProcessingFrame, asOf: number): void {
  const means = bucketMeans(sources.history, asOf, HISTORY_STEPS, CADENCE_MS);
  for (const [feature, cells] of Object.entries(means)) {
    const values = frame.history.features[feature]!.values as Array<number | null>;
    for (let i = 0; i < HISTORY_STEPS; i++) {
      const ours = values[i] ?? NaN;
      if (!(Math.abs(ours - cells[i]!) <= 1e-9 * Math.max(1, Math.abs(ours)))) {
        throw new Error(`the baseline's ${feature}[${i}] is ${cells[i]}, the frame's ${ours}: they do not compute the same cells`);
      }
    }
  }
}
