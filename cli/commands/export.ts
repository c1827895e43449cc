// `svc export`: every rule of a running service as rule DSL (through the decompiler) and as the
// JSON the API answers, so rules made in an editor can be brought into git. Read-only.
import { stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { withApi } from "../api/api-command.js";
import { EXIT, UsageError, type Console } from "../console.js";
import { printedDsl, writtenJson, writtenLine, writtenSummary } from "../export/export-report.js";
import { readPackRules } from "../export/pack-files.js";
import { planExport } from "../export/plan-export.js";
import { readEveryRule } from "../export/read-rules.js";
import { writeExport } from "../export/write-export.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { readSiteFile, type SiteFile } from "../site-file.js";

export const EXPORT_USAGE = `usage: svc export [--out DIR] [--site SITE.yaml] [--json]

Reads every rule of the service (SVC_BASE_URL, token in SVC_ACCESS_TOKEN) and gives it back as
rule DSL, so that rules made in an editor can be kept in git and synced back with svc sync.
Read-only: it changes nothing in the service and needs no --confirmed.
  (no --out)   print the DSL of every rule on stdout as one rule file, rules in id order apart
               by a blank line; notes on stderr (stubs and rules without DSL are left out)
  --out DIR    write the rule's DSL and DIR/json/<name>.json (the rule exactly as
               GET /api/rules/{id} answers it) for every rule. A rule that a rule file under DIR
               already defines (matched by name, as sync matches) goes back into that file, and
               only when it changed: a file that compiles to what the service holds is left as
               it is, so exporting a synced pack changes no file. A changed rule of a YAML file
               or of a file of several rules is not rewritten (a warning; its JSON has it).
               Another rule gets DIR/rules/<name>.rule when DIR has a rules/ folder (a pack),
               else DIR/<name>.rule. <name> is the rule's name in lower case with dashes; when
               it is taken, -<id> is added. Files are written or overwritten, never deleted: DIR
               may still hold files of rules that are gone from the service. Nothing is written
               unless every rule could be read
  --site SITE.yaml
               write points in the DSL by the names the site gives them (ahu1.cooling_stage);
               without it, the names of the pack's site.yaml when --out names a pack
               (DIR/site.yaml, or DIR/../site.yaml when DIR is a pack's rules/ folder); else
               numbers. Points the site does not declare stay numeric
  --json       without --out: print the rules as a JSON array, as the API answers them;
               with --out: print what was written for each rule as a JSON array
A rule is written as DSL only when that DSL compiles back to the rule's own nodes_json (up to
node ids) and settings; otherwise it gets its JSON file only, with a warning. Stubs (no flow
yet) get their JSON file only. Legacy rules without an editor document (flow_json null) are
written from their nodes_json.
The DSL carries no enabled state: whether a rule is enabled is kept in its JSON file only.
Exit codes: 0 exported (some rules may be JSON only), 1 a file could not be written or the site
has errors (then nothing is written), 2 wrong
usage, 3 refused (no token, or the service refused a request), 4 the service failed
(unreachable, timed out, 5xx); on 3 and 4 nothing was written.`;

export async function exportCommand(args: string[], console: Console, cwd: string, env: Record<string, string | undefined>): Promise<number> {
  const { values, positionals } = parseOptions(args, { out: { type: "string" }, json: { type: "boolean" }, site: { type: "string" } });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}': svc export takes no files (--out DIR names the folder to write)`);
  const json = values.json === true;
  const shownDir = typeof values.out === "string" ? values.out : undefined;
  if (shownDir === "") throw new UsageError("--out needs a folder name");
  const dir = shownDir === undefined ? undefined : resolve(cwd, shownDir);
  if (dir !== undefined) await refuseNonFolder(dir, shownDir!);
  const siteFile = await exportSite(typeof values.site === "string" ? values.site : undefined, dir, shownDir, cwd);
  if (siteFile?.ok === false) {
    reportDiagnostics([siteFile.result], "text", console);
    console.err("svc export: the site has errors; nothing was exported\n");
    return EXIT.diagnostics;
  }
  const site = siteFile?.site;
  return withApi("export", console, env, json, async ({ client }) => {
    const rules = await readEveryRule(client);
    if (dir === undefined && json) {
      console.out(`${JSON.stringify(rules, null, 2)}\n`);
      return EXIT.ok;
    }
    const entries = planExport(rules, dir === undefined ? undefined : await readPackRules(dir, site), { site });
    if (dir === undefined) {
      const { text, notes } = printedDsl(entries);
      console.out(text);
      console.err(`${notes.join("\n")}\n`);
      return EXIT.ok;
    }
    try {
      await writeExport(entries, dir);
    } catch (error) {
      console.err(`svc export: cannot write into ${shownDir}: ${(error as Error).message}; the folder may hold part of the export\n`);
      return EXIT.diagnostics;
    }
    if (json) console.out(`${JSON.stringify(writtenJson(entries, shownDir!), null, 2)}\n`);
    for (const entry of entries) console.err(`${writtenLine(entry, shownDir!)}\n`);
    console.err(`${writtenSummary(entries, shownDir!)}\n`);
    return EXIT.ok;
  });
}

/**
 * The site named by --site, else the pack's site.yaml when --out is a pack (DIR/site.yaml, or
 * DIR/../site.yaml when DIR is a pack's rules/ folder), else none (numbers).
 */
async function exportSite(option: string | undefined, dir: string | undefined, shownDir: string | undefined, cwd: string): Promise<SiteFile | undefined> {
  if (option !== undefined) return readSiteFile(resolve(cwd, option), option);
  if (dir === undefined) return undefined;
  const candidates = [[join(dir, "site.yaml"), join(shownDir!, "site.yaml")]];
  if (basename(dir) === "rules") candidates.push([join(dir, "..", "site.yaml"), join(shownDir!, "..", "site.yaml")]);
  for (const [path, shown] of candidates) {
    if ((await stat(path!).catch(() => undefined))?.isFile()) return readSiteFile(path!, shown!);
  }
  return undefined;
}

/** An --out that names a file is a usage error, found before any request. */
async function refuseNonFolder(dir: string, shown: string): Promise<void> {
  const found = await stat(dir).catch(() => undefined);
  if (found !== undefined && !found.isDirectory()) throw new UsageError(`--out ${shown} is a file, not a folder`);
}
