// `npm run bench -- processing`: data processing over a store of 1,000,000 history rows.
//   frame assembly  a 7-day, 15-minute frame (672 steps) of 10 measured history features, read
//                   from a SQLite file store and assembled, against the plain store query reading
//                   the same rows (the floor); assembleFrame alone against a hand-written bucket loop
//   process calls   processTask end to end and the processor exchange alone, with the reference
//                   processor on loopback, against a node:http echo of the same request bytes
// The store is a temporary file, loaded once per run and deleted at the end. About 40-60 s.
import { floorToGrid } from "../runtime/processing/frame/grid.js";
import { formatRate } from "./harness.js";
import { benchFrameAssembly } from "./processing/frame-assembly.js";
import { openHistoryStore, type HistoryStore } from "./processing/history-store.js";
import { benchRoute, benchTask, CADENCE_MS, commissionedTask, FEATURES, HISTORY_STEPS, HORIZON_STEPS, SAMPLE_INTERVAL_MS, SAMPLES_PER_POINT, TOTAL_ROWS } from "./processing/history-task.js";
import { benchProcessCalls } from "./processing/process-calls.js";

export async function benchProcessing(): Promise<void> {
  // The cut is now's last 15-minute label: the processor and the result checks run on real time.
  const asOf = floorToGrid(Date.now(), CADENCE_MS);
  const task = benchTask();
  console.log(
    `\nprocessing: a ${HISTORY_STEPS}-step (7-day, 15-minute) frame of ${FEATURES.length} measured history features + 3 calendar covariates x ${HORIZON_STEPS} steps, ` +
      `mean aggregation, missing_policy reject; history ${formatRate(TOTAL_ROWS)} rows (${FEATURES.length} points x ${formatRate(SAMPLES_PER_POINT)} samples, one per ${SAMPLE_INTERVAL_MS / 1000} s) ` +
      `in a SQLite file store (runtime/store, WAL, synchronous=FULL)`,
  );
  let history: HistoryStore | undefined;
  try {
    history = await openHistoryStore(asOf);
    const loadNote = history.loadSeconds > 20 ? " (slow: most of this bench's time)" : "";
    console.log(
      `  load: ${formatRate(TOTAL_ROWS)} rows through store.points.append in ${history.loadSeconds.toFixed(1)} s ` +
        `(${formatRate(TOTAL_ROWS / history.loadSeconds)} rows/s, ${(history.fileBytes / 1e6).toFixed(0)} MB on disk)${loadNote}; not part of any timing below`,
    );
    const commissioned = commissionedTask(task, benchRoute("http://127.0.0.1:9"));
    const { frame } = await benchFrameAssembly(history.store, task, commissioned, asOf);
    await benchProcessCalls(history.store, task, asOf, frame);
  } finally {
    await history?.close();
  }
}
