// `svc points [PACK] [--json]` (issue 17.3): the site's points with unit, range and the rules that
// read, watch or write each, so that one sees which actuator several rules drive. For a pack, its
// site.yaml and its rule files compiled against it; without one, the running service's site and
// stored rules (GET /api/site/points).
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { withApi } from "../api/api-command.js";
import { fetchSitePoints } from "../api/site-points-client.js";
import { EXIT, plural, UsageError, type Console } from "../console.js";
import { fileRules } from "../file-rules.js";
import { parseOptions } from "../options.js";
import { packPointsReport, pointsText, type SitePointsReport } from "../points-report.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { printJson } from "../rules/rules-io.js";
import { SITE_FILE, SiteFiles } from "../site-files.js";
import { collectSourceFiles, compileSourceFileWith } from "../source-files.js";

export const POINTS_USAGE = `usage: svc points [PACK] [--json]

Lists the site's points, in site.yaml order, with their unit and range and the rules that read
them, watch them (on_change) and write them; an action written by several rules is flagged
(N WRITERS). Then the points rules use that the site does not declare.
  PACK     a pack folder: its site.yaml, and its rule files (*.rule, *.rule.yaml / *.rule.yml,
           in any subfolder) compiled against it. Rules with errors are reported and left out
  (none)   the running service: its loaded site and its stored rules (GET /api/site/points;
           SVC_BASE_URL, default http://127.0.0.1:8080, and a token in SVC_ACCESS_TOKEN)
  --json   print {points: [...], undeclared: [...]}: each point with instance, instance_name,
           instance_key, point_type, point, name, unit, min, max (null when unbounded), readers
           ({rule, access: read | trigger}) and writers ({rule, priority}); a pack's rules carry
           file and line, the service's rule_id
Exit codes: 0 listed, 1 the site.yaml or a rule file has errors, 2 wrong usage, 3 refused (no
token, or the service refused), 4 the service failed.`;

export async function pointsCommand(args: string[], console: Console, cwd: string, env: Record<string, string | undefined>): Promise<number> {
  const { values, positionals } = parseOptions(args, { json: { type: "boolean" } });
  const json = values.json === true;
  if (positionals.length > 1) throw new UsageError(`name one pack folder, not ${positionals.length}`);
  const print = (report: SitePointsReport): void => (json ? printJson(console, report) : console.out(pointsText(report)));
  if (positionals.length === 0) {
    return withApi("points", console, env, json, async ({ settings }) => {
      print(await fetchSitePoints(settings));
      return EXIT.ok;
    });
  }
  return packPoints(positionals[0]!, cwd, console, print);
}

async function packPoints(pack: string, cwd: string, console: Console, print: (report: SitePointsReport) => void): Promise<number> {
  const folder = resolve(cwd, pack);
  const info = await stat(folder).catch(() => undefined);
  if (info === undefined) throw new UsageError(`no such directory: ${pack}`);
  if (!info.isDirectory()) throw new UsageError(`${pack} is not a folder: name the pack folder, the one that holds site.yaml`);
  const sitePath = join(folder, SITE_FILE);
  if ((await stat(sitePath).catch(() => undefined))?.isFile() !== true) throw new UsageError(`${pack} has no ${SITE_FILE}: svc points lists the points a pack's site.yaml declares`);
  const site = await new SiteFiles().load(sitePath, join(pack, SITE_FILE));
  if (site.index === undefined) {
    reportDiagnostics([{ file: site.name, kind: "yaml", text: site.text, diagnostics: site.diagnostics, outputs: [] }], "text", console);
    console.err(`${site.name} has errors: no points listed\n`);
    return EXIT.diagnostics;
  }
  const files = (await collectSourceFiles([pack], cwd)).filter((f) => f.kind === "dsl" || f.kind === "yaml");
  const results = await Promise.all(files.map((f) => compileSourceFileWith(f, site.index)));
  const failed = results.filter((r) => r.diagnostics.some((d) => d.severity === "error"));
  if (failed.length > 0) {
    reportDiagnostics(failed, "text", console);
    console.err(`${failed.length} of ${plural(results.length, "rule file")} ${failed.length === 1 ? "has" : "have"} errors: their rules with errors are not listed\n`);
  }
  print(packPointsReport(site.index, fileRules(results)));
  return failed.length > 0 ? EXIT.diagnostics : EXIT.ok;
}
