// The file name of each exported rule: its name as `svc compile --out` spells it, and `-<id>`
// added for the later rules (by id) when several rules would share one file.
import type { Rule } from "../../generated/types.js";
import { fileNameOf } from "../rule-names.js";

export interface ExportFileName {
  /** Without extension: `<file>.rule` and `json/<file>.json`. */
  file: string;
  /** The id of the earlier rule whose file name this one would have taken. */
  clashesWith?: number;
}

/** File names for `rules` (given by id ascending), one per rule id, never two alike. */
export function exportFileNames(rules: Rule[]): Map<number, ExportFileName> {
  const names = new Map<number, ExportFileName>();
  const owner = new Map<string, number>();
  for (const rule of rules) {
    const natural = fileNameOf(rule.name);
    let file = natural;
    // `x-7` may itself be the natural name of an earlier rule: append the id until free.
    while (owner.has(file)) file = `${file}-${rule.id}`;
    owner.set(file, rule.id);
    names.set(rule.id, file === natural ? { file } : { file, clashesWith: owner.get(natural)! });
  }
  return names;
}
