// The rules the files define, for sync and import: found as `svc compile` finds rule files,
// compiled locally with the one compile function, names checked unique across files. Editor
// documents have no rule name, so they are skipped with a note; data-processing files are the
// service's own business (it loads them from SVC_PACK). `svc import` also takes rules as the API
// returns them, named explicitly (a folder's *.json are never read: `svc export` writes each
// rule both as DSL and as JSON, and reading both would define every rule twice).
import { readFile } from "node:fs/promises";
import { UsageError } from "../console.js";
import { checkRuleNamesUnique } from "../rule-names.js";
import { siteErrors } from "../compile-with-sites.js";
import { findSiteFile, nameFrom, SiteFiles } from "../site-files.js";
import { collectSourceFiles, compileSourceFileWith, type FileResult, type SourceFile } from "../source-files.js";
import { compileRuleJson } from "./compile-rule-json.js";
import type { DesiredRule } from "./sync-plan.js";

export interface DesiredRules {
  /** Every file compiled, with its diagnostics (empty when it compiled). */
  results: FileResult[];
  /** The rules, in file order (files by name) and in their order within a file. */
  rules: DesiredRule[];
  /** One line per file left out, for people. */
  notes: string[];
  /** How many files have errors: any, and nothing may be sent. */
  failed: number;
}

export async function loadDesiredRules(paths: string[], cwd: string, command: "sync" | "import"): Promise<DesiredRules> {
  const files = await collectSourceFiles(paths, cwd);
  const notes: string[] = [];
  const results: FileResult[] = [];
  // Each file compiles with its pack's site.yaml, as `svc compile` does (issue 17): named points
  // resolve, and a point the site lacks stops the sync before any request.
  const sites = new SiteFiles();
  const siteOf = async (file: SourceFile) => {
    const found = await findSiteFile(file.path, file.root?.path);
    return found === undefined ? undefined : (await sites.load(found, nameFrom(file.name, file.path, found))).index;
  };
  for (const file of files) {
    if (isEditorDocument(file)) notes.push(`${file.name}: skipped: an editor document has no rule name; ${command} manages rule files`);
    else if (file.kind === "data-processing") {
      if (file.root === undefined) notes.push(`${file.name}: skipped: a data-processing file; the service loads those from its pack (SVC_PACK)`);
    } else if (file.kind === "flow") {
      const { result, skipped } = compileRuleJson(file.name, await readText(file), { site: await siteOf(file) });
      if (skipped !== undefined) notes.push(`${file.name}: skipped: ${skipped}`);
      else results.push(result);
    } else results.push(await compileSourceFileWith(file, await siteOf(file)));
  }
  results.push(...(await siteErrors(sites)));
  checkRuleNamesUnique(results);
  const failed = results.filter((r) => r.diagnostics.some((d) => d.severity === "error")).length;
  const rules = results.flatMap((r) => r.outputs.flatMap((o) => (o.metadata === undefined ? [] : [{ ...o.metadata, flow_json: o.flow_json, nodes_json: o.nodes_json, file: r.file }])));
  return { results, rules, notes, failed };
}

/** `.flow.json` is an editor document; another `.json` (only ever named explicitly) is a rule JSON. */
function isEditorDocument(file: SourceFile): boolean {
  return file.kind === "flow" && file.name.endsWith(".flow.json");
}

async function readText(file: SourceFile): Promise<string> {
  return readFile(file.path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file.name}: ${error.code ?? error.message}`);
  });
}
