// What `svc export` tells: one line per rule and a summary, as text for people (stderr) or as
// JSON for scripts (stdout). Pure: the plan in, text out.
import { join } from "node:path";
import { plural } from "../console.js";
import { dslFileOf, jsonFileOf, type ExportEntry } from "./plan-export.js";

/** The line of one rule written into `dir` (as the user named it), with its notes and warnings. */
export function writtenLine(entry: ExportEntry, dir: string): string {
  const { rule, dsl, name } = entry;
  const dslFile = dslFileOf(entry);
  const files = [...(dslFile === undefined ? [] : [join(dir, dslFile)]), join(dir, jsonFileOf(entry))];
  const notes: string[] = [];
  if (dsl.kind === "dsl" && dsl.from === "nodes_json") notes.push("from nodes_json (no editor document)");
  if (dsl.kind === "stub") notes.push("stub: no flow yet, JSON only");
  if (dsl.kind === "failed") notes.push("JSON only");
  if (name.clashesWith !== undefined) notes.push(`-${rule.id} added: rule #${name.clashesWith} has the same file name`);
  if (entry.pack?.state === "unchanged") notes.push(`${entry.pack.file} already says this: not rewritten`);
  if (entry.pack?.state === "rewritten") notes.push(`${entry.pack.file} rewritten: the rule changed on the service`);
  const lines = [`${label(entry)} -> ${files.join(", ")}${notes.length > 0 ? `; ${notes.join("; ")}` : ""}`];
  if (dsl.kind === "failed") lines.push(`  warning: not written as DSL: ${dsl.reason}`);
  if (dsl.kind === "dsl" && dsl.siteProblem !== undefined) lines.push(`  warning: ${siteWarning(dsl.siteProblem)}`);
  if (entry.pack?.state === "not-rewritten") {
    lines.push(`  warning: the rule changed on the service, but ${join(dir, entry.pack.file)} was not rewritten: ${entry.pack.reason}; its new content is in ${join(dir, jsonFileOf(entry))}`);
  }
  return lines.join("\n");
}

export function writtenSummary(entries: ExportEntry[], dir: string): string {
  if (entries.length === 0) return `the service has no rules; nothing written into ${dir}`;
  const withDsl = entries.filter((e) => e.dsl.kind === "dsl").length;
  const stubs = entries.filter((e) => e.dsl.kind === "stub").length;
  const failed = entries.length - withDsl - stubs;
  const jsonOnly = [...(stubs > 0 ? [plural(stubs, "stub")] : []), ...(failed > 0 ? [`${failed} not expressible as DSL`] : [])];
  return (
    `exported ${plural(entries.length, "rule")} into ${dir}: ${withDsl} as DSL and JSON` +
    (jsonOnly.length > 0 ? `, ${entries.length - withDsl} as JSON only (${jsonOnly.join(", ")})` : "") +
    packSummary(entries) +
    "; other files in it were left as they are"
  );
}

/** What happened to the folder's own rule files, when it had some. */
function packSummary(entries: ExportEntry[]): string {
  const count = (state: string) => entries.filter((e) => e.pack?.state === state).length;
  const parts = [
    ...(count("unchanged") > 0 ? [`${count("unchanged")} already up to date in their files`] : []),
    ...(count("rewritten") > 0 ? [`${plural(count("rewritten"), "file")} rewritten`] : []),
    ...(count("not-rewritten") > 0 ? [`${count("not-rewritten")} changed but not rewritten (see the warnings)`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** The export as JSON (`--out DIR --json`): what was written for each rule. */
export function writtenJson(entries: ExportEntry[], dir: string): unknown[] {
  return entries.map((entry) => {
    const { rule, dsl } = entry;
    const dslFile = dslFileOf(entry);
    return {
      id: rule.id,
      name: rule.name,
      enabled: rule.enabled,
      rule_file: dslFile === undefined ? null : join(dir, dslFile),
      rule_file_state: entry.pack?.state ?? (dslFile === undefined ? null : "written"),
      json_file: join(dir, jsonFileOf(entry)),
      dsl_from: dsl.kind === "dsl" ? dsl.from : null,
      note: dsl.kind === "stub" ? "stub: no flow yet" : dsl.kind === "failed" ? dsl.reason : dsl.siteProblem === undefined ? null : siteWarning(dsl.siteProblem),
    };
  });
}

/**
 * The DSL of every rule as one rule file's text (rules apart by a blank line), and the notes on
 * the rules left out: stubs, rules without DSL, and a second rule of a name already printed
 * (one file holds one rule per name).
 */
export function printedDsl(entries: ExportEntry[]): { text: string; notes: string[] } {
  const texts: string[] = [];
  const notes: string[] = [];
  const printed = new Map<string, number>();
  for (const entry of entries) {
    const { rule, dsl } = entry;
    if (dsl.kind === "stub") notes.push(`${label(entry)}: stub: no flow yet, left out`);
    else if (dsl.kind === "failed") notes.push(`warning: ${label(entry)} left out: ${dsl.reason}`);
    else if (printed.has(rule.name)) {
      notes.push(`warning: ${label(entry)} left out: rule #${printed.get(rule.name)} has the same name, and one DSL text holds one rule per name (svc export --out DIR writes both)`);
    } else {
      printed.set(rule.name, rule.id);
      texts.push(dsl.text);
      if (dsl.siteProblem !== undefined) notes.push(`warning: ${label(entry)} ${siteWarning(dsl.siteProblem)}`);
    }
  }
  const left = entries.length - texts.length;
  if (entries.length === 0) notes.push("the service has no rules");
  else notes.push(`${plural(texts.length, "rule")} of ${entries.length} printed as DSL${left > 0 ? `, ${left} left out (svc export --json prints every rule)` : ""}`);
  return { text: texts.join("\n"), notes };
}

/** A rule written as DSL that the site's checks refuse: its points the site lacks stay numeric. */
function siteWarning(problem: string): string {
  return `does not match the site: ${problem}; points the site does not declare are written as numbers, and the file compiles once the site declares them`;
}

function label(entry: ExportEntry): string {
  return `#${entry.rule.id} ${JSON.stringify(entry.rule.name)}`;
}
