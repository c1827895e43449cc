// What `svc export` will write for each rule, decided before anything is written: its file
// name, and its DSL or why it has none. Pure.
import type { Rule } from "../../generated/types.js";
import { exportFileNames, type ExportFileName } from "./file-names.js";
import { ruleDslOf, type RuleDsl } from "../rule-dsl.js";

export interface ExportEntry {
  rule: Rule;
  name: ExportFileName;
  dsl: RuleDsl;
}

/** One entry per rule, in the order given (id ascending). */
export function planExport(rules: Rule[]): ExportEntry[] {
  const names = exportFileNames(rules);
  return rules.map((rule) => ({ rule, name: names.get(rule.id)!, dsl: ruleDslOf(rule) }));
}

/** `<file>.rule` when the rule has DSL, relative to the export folder. */
export function dslFileOf(entry: ExportEntry): string | undefined {
  return entry.dsl.kind === "dsl" ? `${entry.name.file}.rule` : undefined;
}

/** `json/<file>.json`, relative to the export folder; written for every rule. */
export function jsonFileOf(entry: ExportEntry): string {
  return `json/${entry.name.file}.json`;
}
