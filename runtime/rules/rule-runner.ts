// One execution of a rule, from its trigger to its history record: fetch the history values its
// period_delta nodes need, execute (pure, synchronous), hand the result to the recorder. The
// runner never throws: a failure to fetch history or to record is part of what it reports.
import type { Clock, RunReport } from "../engine/scheduler/types.js";
import type { ExecutionIo } from "../engine/execution-io.js";
import type { ExecutionResult } from "../engine/execution-result.js";
import { executeRule } from "../engine/execute-rule.js";
import type { HistoryRecorder } from "../history/history-recorder.js";
import type { SiteCatalog } from "../points/point-catalog.js";
import type { ExecutionTrigger, PointHistoryStore } from "../store/store.js";
import type { LoadedRule } from "./loaded-rule.js";

export interface RuleRunnerOptions {
  clock: Clock;
  catalog: SiteCatalog;
  /** The live side: reads from the live table, writes through the channels. */
  points: Pick<ExecutionIo, "read" | "write">;
  pointHistory: Pick<PointHistoryStore, "valueAt">;
  recorder: HistoryRecorder;
  /** Told about failures that do not belong to one execution's record (history row not written). */
  onError: (error: unknown, ruleId: number) => void;
}

export interface Execution {
  /** Null when the execution could not start (history could not be read). */
  result: ExecutionResult | null;
  error: { code: string; message: string } | null;
  /**
   * Id of the rule_history row once its batch is committed; null when it could not be written
   * (already told to onError). A scheduled execution does not wait for it (issue 19.2): the
   * scheduler's slot is free once the record is queued; a manual execution answers with it.
   */
  recorded: Promise<number | null>;
  report: RunReport;
}

export type RuleRunner = (rule: LoadedRule, trigger: ExecutionTrigger) => Promise<Execution>;

export function createRuleRunner({ clock, catalog, points, pointHistory, recorder, onError }: RuleRunnerOptions): RuleRunner {
  return async (rule, trigger) => {
    const startedAt = clock.now();
    let result: ExecutionResult | null = null;
    let error: Execution["error"] = null;
    const writes = new Map<number, number>();
    // The points this execution wrote, and those the writes read back into: the echo of the
    // rule's own write is no change for its on_change trigger (issue 16.11).
    const write = (index: number, value: number): string | null => {
      const refused = points.write(index, value);
      if (refused === null) {
        writes.set(index, value);
        const readsBack = catalog.points[index]?.readsBack ?? -1;
        if (readsBack >= 0) writes.set(readsBack, value);
      }
      return refused;
    };
    try {
      const history = await fetchHistory(rule, startedAt);
      result = executeRule(rule.executable, { read: points.read, write, valueAgo: (index, periodMs) => history.get(key(index, periodMs)) ?? NaN });
    } catch (cause) {
      error = { code: "history-unavailable", message: `point history could not be read: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    const finishedAt = clock.now();
    const success = result?.success ?? false;
    let recorded: Promise<number | null>;
    try {
      // Queued when record returns; not awaited here.
      recorded = recorder.record(rule.id, { startedAt, finishedAt, trigger, success, result: result ?? {}, error }).catch((cause: unknown) => {
        onError(cause, rule.id);
        return null;
      });
    } catch (cause) {
      onError(cause, rule.id);
      recorded = Promise.resolve(null);
    }
    return { result, error, recorded, report: reportOf(rule, result, writes) };
  };

  async function fetchHistory(rule: LoadedRule, now: number): Promise<Map<string, number>> {
    const values = new Map<string, number>();
    for (const { index, periodMs } of rule.executable.periodDeltas) {
      values.set(key(index, periodMs), await pointHistory.valueAt(catalog.points[index]!.ref, now - periodMs));
    }
    return values;
  }
}

function key(index: number, periodMs: number): string {
  return `${index}/${periodMs}`;
}

function reportOf(rule: LoadedRule, result: ExecutionResult | null, writes: ReadonlyMap<number, number>): RunReport {
  if (result === null) return { success: false, actionsAttempted: 0, actionsSucceeded: 0, shortCircuited: false, reads: new Map(), writes };
  const reads = new Map<number, number>();
  // Spec item 7: the values the executor actually read, by point index.
  for (const { index, name } of rule.executable.inputReads) {
    const value = result.variables[name];
    if (typeof value === "number" && value === value) reads.set(index, value);
  }
  return {
    success: result.success,
    actionsAttempted: result.actions.length,
    actionsSucceeded: result.actions.filter((a) => a.success).length,
    shortCircuited: result.short_circuit !== null,
    reads,
    writes,
  };
}
