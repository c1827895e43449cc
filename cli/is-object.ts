// A JSON object (not an array, not null): the first check on any parsed JSON the CLI reads.
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
