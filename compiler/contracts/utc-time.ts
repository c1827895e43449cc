// Wire times of the data-processing contracts: RFC 3339 UTC with `Z`, at or after the epoch, at
// most milliseconds. The schema's pattern checks the shape; this checks the calendar (no
// February 30) and gives the instant as epoch milliseconds for grid arithmetic.

// Read character by character (issue 19.5: a frame has hundreds of labels; a regex match and a
// Date round trip per label cost 14 % of a full contract validation). The calendar is worked out
// once per date (a frame has 96 labels a day), two digits at a time.

const MS_PER_DAY = 86_400_000;

/** Epoch milliseconds of a wire time, or undefined when it is not a real UTC instant at or after the epoch. */
export function parseUtcTime(text: string): number | undefined {
  // YYYY-MM-DDThh:mm:ssZ (20 characters) or with .s, .ss or .sss before the Z (22-24).
  const length = text.length;
  if (length !== 20 && (length < 22 || length > 24)) return undefined;
  if (text.charCodeAt(length - 1) !== 0x5a) return undefined; // Z
  if (text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d || text.charCodeAt(10) !== 0x54 || text.charCodeAt(13) !== 0x3a || text.charCodeAt(16) !== 0x3a) return undefined; // - - T : :
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2); // negative when a character is not a digit
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if ((year | month | day | hour | minute | second) < 0) return undefined;
  let ms = 0;
  if (length > 20) {
    if (text.charCodeAt(19) !== 0x2e) return undefined; // .
    const fraction = digits(text, 20, length - 21);
    if (fraction < 0) return undefined;
    ms = length === 22 ? fraction * 100 : length === 23 ? fraction * 10 : fraction;
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined; // no 24:00, no leap second 60
  // The calendar (no month 13, no February 30 nor 29 outside leap years), once per date: a
  // frame's labels share a date 96 at a time.
  const date = year * 10_000 + month * 100 + day; // one number per (year, month, day): month and day are below 100
  if (date !== lastDate) {
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    lastDays = daysSinceEpoch(year, month, day);
    lastDate = date;
  }
  const at = lastDays * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
  return at >= 0 ? at : undefined;
}

// The last real date parsed and its days since the epoch.
let lastDate = -1;
let lastDays = 0;

/** The number written by two ASCII digits at `start`; negative when one of them is not a digit. */
function twoDigits(text: string, start: number): number {
  const tens = text.charCodeAt(start) - 0x30;
  const ones = text.charCodeAt(start + 1) - 0x30;
  return tens >>> 0 > 9 || ones >>> 0 > 9 ? -10_000 : tens * 10 + ones; // -10,000 keeps year = tens * 100 + ones negative
}

/** The number written by `count` ASCII digits from `start`; -1 when one of them is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const d = text.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysSinceEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The wire form of epoch milliseconds: `YYYY-MM-DDThh:mm:ssZ`, with `.sss` only when not zero. */
export function formatUtcTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}
