// The child of the crash test (history-writer.test.ts): records executions through the real
// group-commit writer on the store at argv[2], with rule logs in argv[3], as fast as it can, and
// prints "<history id> <sequence number>" for each acknowledged one (a write to a pipe is
// synchronous on Linux: a printed id was acknowledged before any kill). It runs until killed, or
// ends by itself after 30 s. The rule logs are written by their own thread, as in the service.
import { createHistoryWriter } from "../../runtime/history/history-writer.js";
import { createThreadedRuleLog } from "../../runtime/history/threaded-rule-log.js";
import { openStore } from "../../runtime/store/open-store.js";

const [url, logDir] = process.argv.slice(2);
if (url === undefined || logDir === undefined) throw new Error("usage: history-crash-child <store url> <log dir>");
const store = await openStore(url);
const writer = createHistoryWriter({ history: store.history, log: createThreadedRuleLog({ dir: logDir }), maxDelayMs: 5, maxBatch: 500, onError: () => undefined });
setTimeout(() => process.exit(2), 30_000).unref();
let n = 0;
process.stdout.write("ready\n");
const burst = (): void => {
  // Bounded by the writer's own back-pressure, as the scheduler would be.
  for (let i = 0; i < 100 && writer.admit(); i++) {
    const seq = n++;
    const at = Date.UTC(2026, 10, 26, 12) + seq;
    writer.record(1 + (seq % 20), { startedAt: at, finishedAt: at + 1, trigger: "interval", success: true, result: { n: seq }, error: null }).then(
      (id) => process.stdout.write(`${id} ${seq}\n`),
      () => undefined,
    );
  }
  setImmediate(burst);
};
burst();
