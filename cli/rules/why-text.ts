// How `svc rules why` reads: the rule's enabled state, its last execution, and its decision
// records newest first, each as a sentence in people's terms (issue 18.4). Times are UTC, so the
// output is the same on every machine. Pure.
import type { DecisionRecord, HistoryEntry, Rule, ValueDeadband } from "../../generated/types.js";
import { failureReason } from "./history-text.js";
import { valueText as liveValue } from "./rule-text.js";

export interface WhyReport {
  rule: Pick<Rule, "id" | "name" | "enabled">;
  /** The newest execution record, if any. */
  lastExecution: HistoryEntry | null;
  records: readonly DecisionRecord[];
  /** The `--before` of the next page, when more may follow. */
  nextBeforeId: number | null;
}

export function whyText({ rule, lastExecution, records, nextBeforeId }: WhyReport): string {
  const lines = [`rule #${rule.id} ${JSON.stringify(rule.name)}: ${rule.enabled ? "enabled" : "disabled (it never runs; its triggers are recorded as 'disabled')"}`];
  lines.push(`last execution: ${lastExecution === null ? "none recorded" : executionText(lastExecution)}`);
  if (records.length === 0) {
    lines.push(`no held triggers recorded: every trigger ran the rule${nextBeforeId === null ? "" : " (in this range)"}`);
  } else {
    lines.push("why it did not run, newest first (times UTC):");
    for (const record of records) lines.push(`  ${recordText(record)}`);
  }
  if (nextBeforeId !== null && records.length > 0) lines.push(`more: svc rules why ${rule.id} --before ${nextBeforeId}`);
  return `${lines.join("\n")}\n`;
}

function executionText(entry: HistoryEntry): string {
  const outcome = entry.success ? "succeeded" : `failed: ${failureReason(entry)}`;
  return `${clock(entry.started_at, true)} UTC (${entry.trigger}), ${outcome}`;
}

/** One record as a sentence: what held the trigger, how often, when, and the setting behind it. */
export function recordText(record: DecisionRecord): string {
  const { count, context } = record;
  const when = span(record);
  const times = count === 1 ? "once" : `${count} times`;
  const point = pointText(record);
  const change = point === undefined ? "" : `; the last a change of ${point}${valueText(record)}`;
  switch (record.kind) {
    case "cooldown": {
      const why = context?.cooldown_ms === undefined ? "" : ` (cooldown ${duration(context.cooldown_ms)}${context.acted_at === undefined ? "" : ` after the action at ${clock(context.acted_at, false)}`})`;
      return `held by the cooldown ${times}, ${when}${why}${change}`;
    }
    case "deadband_time": {
      const why = context?.time_deadband_ms === undefined ? "" : ` (time deadband ${duration(context.time_deadband_ms)} after the last trigger)`;
      return `held by the time deadband ${times}, ${when}${why}${change}`;
    }
    case "deadband_value": {
      const band = context?.value_deadband ? ` ${deadbandText(context.value_deadband)}` : "";
      const subject = point === undefined ? "" : ` of ${point}`;
      return count === 1
        ? `a change${subject}${valueText(record, " to ")} within the value deadband${band}, ${when}`
        : `${count} changes${subject} within the value deadband${band}, ${when}; the last${valueText(record, " to ")}`;
    }
    case "disabled":
      if (point === undefined) {
        const every = context?.interval_ms === undefined ? "" : ` (every ${duration(context.interval_ms)})`;
        return `due ${times} while the rule was disabled, ${when}${every}`;
      }
      return `${count === 1 ? "a change" : `${count} changes`} of ${point} while the rule was disabled, ${when}; the last${valueText(record, " to ")}`;
    case "input_unavailable":
      return `stopped ${times} at an unavailable input${point === undefined ? "" : ` ${point}`}, ${when}`;
    case "running":
      return `triggered ${times} while it was still running or waiting to run, ${when}${change}`;
    case "event_dropped":
      return `${count === 1 ? "an event" : `${count} events`} of ${point ?? "a trigger point"} dropped by the full event channel, ${when} (the next tick saw the change)`;
    default:
      return `${record.kind as string} ${times}, ${when}`;
  }
}

function pointText(record: DecisionRecord): string | undefined {
  const { point, point_name: name } = record;
  if (point === null) return undefined;
  return name ?? `${point.point_type}(${point.instance}, ${point.point})`;
}

function valueText(record: DecisionRecord, joiner = " to "): string {
  if (record.point === null) return "";
  // As `svc rules show` prints live values: 24.792, not 24.79204541986361.
  return record.value === null ? " (unavailable)" : `${joiner}${liveValue(record.value)}`;
}

function deadbandText(band: NonNullable<ValueDeadband>): string {
  return "absolute" in band ? String(band.absolute) : `${band.percent}%`;
}

/** "at 2026-11-21 10:00:01" or "2026-11-21 10:00:01 - 10:04:59" (the date again when it differs). */
function span(record: DecisionRecord): string {
  if (record.count === 1 || record.first_at === record.last_at) return `at ${clock(record.first_at, true)}`;
  const sameDay = record.first_at.slice(0, 10) === record.last_at.slice(0, 10);
  return `${clock(record.first_at, true)} - ${clock(record.last_at, !sameDay)}`;
}

/** An RFC 3339 UTC time as `2026-11-21 10:00:01` (with the date) or `10:00:01`; milliseconds when not 0. */
function clock(at: string, withDate: boolean): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const iso = date.toISOString();
  const ms = iso.slice(19, 23) === ".000" ? "" : iso.slice(19, 23);
  return `${withDate ? `${iso.slice(0, 10)} ` : ""}${iso.slice(11, 19)}${ms}`;
}

/** 300000 -> "5m", 1500 -> "1.5s", 90000 -> "1m30s", 3600000 -> "1h". */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of [["h", 3_600_000], ["m", 60_000]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push(`${rest / 1000}s`);
  return parts.join("");
}
