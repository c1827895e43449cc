// Writes a planned export into a folder: the rule file of each rule with DSL (a new one, or the
// folder's own file rewritten; a file that already says what the service holds is not touched),
// `json/<file>.json` for every rule (the rule as the API answers it). Files are written or
// overwritten, never deleted: a rule removed from the service leaves its old files behind.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { dslFileOf, jsonFileOf, writesDsl, type ExportEntry } from "./plan-export.js";

export async function writeExport(entries: ExportEntry[], dir: string): Promise<void> {
  if (entries.length === 0) return;
  await mkdir(join(dir, "json"), { recursive: true });
  for (const entry of entries) {
    const dslFile = dslFileOf(entry);
    if (dslFile !== undefined && entry.dsl.kind === "dsl" && writesDsl(entry)) {
      await mkdir(dirname(join(dir, dslFile)), { recursive: true });
      await writeFile(join(dir, dslFile), entry.dsl.text);
    }
    await writeFile(join(dir, jsonFileOf(entry)), `${JSON.stringify(entry.rule, null, 2)}\n`);
  }
}
