// The rule ids of a many-id read (whereIn), as the store binds them: distinct, only those some row
// could have (id-ranges.ts), ascending, in slices, since a statement's bound parameters are
// limited (SQLite's default is 32,766).
import { isIdInRange } from "./id-ranges.js";

const IDS_PER_READ = 500;

export function ruleIdSlices(ids: readonly number[]): number[][] {
  const wanted = [...new Set(ids.filter((id) => isIdInRange(id, "rule")))].sort((a, b) => a - b);
  const slices: number[][] = [];
  for (let at = 0; at < wanted.length; at += IDS_PER_READ) slices.push(wanted.slice(at, at + IDS_PER_READ));
  return slices;
}
