// Rule names: unique across files, and spelt as file names (svc compile --out, svc export).
// Unique because the service tells rules apart by name (sync and import match files to rules
// by name), so one name in two files is an error of the second file.
import type { FileResult } from "./source-files.js";

/** Adds `rule/duplicate-rule-name` to each file that defines a rule named in an earlier file. */
export function checkRuleNamesUnique(results: FileResult[]): void {
  const seen = new Map<string, string>();
  for (const r of results) {
    for (const o of r.outputs) {
      if (o.metadata === undefined) continue;
      const first = seen.get(o.metadata.name);
      if (first === undefined) seen.set(o.metadata.name, r.file);
      else if (first !== r.file) {
        r.diagnostics.push({ code: "rule/duplicate-rule-name", severity: "error", message: `a rule named "${o.metadata.name}" is also defined in ${first}` });
      }
    }
  }
}

/** A rule name as a file name: lower case, runs of anything but letters and digits as one dash. */
export function fileNameOf(ruleName: string): string {
  return ruleName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "rule";
}
