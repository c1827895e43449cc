// Compiling the files `svc compile` (and `svc points`) were given, each rule file against its
// site.yaml (issue 17): which site (found, given with --site, or none with --no-site), loaded and
// indexed once per run; the site files with errors as results of their own; the one note about
// rule files compiled without a site; and --strict, which makes warnings errors.
import { resolve } from "node:path";
import { stat } from "node:fs/promises";
import { UsageError } from "./console.js";
import { findSiteFile, nameFrom, SiteFiles, type SiteFile } from "./site-files.js";
import { compileSourceFileWith, type FileResult, type SourceFile } from "./source-files.js";

/** Each rule file's nearest site.yaml; no site (--no-site); or the site.yaml to use, as given (--site). */
export type SiteChoice = { kind: "find" } | { kind: "none" } | { kind: "file"; file: string };

export async function compileWithSites(files: readonly SourceFile[], cwd: string, choice: SiteChoice): Promise<{ results: FileResult[]; sites: SiteFiles }> {
  const sites = new SiteFiles();
  let given: string | undefined;
  if (choice.kind === "file") {
    given = resolve(cwd, choice.file);
    if ((await stat(given).catch(() => undefined))?.isFile() !== true) throw new UsageError(`--site ${choice.file}: no such file`);
  }
  const siteOf = async (file: SourceFile): Promise<SiteFile | undefined> => {
    if (choice.kind === "file") return sites.load(given!, choice.file);
    if (choice.kind === "none") return undefined;
    const found = await findSiteFile(file.path, file.root?.path);
    return found === undefined ? undefined : sites.load(found, nameFrom(file.name, file.path, found));
  };
  const results = await Promise.all(
    files.map(async (file) => {
      if (file.kind === "data-processing") return compileSourceFileWith(file, undefined);
      const site = await siteOf(file);
      const result = await compileSourceFileWith(file, site?.index);
      return site === undefined ? result : { ...result, site, compiledWithSite: site.index !== undefined };
    }),
  );
  return { results, sites };
}

/** A result for each site.yaml read that has problems, so that they are reported once, with the file's other problems. */
export async function siteErrors(sites: SiteFiles): Promise<FileResult[]> {
  return (await sites.all())
    .filter((site) => site.diagnostics.length > 0)
    .map((site) => ({ file: site.name, kind: "yaml", text: site.text, diagnostics: site.diagnostics, outputs: [] }));
}

const SKIPPED = "checks against the site (points, ranges, units) were skipped";
const NAMED = 3;

/**
 * One line for all the rule files compiled without a site because none was found, and one per
 * site.yaml with errors (its rule files compiled without it); none with --no-site (asked for).
 */
export function siteNotes(results: readonly FileResult[], choice: SiteChoice): string[] {
  const rules = results.filter((r) => r.kind !== "data-processing" && r.compiledWithSite !== true);
  const notes: string[] = [];
  const alone = rules.filter((r) => r.site === undefined && r.source !== undefined);
  if (alone.length > 0 && choice.kind !== "none") notes.push(`note: no site.yaml found for ${files(alone)}: ${SKIPPED}`);
  const broken = new Map<string, FileResult[]>();
  for (const r of rules) if (r.site !== undefined) broken.set(r.site.name, [...(broken.get(r.site.name) ?? []), r]);
  for (const [site, members] of broken) notes.push(`note: ${site} has errors, so ${files(members)} compiled without it: ${SKIPPED}`);
  return notes;
}

function files(results: readonly FileResult[]): string {
  const names = results.slice(0, NAMED).map((r) => r.file);
  return results.length > NAMED ? `${names.join(", ")} and ${results.length - NAMED} more` : names.join(", ");
}

/** --strict: every warning becomes an error; returns how many did. */
export function strict(results: readonly FileResult[]): number {
  let count = 0;
  for (const r of results) {
    r.diagnostics = r.diagnostics.map((d) => {
      if (d.severity !== "warning") return d;
      count++;
      return { ...d, severity: "error" };
    });
  }
  return count;
}
