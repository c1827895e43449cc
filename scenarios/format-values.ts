// How the reports of `svc test` write times, values and causes: one way everywhere (text report,
// JUnit, golden traces), so that a line read in one can be found in the other and every run
// prints the same bytes.
import type { RunCause } from "../runtime/engine/scheduler/types.js";

/** A time as an offset from the scenario's start, in the units scenario files use: `+30s`, `+1m30.5s`, `+250ms`. */
export function formatOffset(at: number, start: number): string {
  const ms = at - start;
  return `${ms < 0 ? "-" : "+"}${formatDuration(Math.abs(ms))}`;
}

/** `0s`, `250ms`, `30s`, `1m30s`, `2h`, `1d2h`, `1m0.25s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  const units: Array<[string, number]> = [["d", 86_400_000], ["h", 3_600_000], ["m", 60_000]];
  let rest = Math.round(ms);
  let text = "";
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    if (n > 0) text += `${n}${unit}`;
    rest -= n * size;
  }
  if (rest === 0) return text === "" ? "0s" : text;
  if (text === "" && rest < 1000) return `${rest}ms`;
  const seconds = Math.floor(rest / 1000);
  const millis = rest % 1000;
  return `${text}${seconds}${millis === 0 ? "" : `.${String(millis).padStart(3, "0").replace(/0+$/, "")}`}s`;
}

/** A value as a rule sees it: numbers as JavaScript prints them (NaN stays `NaN`), booleans as words. */
export function formatValue(value: number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NaN";
  if (typeof value === "boolean") return String(value);
  return Object.is(value, -0) ? "0" : String(value);
}

/** A variable's value: NaN (an input not available, or not assigned on the path) reads `unavailable`. */
export function formatVariable(value: number | boolean | null | undefined): string {
  return value === null || value === undefined || (typeof value === "number" && Number.isNaN(value)) ? "unavailable" : formatValue(value);
}

/** `interval` or `on_change fast zone1.room_temp=24.2`; `pointText` names a point index. */
export function formatCause(cause: RunCause, pointText: (index: number) => string): string {
  if (cause.kind === "interval") return "interval";
  return `on_change ${cause.path} ${pointText(cause.index)}=${formatValue(cause.value)}`;
}

/** Lines of cells, each column padded to its widest cell (the last column is not padded). */
export function alignColumns(rows: string[][], gap = "  "): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell + " ".repeat(widths[i]! - [...cell].length)))
      .join(gap)
      .trimEnd(),
  );
}
