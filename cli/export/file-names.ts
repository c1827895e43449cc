// The file names of each exported rule. Its rule file: a rule that a file of the folder already
// defines keeps that file's name; another gets its name as `svc compile --out` spells it, in the
// pack's rules folder, with `-<id>` added when the name is taken (by an earlier rule or a file of
// the folder). Its JSON file is named by the rule's name alone (`json/<name>.json`, `-<id>` added
// when an earlier rule took it): a file that defines several rules gives each its own JSON.
import type { Rule } from "../../generated/types.js";
import { fileNameOf } from "../rule-names.js";
import { baseOf, EMPTY_PACK, type PackRules } from "./pack-files.js";

export interface ExportFileName {
  /** The base name of a new rule file: `<prefix><file>.rule`. */
  file: string;
  /** The base name of its JSON file, `json/<json>.json`: the rule's name, never another rule's. */
  json: string;
  /** Where a new rule file goes, relative to the export folder (`rules/` in a pack). */
  prefix: string;
  /** The id of the earlier rule whose file name this one would have taken. */
  clashesWith?: number;
}

/** File names for `rules` (given by id ascending), one per rule id, never two alike. */
export function exportFileNames(rules: Rule[], pack: PackRules = EMPTY_PACK): Map<number, ExportFileName> {
  const names = new Map<number, ExportFileName>();
  const owner = new Map<string, number>();
  const json = jsonNames(rules);
  // Rules of the folder's files first: their names are the files'.
  for (const rule of rules) {
    const existing = pack.byName.get(rule.name);
    if (existing === undefined) continue;
    const file = baseOf(existing.file);
    owner.set(file, rule.id);
    names.set(rule.id, { file, prefix: "", json: json.get(rule.id)! });
  }
  for (const rule of rules) {
    if (names.has(rule.id)) continue;
    const natural = fileNameOf(rule.name);
    let file = natural;
    // `x-7` may itself be the natural name of an earlier rule: append the id until free.
    while (owner.has(file) || pack.takenBases.has(file)) file = `${file}-${rule.id}`;
    owner.set(file, rule.id);
    const clash = owner.get(natural);
    names.set(rule.id, { file, prefix: pack.newRulePrefix, json: json.get(rule.id)!, ...(file !== natural && clash !== undefined && clash !== rule.id ? { clashesWith: clash } : {}) });
  }
  return names;
}

/** `json/<name>.json` of each rule, by its name; `-<id>` added until no earlier rule has it. */
function jsonNames(rules: Rule[]): Map<number, string> {
  const names = new Map<number, string>();
  const taken = new Set<string>();
  for (const rule of rules) {
    let file = fileNameOf(rule.name);
    while (taken.has(file)) file = `${file}-${rule.id}`;
    taken.add(file);
    names.set(rule.id, file);
  }
  return names;
}
