// How the reports of `svc test` write variables, causes and tables, next to describe.ts (values,
// outcomes) and scenario-time.ts (offsets): one way everywhere, so that a line read in the text
// report can be found in the JUnit body and the golden trace, and every run prints the same bytes.
import type { RunCause } from "../runtime/engine/scheduler/types.js";
import { formatValue } from "./describe.js";

/** A variable's value: numbers as describe.ts writes them (NaN reads `unavailable`), booleans as words. */
export function formatVariable(value: number | boolean | null | undefined): string {
  if (typeof value === "boolean") return String(value);
  return formatValue(value ?? Number.NaN);
}

/** The trace's compact cause: `interval`, `on_change fast zone1.room_temp=24.2`. */
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
