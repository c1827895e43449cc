// The usage of `svc rules` and of each of its commands: what --help prints.
export const RULES_SUBCOMMAND_USAGE: Record<string, string> = {
  list: `usage: svc rules list [--page N [--page-size N]] [--json]

Lists the rules: id, name, enabled, description. Every rule unless --page is given. Read-only.
When the last reload found problems (a stored rule that no longer matches the site, or that
cannot run), a PROBLEMS column says how many errors and warnings each rule has; the scheduler
status (GET /api/scheduler/status, "problems") has each diagnostic.
  --page N         only page N (from 1)
  --page-size N    the rules on a page with --page (default 50, at most 500)
  --json           the summaries as a JSON array (with --page: the page as the API answers it)`,
  get: `usage: svc rules get RULE [--json]

Shows one rule: its settings, trigger, and its flow as rule DSL (the decompiler's).
  --json           the rule as the API answers it, with flow_json and nodes_json`,
  create: `usage: svc rules create --name NAME [--description TEXT] --confirmed [--json]
       svc rules create --file FILE [--rule NAME] [--site SITE.yaml] --confirmed [--json]

Creates a rule. It starts disabled (enable it with svc rules enable RULE --confirmed).
  --name NAME         a stub: a name and a description, no flow yet
  --description TEXT  the stub's description
  --file FILE         a rule file (.rule, .rule.yaml) or an editor document (.flow.json, named
                      with --name): compiled here first, errors reported at file:line:col and
                      nothing sent (compiled with the nearest site.yaml, or --site); then the stub is
                      created and given the flow, trigger and settings
  --rule NAME         the rule of FILE to take when FILE defines several
  --site SITE.yaml    compile FILE with this site instead of the nearest site.yaml (as
                      svc compile --site); the service still checks the flow against its own site
  --confirmed         required: creating a rule changes the service`,
  update: `usage: svc rules update RULE --file FILE [--rule NAME] [--site SITE.yaml] --confirmed [--json]
       svc rules update RULE [--name NAME] [--description TEXT] --confirmed [--json]

Replaces a rule's flow and settings with a file's, or renames or re-describes it. Whether the rule
is enabled does not change.
  --file FILE         a rule file (.rule, .rule.yaml): its flow, trigger, name, description,
                      priority and cooldown; or an editor document (.flow.json): the flow only.
                      Compiled here first with the service's compile function: errors are
                      reported at file:line:col and nothing is sent
  --rule NAME         the rule of FILE to take when FILE defines several
  --site SITE.yaml    compile FILE with this site instead of the nearest site.yaml (as
                      svc compile --site); the service still checks the flow against its own site
  --name NAME         a new name
  --description TEXT  a new description
  --confirmed         required: an update changes what runs`,
  enable: `usage: svc rules enable RULE --confirmed [--json]

Enables a rule: the scheduler runs it from its next tick.
  --confirmed      required: an enabled rule writes action points`,
  disable: `usage: svc rules disable RULE --confirmed [--json]

Disables a rule: the scheduler skips it (an execution in progress finishes).
  --confirmed      required`,
  delete: `usage: svc rules delete RULE --confirmed [--force] [--json]

Deletes a rule (its execution history is kept). Asks first, reading the answer from stdin.
  --confirmed      required: deleting cannot be undone
  --force          do not ask (for scripts); --confirmed is still required`,
  execute: `usage: svc rules execute RULE --confirmed [--json]

Executes a rule once, now, against live values: a real execution that writes action points
(there is no dry run). Prints its actions and path; the record is in the rule's history.
  --confirmed      required: the execution writes to the command plane`,
  history: `usage: svc rules history RULE [--limit N] [--order desc|asc] [--before RECORD] [--after RECORD] [--json]

The rule's execution records, newest first, a page at a time, with why a failed run failed (the
execution's error, or its failed actions' reasons, or the unavailable input). Read-only.
  --limit N        records per page (default 50, at most 500)
  --order ORDER    desc: newest first (the default); asc: oldest first (the default with --after)
  --before RECORD  the records before this record id (a newest-first page's last: the next page)
  --after RECORD   the records after this record id (an oldest-first page's last: the next page)
  --json           the page as the API answers it`,
  why: `usage: svc rules why RULE [--limit N] [--before RECORD] [--json]

Why a rule did not run: whether it is enabled, its last execution, and its decision records,
newest first, each as a sentence ("held by the cooldown 37 times, 2026-11-21 10:00:01 - 10:04:59
(cooldown 5m after the action at 09:59:58)"). A record is one run of repeats of one reason:
the cooldown, the time or value deadband, a disabled rule, an unavailable input, a run still
going, an event the full channel dropped. Times are UTC. Read-only.
  --limit N        records per page (default 50, at most 500)
  --before RECORD  the records older than this record id (a page's last: the next page)
  --json           {rule, last_execution, decisions}: the rule's id, name and enabled state, the
                   newest history record (or null) and the decisions page as the API answers it`,
  validate: `usage: svc rules validate FILE [--json]

Checks a rule file (.rule, .rule.yaml) or an editor document (.flow.json) against the running
service's site, as PUT would (POST /api/rules/validate): undeclared points, writes out of range,
trigger points, unit mismatches. Stores nothing. Diagnostics print as svc compile prints them.
Read-only. Exit 1 when the file has errors (warnings do not count).
  --json           the answer as the API gives it (valid, diagnostics, rules)`,
  variables: `usage: svc rules variables RULE [--json]

The variables the rule reads and defines, with the live values of its inputs. Read-only.
  --json           as the API answers it`,
};

export const RULES_USAGE = `usage: svc rules <command> [options]

Manages the rules of a running service over its API. The service is SVC_BASE_URL (default
http://127.0.0.1:8080); the token is SVC_ACCESS_TOKEN (never an option, so that it stays out of
shell history):
  export SVC_ACCESS_TOKEN=$(npm run -s svc -- token --role Engineer --sub YOUR-NAME)

RULE is a rule's id or its exact name (quoted when it has spaces): svc rules get "Boiler enable".

Commands:
  list [--page N [--page-size N]] [--json]                    read-only
  get RULE [--json]                                             settings and DSL of one rule
  create --name NAME [--description TEXT] --confirmed         a disabled stub
  create --file FILE [--rule NAME] --confirmed                a disabled rule from a rule file
  update RULE --file FILE [--rule NAME] --confirmed             compiled locally first
  update RULE [--name NAME] [--description TEXT] --confirmed
  enable RULE --confirmed
  disable RULE --confirmed
  delete RULE --confirmed [--force]                             asks first unless --force
  execute RULE --confirmed                                      a real execution: no dry run
  history RULE [--limit N] [--order desc|asc] [--before RECORD] [--after RECORD] [--json]
  variables RULE [--json]
  why RULE [--limit N] [--before RECORD] [--json]              why it did not run; read-only
  validate FILE [--json]                                        against the service's site; read-only

--confirmed is required by create, update, enable, disable, delete and execute: without it the
command refuses before sending anything. --json prints the API's data on stdout for scripts
(errors then go to stderr as one JSON object). svc rules COMMAND --help shows one command.
Exit codes: 0 done, 1 the file has errors, 2 wrong usage, 3 refused (no --confirmed, no token,
not confirmed at the prompt, or the service refused the request: 4xx), 4 the service failed
(unreachable, timed out, 5xx). API errors are printed with their code and correlation id.`;
