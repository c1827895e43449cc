// Durations as rule files write them, in canonical form: integer and unit pairs, largest unit
// first, zero parts left out (90000 -> `1m30s`, 1500 -> `1s500ms`, 0 -> `0s`). Shared by the
// printer, the CLI and the docs so that every duration reads the same everywhere.

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ["h", 3_600_000],
  ["m", 60_000],
  ["s", 1000],
  ["ms", 1],
];

/** The canonical text of a duration of `ms` milliseconds (a non-negative safe integer). */
export function formatDuration(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`not a duration in whole milliseconds: ${ms}`);
  if (ms === 0) return "0s";
  let rest = ms;
  let text = "";
  for (const [unit, size] of UNITS) {
    const amount = Math.floor(rest / size);
    if (amount > 0) text += `${amount}${unit}`;
    rest -= amount * size;
  }
  return text;
}
