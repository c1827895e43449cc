// Deterministic calendar features of a grid label in the task's IANA timezone (spec: What the
// service does, 1; task.schema CalendarSource). Pure: Intl only, no clock.
//
// Which local time a label denotes: label t names the interval (t-c, t] by its END, but a calendar
// feature describes the interval, so it is computed from the interval's START, t - c, read on the
// local clock. Label 00:15 local (cadence 15 min) covers 00:00-00:15 and is quarter hour 0; label
// 00:00 local is quarter hour 95 of the day before; an hourly label 01:00 is hour 0. Across a DST
// switch the local clock jumps, and so do the features (Europe/Berlin 2026-03-29 has no quarter
// hours 8-11, 2026-10-25 has 8-11 twice): load follows the local clock, not UTC.
import type { CalendarTransform } from "../../../generated/types.js";

/** The local clock at one instant: hour 0-23, minute 0-59, ISO weekday 1 (Monday) - 7 (Sunday). */
export interface LocalClock {
  hour: number;
  minute: number;
  isoWeekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

// Building an Intl.DateTimeFormat costs far more than using one: one per timezone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (formatter === undefined) {
    // en-US with h23: ASCII digits, `Mon`..`Sun`, and hour 0 at midnight (never `24`).
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: timezone, hourCycle: "h23", weekday: "short", hour: "2-digit", minute: "2-digit" });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the timezone (an unknown one would make every feature fail). */
export function isKnownTimezone(timezone: string): boolean {
  try {
    formatterFor(timezone);
    return true;
  } catch {
    return false;
  }
}

/** The local clock of `instantMs` in `timezone`; throws RangeError for an unknown timezone. */
export function localClock(instantMs: number, timezone: string): LocalClock {
  let hour = 0;
  let minute = 0;
  let isoWeekday = 0;
  for (const part of formatterFor(timezone).formatToParts(instantMs)) {
    if (part.type === "hour") hour = Number(part.value);
    else if (part.type === "minute") minute = Number(part.value);
    else if (part.type === "weekday") isoWeekday = WEEKDAYS[part.value] ?? 0;
  }
  return { hour, minute, isoWeekday };
}

/** One transform of a local clock. */
export function calendarValue(transform: CalendarTransform, clock: LocalClock): number {
  switch (transform) {
    case "quarter_hour_of_day_zero_based":
      return clock.hour * 4 + Math.floor(clock.minute / 15);
    case "hour_of_day":
      return clock.hour;
    case "day_of_week":
      return clock.isoWeekday;
    case "is_weekend":
      return clock.isoWeekday >= 6 ? 1 : 0;
  }
}

/** The local clock that a label describes: the start of its interval (labelMs - cadenceMs). */
export function labelClock(labelMs: number, cadenceMs: number, timezone: string): LocalClock {
  return localClock(labelMs - cadenceMs, timezone);
}

/** The clocks of every label of a segment: one Intl call per label, however many transforms read them. */
export function labelClocks(labels: readonly number[], cadenceMs: number, timezone: string): LocalClock[] {
  return labels.map((label) => labelClock(label, cadenceMs, timezone));
}

/** A calendar feature for one label (convenience for single values; frames use labelClocks). */
export function calendarFeature(transform: CalendarTransform, labelMs: number, cadenceMs: number, timezone: string): number {
  return calendarValue(transform, labelClock(labelMs, cadenceMs, timezone));
}
