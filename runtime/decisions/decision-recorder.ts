// Writes the aggregated decision records (decision-aggregator.ts) to the store, in batches: on the
// engine's flush timer and before a read of GET /api/rules/{id}/decisions, one write at a time.
// A failed write keeps its records in memory for the next one. Each written record is handed to
// `onWritten` (the live WebSocket's readers that asked for decisions).
import type { DecisionRecord } from "../../generated/types.js";
import type { DecisionStore, DecisionWrite } from "../store/store.js";
import { createDecisionAggregator, type Decision } from "./decision-aggregator.js";

/** Records kept per rule, by default: in the store (older are pruned) and waiting in memory. */
export const DEFAULT_DECISIONS_PER_RULE = 500;

export interface DecisionRecorderOptions {
  store: DecisionStore;
  /** Records kept per rule; default DEFAULT_DECISIONS_PER_RULE. */
  keepPerRule?: number;
  /** Told about every record written (new, or grown), with its id. Exceptions are ignored. */
  onWritten?: (records: DecisionRecord[]) => void;
}

export interface DecisionRecorder {
  add(decision: Decision): void;
  executed(ruleId: number, shortCircuited: boolean): void;
  retain(ruleIds: { has(ruleId: number): boolean }): void;
  /** Writes what changed since the last write; resolves once it is stored (rejects when the store does). */
  flush(): Promise<void>;
  /** Records waiting in memory. */
  pending(): number;
}

export function createDecisionRecorder(options: DecisionRecorderOptions): DecisionRecorder {
  const keep = options.keepPerRule ?? DEFAULT_DECISIONS_PER_RULE;
  const aggregator = createDecisionAggregator({ maxPerRule: keep });
  // Writes run one at a time: a record's id must be known before the next write updates it.
  let writing: Promise<void> = Promise.resolve();

  const write = async (): Promise<void> => {
    const batch = aggregator.take();
    if (batch.records.length === 0) return;
    const ids = await options.store.write(batch.records, keep);
    aggregator.written(batch, ids);
    if (options.onWritten === undefined) return;
    const records = batch.records.flatMap((record, i) => (ids[i] === undefined ? [] : [toDecisionRecord(record, ids[i]!)]));
    try {
      options.onWritten(records);
    } catch {
      // A listener's fault is not the write's.
    }
  };

  return {
    add: (decision) => aggregator.add(decision),
    executed: (ruleId, shortCircuited) => aggregator.executed(ruleId, shortCircuited),
    retain: (ruleIds) => aggregator.retain(ruleIds),
    flush() {
      const next = writing.then(write);
      writing = next.catch(() => undefined);
      return next;
    },
    pending: () => aggregator.size(),
  };
}

/** A written record as the API shows it. */
export function toDecisionRecord(record: DecisionWrite, id: number): DecisionRecord {
  return {
    id,
    rule_id: record.rule_id,
    kind: record.kind,
    count: record.count,
    first_at: new Date(record.first_at).toISOString(),
    last_at: new Date(record.last_at).toISOString(),
    point: record.point,
    point_name: record.point_name,
    value: record.value !== null && Number.isFinite(record.value) ? record.value : null,
    context: record.context,
  };
}
