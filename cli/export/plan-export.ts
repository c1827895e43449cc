// What `svc export` will write for each rule, decided before anything is written: its file
// name, its DSL or why it has none, and, for a rule a file of the folder already defines,
// whether that file is left as it is (it already says what the service holds), rewritten, or
// left alone with a warning (a YAML file, or a file of several rules). Pure.
import type { Rule } from "../../generated/types.js";
import { ruleDslOf, type RuleDsl, type RuleDslOptions } from "../rule-dsl.js";
import { differencesOf } from "../sync/rule-differences.js";
import { exportFileNames, type ExportFileName } from "./file-names.js";
import { EMPTY_PACK, type PackRules } from "./pack-files.js";

export type PackFileState =
  /** The file compiles to what the service holds: not written, so its text and comments stay. */
  | { state: "unchanged"; file: string }
  /** The rule changed on the service: its DSL replaces the file. */
  | { state: "rewritten"; file: string }
  /** The rule changed, but the file is YAML or holds other rules too: left alone. */
  | { state: "not-rewritten"; file: string; reason: string };

export interface ExportEntry {
  rule: Rule;
  name: ExportFileName;
  dsl: RuleDsl;
  /** Set when a rule file of the folder already defines this rule (matched by name). */
  pack?: PackFileState;
}

/** One entry per rule, in the order given (id ascending); with a site, the DSL names points by it. */
export function planExport(rules: Rule[], pack: PackRules = EMPTY_PACK, options: RuleDslOptions = {}): ExportEntry[] {
  const names = exportFileNames(rules, pack);
  return rules.map((rule) => {
    const dsl = ruleDslOf(rule, options);
    const existing = pack.byName.get(rule.name);
    const entry: ExportEntry = { rule, name: names.get(rule.id)!, dsl };
    if (existing === undefined) return entry;
    const same = existing.compiled === undefined ? dsl.kind === "dsl" && existing.text === dsl.text : differencesOf(existing.compiled, rule).length === 0;
    if (same) return { ...entry, pack: { state: "unchanged", file: existing.file } };
    if (dsl.kind !== "dsl") return entry;
    if (existing.kind === "yaml") return { ...entry, pack: { state: "not-rewritten", file: existing.file, reason: "it is a YAML rule file, which export does not write" } };
    if (existing.rules > 1) return { ...entry, pack: { state: "not-rewritten", file: existing.file, reason: `it defines ${existing.rules} rules, and export writes one rule per file` } };
    return { ...entry, pack: { state: "rewritten", file: existing.file } };
  });
}

/** The rule file of the entry, relative to the export folder, when it has or gets one. */
export function dslFileOf(entry: ExportEntry): string | undefined {
  if (entry.pack !== undefined) return entry.pack.state === "not-rewritten" ? undefined : entry.pack.file;
  return entry.dsl.kind === "dsl" ? `${entry.name.prefix}${entry.name.file}.rule` : undefined;
}

/** Whether the entry's rule file is written: new, or rewritten; never one left unchanged. */
export function writesDsl(entry: ExportEntry): boolean {
  return entry.dsl.kind === "dsl" && dslFileOf(entry) !== undefined && entry.pack?.state !== "unchanged";
}

/** `json/<name>.json`, relative to the export folder; written for every rule, one file per rule. */
export function jsonFileOf(entry: ExportEntry): string {
  return `json/${entry.name.json}.json`;
}
