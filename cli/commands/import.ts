// `svc import FILE|DIR...`: sync without deletion, from files and folders; also takes rules as the
// API returns them (svc export's json/<name>.json). The work is in cli/sync/.
import { UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";
import { runSync, siteChoice } from "../sync/run-sync.js";

export const IMPORT_USAGE = `usage: svc import FILE|DIR... --confirmed [--dry-run] [--enable] [--site SITE.yaml] [--json]

Creates or updates rules from files so that the service has them; never deletes a rule (svc
sync --prune does). Every file is compiled locally first, with its pack's site.yaml (or --site);
any error, or one rule name in two files, stops the import before a request is sent; its warnings
are printed as svc compile prints them. Rules are matched by name: created (disabled)
when the service has no rule of that name, updated when the flow, trigger_config, description,
priority or cooldown differ, left alone when they match (a flow that differs only in its editor
layout or node ids counts as unchanged).
  FILE         a rule file (*.rule, *.rule.yaml, *.rule.yml), or a rule as the API returns it
               (*.json with name and flow_json or nodes_json, e.g. DIR/json/<name>.json written
               by svc export; its id, enabled and timestamps are ignored; a rule with flow_json
               null is decompiled from nodes_json and compiled again). Editor documents
               (*.flow.json) have no rule name and are skipped
  DIR          a folder searched for rule files, as svc compile searches; *.json files in it
               are not read (svc export writes every rule both as DSL and as JSON: import
               DIR, or name the JSON files, not both)
  --confirmed  required to write (not for --dry-run)
  --dry-run    read the service, check the rules to write with it, and print the plan; write
               nothing
  --enable     enable every imported rule that is disabled; without it new rules stay disabled
               and existing rules keep their state
  --site SITE.yaml
               compile every file with this site instead of the nearest site.yaml
  --json       one JSON object on stdout: {dry_run, actions, applied, not_applied, reload};
               applied and not_applied are all or nothing (compile errors, or rules the service refuses: the JSON array of svc compile
               --format json)
All writes (creates, updates, enables) go in one request, POST /api/rules/batch: the service
applies them in one transaction, or none, and then reloads the scheduler once. It compiles every
rule with the site it loaded: a rule it refuses is reported at its file and nothing is changed
(exit 1); any other refusal also changes nothing, and the report lists every write as not
applied. A --dry-run checks the rules the same way (POST /api/rules/validate). Needs
SVC_ACCESS_TOKEN (an Admin or Engineer token) and SVC_BASE_URL (default http://127.0.0.1:8080).
Exit codes: 0 done (or nothing to do), 1 a file has errors (locally, or against the service's
site) or the service holds two rules with one name, 2 wrong usage, 3 refused (no --confirmed or token, or the service refused the batch: nothing changed),
4 the service failed (unreachable, timed out, 5xx).`;

export async function importCommand(args: string[], console: Console, cwd: string, env: Record<string, string | undefined>): Promise<number> {
  if (args.includes("--prune")) throw new UsageError("import never deletes; svc sync PACK --prune deletes the rules a pack does not define");
  const { values, positionals } = parseOptions(args, {
    confirmed: { type: "boolean" },
    "dry-run": { type: "boolean" },
    enable: { type: "boolean" },
    json: { type: "boolean" },
    site: { type: "string" },
  });
  if (positionals.length === 0) throw new UsageError("name at least one file or folder: svc import FILE... --confirmed");
  const source = positionals.length === 1 ? positionals[0]! : "the files";
  return runSync(
    { command: "import", paths: positionals, source, confirmed: values.confirmed === true, dryRun: values["dry-run"] === true, prune: false, enable: values.enable === true, json: values.json === true, site: siteChoice(values.site) },
    console,
    cwd,
    env,
  );
}
