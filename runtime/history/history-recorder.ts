// Records one execution twice: as a row of the durable history (for the API and WebSocket
// readers) and as a line of the rule's log file (for people reading files on the machine).
// createHistoryRecorder is the row-by-row recorder (one INSERT per execution): the baseline of
// `npm run bench -- history`. The service records through the group-commit writer
// (history-writer.ts), which implements the same interface.
import type { ExecutionTrigger, HistoryStore } from "../store/store.js";
import type { RuleLog } from "./rule-log.js";

export interface ExecutionRecord {
  /** Epoch milliseconds. */
  startedAt: number;
  finishedAt: number;
  trigger: ExecutionTrigger;
  success: boolean;
  /** The executor's result record; stored as JSON. */
  result: object;
  error: object | null;
}

export interface HistoryRecorder {
  /** Returns the id of the history row. Rejects only when the row could not be written. */
  record(ruleId: number, execution: ExecutionRecord): Promise<number>;
  /** False while the recorder cannot keep up: the scheduler starts no new execution (back-pressure). */
  admit?(): boolean;
}

export interface HistoryRecorderOptions {
  history: HistoryStore;
  log: RuleLog;
  /** Told about a log line that could not be written; the execution stays recorded in the store. */
  onError: (error: unknown, ruleId: number) => void;
  /** Told after each history row is written (wakes the live readers). */
  onRecorded?: (historyId: number, ruleId: number) => void;
}

export function createHistoryRecorder({ history, log, onError, onRecorded }: HistoryRecorderOptions): HistoryRecorder {
  return {
    async record(ruleId, { startedAt, finishedAt, trigger, success, result, error }) {
      const entry = {
        rule_id: ruleId,
        started_at: new Date(startedAt).toISOString(),
        finished_at: new Date(finishedAt).toISOString(),
        trigger,
        success,
        result,
        error,
      };
      // The row first. When it fails, the log line is still written (without an id): the
      // execution happened and wrote to devices, so one record of it is better than none.
      const row = await history.append(entry).then(
        (id) => ({ id }),
        (failure: unknown) => ({ id: null, failure }),
      );
      try {
        await log.append(ruleId, { history_id: row.id, ...entry });
      } catch (logError) {
        onError(logError, ruleId);
      }
      if (row.id === null) throw row.failure;
      onRecorded?.(row.id, ruleId);
      return row.id;
    },
  };
}
