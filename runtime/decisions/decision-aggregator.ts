// Suppression decisions aggregated into records (issue 18.4), in memory and pure: one record per
// run of repeats of one kind for one rule, with a count and the first and last time. A record
// ends when another kind comes for the rule or when the rule executed; repeats only count. The
// writer (decision-recorder.ts) takes what changed since its last write, so a write costs in
// proportion to the records that changed, never to the decisions. Memory is bounded: per rule,
// at most `maxPerRule` records wait to be written (older ones would be pruned by the store at
// once anyway), and rules that are gone are forgotten.
import type { DecisionContext, DecisionKind, PointRef } from "../../generated/types.js";
import type { DecisionWrite } from "../store/store.js";

/** The kinds recorded: every suppression that held a trigger (`no_change` is no trigger). */
export const RECORDED_KINDS: readonly DecisionKind[] = ["cooldown", "deadband_time", "deadband_value", "disabled", "input_unavailable", "running", "event_dropped"];

/** One suppression, described for people: the point by its reference and site name. */
export interface Decision {
  ruleId: number;
  /** Epoch milliseconds. */
  at: number;
  kind: DecisionKind;
  point?: { ref: PointRef; name: string | null };
  value?: number;
  /** What held it (cooldown, deadband, interval), as the rule was when the record starts. */
  context?: DecisionContext | null;
}

interface Open {
  /** The store's id once the record was written. */
  id: number | undefined;
  record: DecisionWrite;
  /** Changed since the last write taken. */
  dirty: boolean;
  /** Bumped at each change, so that a write taken before a change does not mark it written. */
  version: number;
  closed: boolean;
}

/** What one write takes: each changed record as it was when taken. */
export interface DecisionBatch {
  readonly records: readonly DecisionWrite[];
  readonly entries: readonly { open: Open; version: number }[];
}

export interface DecisionAggregator {
  add(decision: Decision): void;
  /**
   * The rule executed: its current record ends. An execution that stopped at an unavailable input
   * keeps an `input_unavailable` record going (its repeats are executions that stopped so).
   */
  executed(ruleId: number, shortCircuited: boolean): void;
  /** Forgets the rules not in `ruleIds` (deleted): their records are neither kept nor written. */
  retain(ruleIds: { has(ruleId: number): boolean }): void;
  /** The records changed since the last batch taken, a rule's records in the order they started. */
  take(): DecisionBatch;
  /** The batch was written: `ids[i]` is the store id of `records[i]` (undefined: not stored, its rule is gone). */
  written(batch: DecisionBatch, ids: readonly (number | undefined)[]): void;
  /** Records kept in memory (the bound's subject). */
  size(): number;
}

export function createDecisionAggregator(options: { maxPerRule: number }): DecisionAggregator {
  const maxPerRule = Math.max(1, options.maxPerRule);
  /** Per rule: its records not yet written, or changed since, oldest first; the last may be open. */
  const rules = new Map<number, Open[]>();

  const current = (ruleId: number): Open | undefined => {
    const last = rules.get(ruleId)?.at(-1);
    return last !== undefined && !last.closed ? last : undefined;
  };
  const touch = (open: Open): void => {
    open.dirty = true;
    open.version++;
  };

  return {
    add(decision) {
      const { ruleId, at, kind } = decision;
      const value = decision.value === undefined ? null : decision.value;
      const open = current(ruleId);
      if (open !== undefined && open.record.kind === kind) {
        const { record } = open;
        record.count++;
        if (at > record.last_at) record.last_at = at;
        if (decision.point !== undefined) {
          record.point = decision.point.ref;
          record.point_name = decision.point.name;
          record.value = value;
        }
        touch(open);
        return;
      }
      if (open !== undefined) open.closed = true;
      const list = rules.get(ruleId) ?? [];
      rules.set(ruleId, list);
      list.push({
        id: undefined,
        record: {
          rule_id: ruleId,
          kind,
          count: 1,
          first_at: at,
          last_at: at,
          point: decision.point?.ref ?? null,
          point_name: decision.point?.name ?? null,
          value: decision.point === undefined ? null : value,
          context: decision.context ?? null,
        },
        dirty: true,
        version: 1,
        closed: false,
      });
      // The oldest closed records first: the store would prune them with this write anyway.
      while (list.length > maxPerRule) list.shift();
    },

    executed(ruleId, shortCircuited) {
      const open = current(ruleId);
      if (open === undefined || (shortCircuited && open.record.kind === "input_unavailable")) return;
      open.closed = true;
      if (!open.dirty) drop(ruleId, open);
    },

    retain(ruleIds) {
      for (const ruleId of [...rules.keys()]) if (!ruleIds.has(ruleId)) rules.delete(ruleId);
    },

    take() {
      const entries: { open: Open; version: number }[] = [];
      const records: DecisionWrite[] = [];
      for (const list of rules.values()) {
        for (const open of list) {
          if (!open.dirty) continue;
          entries.push({ open, version: open.version });
          records.push(open.id === undefined ? { ...open.record } : { ...open.record, id: open.id });
        }
      }
      return { records, entries };
    },

    written(batch, ids) {
      batch.entries.forEach(({ open, version }, i) => {
        const id = ids[i];
        const ruleId = open.record.rule_id;
        if (id === undefined && open.id === undefined) return drop(ruleId, open); // its rule is gone
        open.id ??= id;
        if (open.version === version) open.dirty = false;
        if (open.closed && !open.dirty) drop(ruleId, open);
      });
    },

    size: () => {
      let n = 0;
      for (const list of rules.values()) n += list.length;
      return n;
    },
  };

  function drop(ruleId: number, open: Open): void {
    const list = rules.get(ruleId);
    if (list === undefined) return;
    const at = list.indexOf(open);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) rules.delete(ruleId);
  }
}
