// `svc sync PACK`: the git-to-service path. Makes the service's rules match the rule files of a
// pack folder, by rule name; the work is in cli/sync/.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";
import { runSync, siteChoice } from "../sync/run-sync.js";

export const SYNC_USAGE = `usage: svc sync PACK --confirmed [--prune] [--dry-run] [--enable] [--site SITE.yaml] [--json]

Makes the service's rules match the rule files of a pack folder (git to service). Every rule
file in PACK and its subfolders (*.rule, *.rule.yaml, *.rule.yml) is compiled locally first,
with the pack's site.yaml (or --site); any error, or one rule name in two files, stops the sync
before a request is sent; its warnings are printed as svc compile prints them. Rules are
matched by name:
  create     a rule of the files that the service does not have (created disabled)
  update     a rule whose flow, trigger_config, description, priority or cooldown differ
  unchanged  a rule that matches; a flow that differs only in its editor layout or node ids
             counts as unchanged, so a rule laid out in an editor is not rewritten
  delete     with --prune: a rule of the service that no file defines
Editor documents (*.flow.json) have no rule name and are skipped; the pack's data-processing
files (tasks, bindings, routes) are loaded by the service itself from SVC_PACK.
  --confirmed  required to write (not for --dry-run)
  --dry-run    read the service, check the rules to write with it, and print the plan; write
               nothing
  --prune      delete the service's rules that no file defines (without it they are kept
               and listed)
  --enable     enable every rule of the pack that is disabled; without it new rules stay
               disabled and existing rules keep their state
  --site SITE.yaml
               compile every rule file with this site instead of the nearest site.yaml
  --json       one JSON object on stdout: {dry_run, actions, applied, not_applied, reload};
               applied and not_applied are all or nothing (compile errors, or rules the service refuses: the JSON array of svc compile
               --format json)
All writes (creates, updates, enables, deletes) go in one request, POST /api/rules/batch: the
service applies them in one transaction, or none, and then reloads the scheduler once. It
compiles every rule with the site it loaded: a rule it refuses (a point its site does not
declare) is reported at its file and nothing is changed (exit 1); any other refusal also changes
nothing, and the report lists every write as not applied. A --dry-run checks the rules the same
way (POST /api/rules/validate). When the service already matches, nothing is sent.
Needs SVC_ACCESS_TOKEN (an Admin or Engineer token) and SVC_BASE_URL (default
http://127.0.0.1:8080). To create or update rules from single files, use svc import.
Exit codes: 0 done (or nothing to do), 1 a file has errors (locally, or against the service's
site) or the service holds two rules with one name, 2 wrong usage, 3 refused (no --confirmed or token, or the service refused the batch: nothing changed),
4 the service failed (unreachable, timed out, 5xx).`;

export async function syncCommand(args: string[], console: Console, cwd: string, env: Record<string, string | undefined>): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    confirmed: { type: "boolean" },
    prune: { type: "boolean" },
    "dry-run": { type: "boolean" },
    enable: { type: "boolean" },
    json: { type: "boolean" },
    site: { type: "string" },
  });
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "name the pack folder: svc sync PACK --confirmed" : `one pack folder, not ${positionals.length} paths (svc import takes several files)`);
  const pack = positionals[0]!;
  const info = await stat(resolve(cwd, pack)).catch(() => undefined);
  if (info === undefined) throw new UsageError(`no such folder: ${pack}`);
  if (!info.isDirectory()) throw new UsageError(`${pack} is a file; sync takes a pack folder (to create or update rules from files, use svc import ${pack})`);
  return runSync(
    { command: "sync", paths: [pack], source: pack, confirmed: values.confirmed === true, dryRun: values["dry-run"] === true, prune: values.prune === true, enable: values.enable === true, json: values.json === true, site: siteChoice(values.site) },
    console,
    cwd,
    env,
  );
}
