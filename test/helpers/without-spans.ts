// An AST without its source positions, for comparing what two ASTs say: span properties and
// undefined properties removed, everything else (including -0) kept as it is.
export const SPAN_KEYS = new Set(["span", "nameSpan", "valueSpan", "outputSpan", "periodSpan", "blockSpan", "calleeSpan", "instanceSpan"]);

export function withoutSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpans);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).filter(([key, v]) => !SPAN_KEYS.has(key) && v !== undefined);
  return Object.fromEntries(entries.map(([key, v]) => [key, withoutSpans(v)]));
}
