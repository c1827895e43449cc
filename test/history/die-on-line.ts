// Exits the thread on a batch holding the line "die" (see dying-rule-log-worker.ts).
import { parentPort } from "node:worker_threads";
import type { RuleLogRequest } from "../../runtime/history/rule-log-protocol.js";

parentPort!.on("message", (request: RuleLogRequest) => {
  if (request.kind === "lines" && request.text.includes("die\n")) process.exit(3);
});
