// Calendar features (issue 7 item 1; spec: Task declaration, calendar source): a label describes
// its interval (t-c, t], so its features are those of the interval's START on the task's local
// clock. Expectations are computed by hand from the Europe/Berlin rules: CET is UTC+1, CEST UTC+2;
// 2026-03-29 01:00Z the clock jumps 02:00 -> 03:00, 2026-10-25 01:00Z it falls 03:00 -> 02:00.
import { expect } from "chai";
import { calendarFeature, calendarValue, isKnownTimezone, labelClocks, localClock } from "../../../runtime/processing/sources/calendar.js";
import type { CalendarTransform } from "../../../generated/types.js";

const Q = 900_000;
const H = 3_600_000;
const at = (text: string): number => Date.parse(text);
const BERLIN = "Europe/Berlin";
const all = (label: string, cadence = Q, zone = BERLIN): Record<CalendarTransform, number> => ({
  quarter_hour_of_day_zero_based: calendarFeature("quarter_hour_of_day_zero_based", at(label), cadence, zone),
  hour_of_day: calendarFeature("hour_of_day", at(label), cadence, zone),
  day_of_week: calendarFeature("day_of_week", at(label), cadence, zone),
  is_weekend: calendarFeature("is_weekend", at(label), cadence, zone),
});

