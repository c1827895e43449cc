// Durations as written in rule files: integer and unit pairs, largest first by convention
// (`500ms`, `30s`, `1m30s`, `2h`). The same syntax in DSL and YAML.

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+)(ms|s|m|h)/g;

/** A duration pattern for a whole string, e.g. for YAML values and schemas. */
export const DURATION_PATTERN = /^(?:\d+(?:ms|s|m|h))+$/;

/** Milliseconds of a duration text (already matched by the lexer or DURATION_PATTERN). May exceed any limit: callers check. */
export function durationMs(text: string): number {
  let total = 0;
  for (const [, amount, unit] of text.matchAll(PART)) total += Number(amount) * UNIT_MS[unit!]!;
  return total;
}
