// Durations and times as scenario files write them, and back: `250ms`, `30s`, `1h30m`, `1d`;
// a time is an offset from the scenario's start (a duration) or an absolute ISO 8601 time.
// Reports show times as offsets from start (`+1m30s`), so a failure reads like the file.

import { formatDuration as formatRuleDuration } from "../compiler/decompiler/format-duration.js";

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS };
const PART = /(\d+)(ms|s|m|h|d)/g;
const DURATION = /^(?:\d+(?:ms|s|m|h|d))+$/;
// The schema's pattern; Date.parse then checks the calendar (no 31 February).
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds of a duration text; undefined when it is not one (or past what a number holds exactly). */
export function parseDuration(text: string): number | undefined {
  if (!DURATION.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(PART)) total += Number(amount) * UNIT_MS[unit!]!;
  return Number.isSafeInteger(total) ? total : undefined;
}

/** Epoch ms of an ISO 8601 time with `Z` or an offset; undefined when it is not a valid one. */
export function parseInstant(text: string): number | undefined {
  const match = ISO.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second = "00"] = match;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return undefined;
  // Date.parse rolls 2026-02-31 over to March: refuse what is not a day of the calendar.
  const probe = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  if (probe.getUTCDate() !== Number(day) || probe.getUTCHours() !== Number(hour) || Number(minute) > 59 || Number(second) > 59) return undefined;
  return at;
}

/** A time of a scenario: an offset from `start` or an ISO time, as epoch ms; undefined when neither. */
export function parseTime(text: string, start: number): number | undefined {
  const offset = parseDuration(text);
  return offset !== undefined ? start + offset : parseInstant(text);
}

/** `1d2h`, `1h30m`, `250ms`, `0s`: rule files' canonical form (formatDuration of the decompiler), with days in front. */
export function formatDuration(ms: number): string {
  if (ms < 0) return `-${formatDuration(-ms)}`;
  const days = Math.floor(ms / DAY_MS);
  const rest = ms - days * DAY_MS;
  if (days === 0) return formatRuleDuration(rest);
  return rest === 0 ? `${days}d` : `${days}d${formatRuleDuration(rest)}`;
}

/** A time as people read it in a report: its offset from start, `+1m30s` (`-5s` before start). */
export function formatOffset(at: number, start: number): string {
  const offset = at - start;
  return offset < 0 ? formatDuration(offset) : `+${formatDuration(offset)}`;
}

/** `+30s`, or `+30s..+1m`, or `any time`, for a window of a scenario. */
export function formatWindow(window: readonly [number, number] | null, start: number): string {
  if (window === null) return "at any time";
  if (window[0] === window[1]) return `at ${formatOffset(window[0], start)}`;
  return `within ${formatOffset(window[0], start)}..${formatOffset(window[1], start)}`;
}

/** The ISO text of an epoch ms, as scenario files write times. */
export function formatInstant(at: number): string {
  return new Date(at).toISOString().replace(".000Z", "Z");
}
