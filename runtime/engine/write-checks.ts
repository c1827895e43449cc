// Spec item 9 and the first half of item 11: what makes a computed write impossible before the
// command plane is asked. Returns the reason, or null when the value may be submitted.
import type { PointInfo } from "../points/point-table.js";

export function describeWriteProblem(value: number, info: PointInfo | undefined, instance: number, point: number): string | null {
  if (info === undefined) return `the site model declares no action point ${point} on instance ${instance}`;
  if (value !== value) return "the computed value is NaN; nothing was written";
  if (value === Infinity || value === -Infinity) return `the computed value is ${value}; nothing was written`;
  if (value < info.min || value > info.max) return `the computed value ${value} is outside the point's range [${info.min}, ${info.max}]; nothing was written`;
  return null;
}
