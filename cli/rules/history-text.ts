// How a page of execution history reads in a terminal, with why each failed run failed. Pure.
import type { ExecutionResult, HistoryEntry, HistoryPage } from "../../generated/types.js";
import { cell, formatTable } from "../table.js";

export function historyTable(ruleId: number, page: HistoryPage, order: "asc" | "desc"): string {
  // History outlives its rule, so the service answers an empty page for any id, even one never used.
  if (page.items.length === 0) return `no executions of rule #${ruleId} recorded (in the given range, if any); svc rules get ${ruleId} tells whether the rule exists\n`;
  const table = formatTable(
    ["RECORD", "STARTED", "MS", "SUCCESS", "ACTIONS", "ERROR"],
    page.items.map((h) => {
      const actions = resultOf(h)?.actions ?? [];
      const ok = actions.filter((a) => a.success).length;
      const took = Date.parse(h.finished_at) - Date.parse(h.started_at);
      return [String(h.id), h.started_at, Number.isFinite(took) ? String(took) : "", h.success ? "yes" : "no", `${ok}/${actions.length}`, cell(failureReason(h), 70)];
    }),
  );
  const more =
    order === "desc"
      ? page.next_before_id === null ? "" : `more: svc rules history ${ruleId} --before ${page.next_before_id}\n`
      : page.next_after_id === null ? "" : `more: svc rules history ${ruleId} --order asc --after ${page.next_after_id}\n`;
  return table + more;
}

/**
 * Why a run did not succeed: the record's error (it could not run), else its failed actions'
 * reasons, else the unavailable input that stopped it; empty for a success.
 */
export function failureReason(entry: HistoryEntry): string {
  if (entry.error !== null) return `${entry.error.code}: ${entry.error.message}`;
  const result = resultOf(entry);
  const failed = (result?.actions ?? []).filter((a) => !a.success).map((a) => `action(${a.target}, ${a.point}): ${a.reason ?? "failed"}`);
  if (failed.length > 0) return failed.join("; ");
  const stop = result?.short_circuit;
  if (stop) return `input ${stop.variable} = ${stop.point_type}(${stop.instance}, ${stop.point}) unavailable: ${stop.reason}`;
  return entry.success ? "" : "failed (no reason recorded)";
}

function resultOf(entry: HistoryEntry): ExecutionResult | undefined {
  return Array.isArray((entry.result as Partial<ExecutionResult>).actions) ? (entry.result as ExecutionResult) : undefined;
}
