// Wire times of the data-processing contracts: RFC 3339 UTC with `Z`, at or after the epoch, at
// most milliseconds. The schema's pattern checks the shape; this checks the calendar (no
// February 30) and gives the instant as epoch milliseconds for grid arithmetic.

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/;

/** Epoch milliseconds of a wire time, or undefined when it is not a real UTC instant at or after the epoch. */
export function parseUtcTime(text: string): number | undefined {
  const m = SHAPE.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, "0"));
  const at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls Feb 30 over into March: a changed day means the date does not exist.
  const back = new Date(at);
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  return at >= 0 ? at : undefined;
}

/** The wire form of epoch milliseconds: `YYYY-MM-DDThh:mm:ssZ`, with `.sss` only when not zero. */
export function formatUtcTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}
