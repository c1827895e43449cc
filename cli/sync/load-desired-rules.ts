// The rules the files define, for sync and import: found as `svc compile` finds rule files,
// compiled locally with the one compile function, names checked unique across files. Editor
// documents have no rule name, so they are skipped with a note; data-processing files are the
// service's own business (it loads them from SVC_PACK). `svc import` also takes rules as the API
// returns them, named explicitly (a folder's *.json are never read: `svc export` writes each
// rule both as DSL and as JSON, and reading both would define every rule twice).
import { readFile } from "node:fs/promises";
import { UsageError } from "../console.js";
import { checkRuleNamesUnique } from "../rule-names.js";
import { brokenSiteDiagnostic, noSiteFoundDiagnostic, siteErrors, siteResolver, type SiteChoice } from "../compile-with-sites.js";
import { addSharedWriteWarnings } from "../shared-writes.js";
import { SiteFiles } from "../site-files.js";
import { collectSourceFiles, compileSourceFileWith, type FileResult, type SourceFile } from "../source-files.js";
import type { SiteIndex } from "../../compiler/site/site-index.js";
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

export async function loadDesiredRules(paths: string[], cwd: string, command: "sync" | "import", choice: SiteChoice = { kind: "find" }): Promise<DesiredRules> {
  // A --site that names no file is wrong usage, found before the files are read.
  const sites = new SiteFiles();
  const siteOf = await siteResolver(cwd, choice, sites);
  const files = await collectSourceFiles(paths, cwd);
  const notes: string[] = [];
  const results: FileResult[] = [];
  // Each file compiles with its pack's site.yaml (or --site), as `svc compile` does (issue 17):
  // named points resolve, and a point the site lacks stops the sync before any request.
  const compiled = async (file: SourceFile, compile: (site: SiteIndex | undefined) => Promise<FileResult | undefined>): Promise<void> => {
    const site = await siteOf(file);
    const result = await compile(site?.index);
    if (result === undefined) return;
    if (site !== undefined && site.index === undefined) result.diagnostics = result.diagnostics.map((d) => brokenSiteDiagnostic(d, site.name));
    if (site === undefined) result.diagnostics = result.diagnostics.map((d) => noSiteFoundDiagnostic(d, command));
    results.push(site === undefined ? result : Object.assign(result, { site, compiledWithSite: site.index !== undefined }));
  };
  for (const file of files) {
    if (isEditorDocument(file)) notes.push(`${file.name}: skipped: an editor document has no rule name; ${command} manages rule files`);
    else if (file.kind === "data-processing") {
      if (file.root === undefined) notes.push(`${file.name}: skipped: a data-processing file; the service loads those from its pack (SVC_PACK)`);
    } else if (file.kind === "flow") {
      const text = await readText(file);
      await compiled(file, async (site) => {
        const { result, skipped } = compileRuleJson(file.name, text, { site });
        if (skipped === undefined) return result;
        notes.push(`${file.name}: skipped: ${skipped}`);
        return undefined;
      });
    } else await compiled(file, (site) => compileSourceFileWith(file, site));
  }
  results.push(...(await siteErrors(sites)));
  checkRuleNamesUnique(results);
  // The pack-level warnings `svc compile` gives (an action point written by several rules).
  addSharedWriteWarnings(results);
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
