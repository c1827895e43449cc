// Compiling the files `svc compile` (and `svc points`) were given, each rule file against its
// site.yaml (issue 17): which site (found, given with --site, or none with --no-site), loaded and
// indexed once per run; the site files with errors as results of their own; the one note about
// rule files compiled without a site; and --strict, which makes warnings errors.
import { resolve } from "node:path";
import { stat } from "node:fs/promises";
import type { Diagnostic } from "../generated/types.js";
import { UsageError } from "./console.js";
import { findSiteFile, nameFrom, SiteFiles, type SiteFile } from "./site-files.js";
import { compileSourceFileWith, type FileResult, type SourceFile } from "./source-files.js";

/** Each rule file's nearest site.yaml; no site (--no-site); or the site.yaml to use, as given (--site). */
export type SiteChoice = { kind: "find" } | { kind: "none" } | { kind: "file"; file: string };

export async function compileWithSites(files: readonly SourceFile[], cwd: string, choice: SiteChoice): Promise<{ results: FileResult[]; sites: SiteFiles }> {
  const sites = new SiteFiles();
  const siteOf = await siteResolver(cwd, choice, sites);
  const results = await Promise.all(
    files.map(async (file) => {
      if (file.kind === "data-processing") return compileSourceFileWith(file, undefined);
      const site = await siteOf(file);
      const result = await compileSourceFileWith(file, site?.index);
      if (site === undefined) return result;
      if (site.index === undefined) result.diagnostics = result.diagnostics.map((d) => brokenSiteDiagnostic(d, site.name));
      return { ...result, site, compiledWithSite: site.index !== undefined };
    }),
  );
  return { results, sites };
}

const NO_SITE = /, but no site was given: .*$/s;

/**
 * A named point of a rule file whose site.yaml was found but has errors: the compiler (given no
 * site) says "no site was given"; the user is told instead that the site has errors, and that the
 * names resolve once it is fixed. Same code (point/no-site): the rule compiled without a site.
 */
export function brokenSiteDiagnostic(d: Diagnostic, siteName: string): Diagnostic {
  if (d.code !== "point/no-site" || !NO_SITE.test(d.message)) return d;
  return { ...d, message: d.message.replace(NO_SITE, `, but the site ${siteName} has errors (reported with it): the names resolve once it is fixed`) };
}

/**
 * A named point of a rule file `svc import` or `svc sync` found no site.yaml for (a file outside a
 * pack): the compiler's "compile the pack" does not say how, so the message names the option that
 * gives the site (issue 19). Same code (point/no-site).
 */
export function noSiteFoundDiagnostic(d: Diagnostic, command: "sync" | "import"): Diagnostic {
  if (d.code !== "point/no-site" || !NO_SITE.test(d.message)) return d;
  return { ...d, message: d.message.replace(NO_SITE, `, but no site.yaml was found for the file (beside it or in a folder above): give the site with --site SITE.yaml (svc ${command} ... --site SITE.yaml), or write measurement(i, p) or action(i, p)`) };
}

/**
 * The site each rule file compiles with, for a choice: loaded through `sites` (once per file).
 * A --site that names no file is a usage error, found before anything is compiled.
 */
export async function siteResolver(cwd: string, choice: SiteChoice, sites: SiteFiles): Promise<(file: SourceFile) => Promise<SiteFile | undefined>> {
  let given: string | undefined;
  if (choice.kind === "file") {
    given = resolve(cwd, choice.file);
    if ((await stat(given).catch(() => undefined))?.isFile() !== true) throw new UsageError(`--site ${choice.file}: no such file`);
  }
  return async (file) => {
    if (choice.kind === "file") return sites.load(given!, choice.file);
    if (choice.kind === "none") return undefined;
    const found = await findSiteFile(file.path, file.root?.path);
    return found === undefined ? undefined : sites.load(found, nameFrom(file.name, file.path, found));
  };
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