describe("calendar features (spec: Task declaration, calendar source; issue 7 item 1)", () => {
  it("a label denotes the start of its interval: 00:15 local is quarter hour 0, 00:00 local is 95 of the day before", () => {
    // 2026-03-02 is a Monday; 23:15Z on Monday is 00:15 CET Tuesday.
    expect(all("2026-03-02T23:15:00Z")).to.deep.equal({ quarter_hour_of_day_zero_based: 0, hour_of_day: 0, day_of_week: 2, is_weekend: 0 });
    expect(all("2026-03-02T23:00:00Z")).to.deep.equal({ quarter_hour_of_day_zero_based: 95, hour_of_day: 23, day_of_week: 1, is_weekend: 0 });
  });

  it("the interval start follows the cadence: an hourly label 01:00 local is hour 0, a daily label names the day it covers", () => {
    expect(all("2026-03-03T00:00:00Z", H)).to.deep.include({ hour_of_day: 0, quarter_hour_of_day_zero_based: 0 }); // 01:00 CET
    // Daily labels are UTC midnights (the grid is anchored at the epoch): 2026-03-02T00:00Z covers
    // Sunday 01:00 CET to Monday 01:00 CET, a Sunday by its start.
    expect(all("2026-03-02T00:00:00Z", 24 * H)).to.deep.equal({ quarter_hour_of_day_zero_based: 4, hour_of_day: 1, day_of_week: 7, is_weekend: 1 });
  });

  it("spring forward, Europe/Berlin 2026-03-29: 01:45 CET is followed by 03:00 CEST", () => {
    expect(all("2026-03-29T00:45:00Z")).to.deep.equal({ quarter_hour_of_day_zero_based: 6, hour_of_day: 1, day_of_week: 7, is_weekend: 1 }); // starts 01:30 CET
    expect(all("2026-03-29T01:00:00Z")).to.deep.equal({ quarter_hour_of_day_zero_based: 7, hour_of_day: 1, day_of_week: 7, is_weekend: 1 }); // starts 01:45 CET
    expect(all("2026-03-29T01:15:00Z")).to.deep.equal({ quarter_hour_of_day_zero_based: 12, hour_of_day: 3, day_of_week: 7, is_weekend: 1 }); // starts 03:00 CEST
    expect(all("2026-03-29T01:30:00Z")).to.deep.equal({ quarter_hour_of_day_zero_based: 13, hour_of_day: 3, day_of_week: 7, is_weekend: 1 }); // starts 03:15 CEST
  });

  it("spring forward: the local day has 92 quarter hours, 8-11 never occur", () => {
    // Intervals starting from 2026-03-28T23:00Z (00:00 CET) up to 2026-03-29T22:00Z (00:00 CEST next day).
    const labels = Array.from({ length: 92 }, (_, i) => at("2026-03-28T23:15:00Z") + i * Q);
    const quarters = labelClocks(labels, Q, BERLIN).map((c) => calendarValue("quarter_hour_of_day_zero_based", c));
    expect(quarters).to.deep.equal([...Array.from({ length: 8 }, (_, i) => i), ...Array.from({ length: 84 }, (_, i) => i + 12)]);
    expect(calendarFeature("quarter_hour_of_day_zero_based", labels[91]! + Q, Q, BERLIN)).to.equal(0); // the next day begins
  });

  it("fall back, Europe/Berlin 2026-10-25: 02:00-02:59 is lived twice, CEST then CET", () => {
    expect(all("2026-10-25T00:15:00Z")).to.deep.include({ quarter_hour_of_day_zero_based: 8, hour_of_day: 2 }); // starts 02:00 CEST
    expect(all("2026-10-25T01:00:00Z")).to.deep.include({ quarter_hour_of_day_zero_based: 11, hour_of_day: 2 }); // starts 02:45 CEST
    expect(all("2026-10-25T01:15:00Z")).to.deep.include({ quarter_hour_of_day_zero_based: 8, hour_of_day: 2 }); // starts 02:00 CET
    expect(all("2026-10-25T02:00:00Z")).to.deep.include({ quarter_hour_of_day_zero_based: 11, hour_of_day: 2 }); // starts 02:45 CET
    expect(all("2026-10-25T02:15:00Z")).to.deep.equal({ quarter_hour_of_day_zero_based: 12, hour_of_day: 3, day_of_week: 7, is_weekend: 1 }); // starts 03:00 CET
  });

  it("fall back: the local day has 100 quarter hours, 8-11 twice", () => {
    // Intervals starting from 2026-10-24T22:00Z (00:00 CEST) up to 2026-10-25T23:00Z (00:00 CET next day).
    const labels = Array.from({ length: 100 }, (_, i) => at("2026-10-24T22:15:00Z") + i * Q);
    const quarters = labelClocks(labels, Q, BERLIN).map((c) => calendarValue("quarter_hour_of_day_zero_based", c));
    expect(quarters).to.deep.equal([...Array.from({ length: 12 }, (_, i) => i), 8, 9, 10, 11, ...Array.from({ length: 84 }, (_, i) => i + 12)]);
    const days = labelClocks(labels, Q, BERLIN).map((c) => calendarValue("day_of_week", c));
    expect(new Set(days)).to.deep.equal(new Set([7]));
  });

  it("weekdays are ISO 8601 (Monday 1 ... Sunday 7) and is_weekend is Saturday and Sunday", () => {
    // Noon UTC labels from Monday 2026-03-02 to Sunday 2026-03-08 (12:45 CET starts).
    const days = Array.from({ length: 7 }, (_, i) => all(`2026-03-0${2 + i}T12:00:00Z`));
    expect(days.map((d) => d.day_of_week)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect(days.map((d) => d.is_weekend)).to.deep.equal([0, 0, 0, 0, 0, 1, 1]);
  });

  it("other zones: UTC has no offset, Asia/Kathmandu is UTC+05:45", () => {
    expect(all("2026-01-01T00:00:00Z", Q, "UTC")).to.deep.equal({ quarter_hour_of_day_zero_based: 95, hour_of_day: 23, day_of_week: 3, is_weekend: 0 });
    // Starts 2025-12-31T23:45Z = 05:30 on Thursday 2026-01-01 in Kathmandu.
    expect(all("2026-01-01T00:00:00Z", Q, "Asia/Kathmandu")).to.deep.equal({ quarter_hour_of_day_zero_based: 22, hour_of_day: 5, day_of_week: 4, is_weekend: 0 });
  });

  it("midnight is hour 0, never 24", () => {
    expect(localClock(at("2026-06-30T22:00:00Z"), BERLIN)).to.deep.equal({ hour: 0, minute: 0, isoWeekday: 3 });
  });

  it("knows which timezones Intl knows", () => {
    expect(isKnownTimezone(BERLIN)).to.equal(true);
    expect(isKnownTimezone("Mars/Olympus_Mons")).to.equal(false);
  });

  it("is fast enough for a frame: 768 labels x 4 features well under 50 ms", () => {
    const labels = Array.from({ length: 768 }, (_, i) => at("2026-03-25T00:00:00Z") + i * Q);
    const started = process.hrtime.bigint();
    const clocks = labelClocks(labels, Q, BERLIN);
    let sum = 0;
    for (const transform of ["quarter_hour_of_day_zero_based", "hour_of_day", "day_of_week", "is_weekend"] as const) for (const clock of clocks) sum += calendarValue(transform, clock);
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(sum).to.be.greaterThan(0);
    expect(elapsedMs).to.be.below(50);
  });
});
