// The rule log's thread (threaded-rule-log.ts starts it): owns the log files and writes each
// batch it is sent, synchronously, rule by rule; answers every message in order. The service's
// main thread thus spends no time in write(2), open(2) or rotation (issue 19).
import { parentPort, workerData } from "node:worker_threads";
import { checkRuleId, createRuleLogFiles, type RuleLogOptions } from "./rule-log-files.js";
import { decodeLines, failureMessage, type RuleLogFailureMessage, type RuleLogReply, type RuleLogRequest } from "./rule-log-protocol.js";

const port = parentPort;
if (port === null) throw new Error("rule-log-worker.js runs as a worker thread (threaded-rule-log.ts starts it)");
const files = createRuleLogFiles(workerData as RuleLogOptions);

port.on("message", (request: RuleLogRequest) => {
  const failures: RuleLogFailureMessage[] = [];
  if (request.kind === "close") files.closeAll();
  else {
    let byRule: Map<number, string[]>;
    try {
      byRule = decodeLines(request);
    } catch (error) {
      byRule = new Map();
      failures.push(failureMessage(-1, error));
    }
    for (const [ruleId, lines] of byRule) {
      const refused = checkRuleId(ruleId);
      try {
        if (refused !== null) throw refused;
        files.write(ruleId, lines);
      } catch (error) {
        failures.push(failureMessage(ruleId, error));
      }
    }
  }
  const reply: RuleLogReply = { seq: request.seq, failures };
  port.postMessage(reply);
});
