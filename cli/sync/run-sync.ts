// sync and import, the one procedure: compile the files locally (any error: nothing is sent),
// refuse without --confirmed, read the service, plan, then send the plan's writes as one batch
// (issue 19.1): the service applies them in one transaction, or none, and reloads the scheduler
// once after them (spec item 14's reload after a configuration sync or bulk import).
import { refuseUnconfirmed, reportApiFailure, withApi } from "../api/api-command.js";
import type { ApiClient } from "../api/api-client.js";
import { EXIT, plural, UsageError, type Console } from "../console.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { applyPlan } from "./apply-plan.js";
import { loadDesiredRules } from "./load-desired-rules.js";
import { printSyncReport, type SyncReport } from "./print-sync.js";
import { placeRefused, validatePlan, type InvalidRules } from "./validate-plan.js";
import type { SiteChoice } from "../compile-with-sites.js";
import { duplicateNames, planSync, rulesToRead, type DesiredRule, type DuplicateName, type PlanResult } from "./sync-plan.js";

export interface SyncRequest {
  command: "sync" | "import";
  paths: string[];
  /** What the service is made to match, for people: the pack folder, or "the files". */
  source: string;
  confirmed: boolean;
  dryRun: boolean;
  /** sync only: delete the service's rules that no file defines. */
  prune: boolean;
  enable: boolean;
  json: boolean;
  /** The site the files compile with: each file's nearest site.yaml, or --site FILE. */
  site?: SiteChoice;
}

/** --site FILE: every file compiles with that site.yaml; without it, each file's nearest one. */
export function siteChoice(option: string | boolean | undefined): SiteChoice {
  if (option === "") throw new UsageError("--site needs a site.yaml file");
  return typeof option === "string" ? { kind: "file", file: option } : { kind: "find" };
}

export async function runSync(request: SyncRequest, console: Console, cwd: string, env: Record<string, string | undefined>): Promise<number> {
  const { command, json } = request;
  // Compiled before the token is looked at: a broken pack fails the same way offline.
  const desired = await loadDesiredRules(request.paths, cwd, command, request.site);
  for (const note of desired.notes) console.err(`${note}\n`);
  if (desired.failed > 0) {
    reportDiagnostics(desired.results, json ? "json" : "text", console);
    console.err(`svc ${command}: ${desired.failed} of ${plural(desired.results.length, "file")} failed to compile; nothing was sent\n`);
    return EXIT.diagnostics;
  }
  // The warnings of the local compile, as svc compile prints them (stderr, also with --json).
  const warned = desired.results.filter((r) => r.diagnostics.length > 0);
  if (warned.length > 0) reportDiagnostics(warned, "text", console);
  // No rules at all is far more likely a wrong folder than a wish to empty the service.
  if (desired.rules.length === 0) throw new UsageError(`no rules in ${request.source}: rule files are *.rule, *.rule.yaml and *.rule.yml`);
  if (!request.dryRun && !request.confirmed) return refuseUnconfirmed(command, `svc ${command}`, console, json);
  return withApi(command, console, env, json, async ({ client }) => {
    const plan = await planAgainstService(request, desired.rules, client);
    if (!plan.ok) return reportDuplicates(command, plan.duplicates, console, json);
    const report = { command, source: request.source, dryRun: request.dryRun, enable: request.enable, steps: plan.steps, reload: null };
    if (request.dryRun) {
      // The service compiles each rule to create or update with its own site; nothing is stored.
      const invalid = await validatePlan(plan.steps, desired.results, client);
      if (invalid.rules.length > 0) return reportInvalid(request, report, invalid, console, "checked with POST /api/rules/validate");
      printSyncReport(report, console, json);
      return EXIT.ok;
    }
    // One request: the service applies every write in one transaction, or none, and reloads once.
    const outcome = await applyPlan(plan.steps, client, { confirmed: true });
    const refused = outcome.failure?.refused;
    if (refused !== undefined) return reportInvalid(request, report, placeRefused(refused, desired.results), console, "checked by POST /api/rules/batch, which stores all or nothing");
    printSyncReport({ ...report, outcome, reload: outcome.reload }, console, json);
    return outcome.failure === undefined ? EXIT.ok : reportApiFailure(command, outcome.failure.error, console, json);
  });
}

// Lists every rule, then reads in full only the ones a file names (the plan compares their flows).
async function planAgainstService(request: SyncRequest, desired: DesiredRule[], client: ApiClient): Promise<PlanResult> {
  const summaries = await client.listRules();
  const duplicates = duplicateNames(desired, summaries);
  if (duplicates.length > 0) return { ok: false, duplicates };
  const rules = [];
  for (const id of rulesToRead(desired, summaries)) rules.push(await client.getRule(id));
  const others = request.command === "import" ? "ignore" : request.prune ? "delete" : "keep";
  return planSync(desired, { summaries, rules }, { others, enable: request.enable });
}

/**
 * Rules the service's site refuses: their problems at their files, nothing changed, exit 1 (the
 * files have errors, against the service's site; as svc rules validate exits). A dry run prints
 * its plan first (as text; with --json stdout holds the problems, as for compile errors).
 */
function reportInvalid(request: SyncRequest, report: SyncReport, invalid: InvalidRules, console: Console, how: string): number {
  const { command, json } = request;
  if (request.dryRun && !json) printSyncReport(report, console, false);
  reportDiagnostics(invalid.files, json ? "json" : "text", console);
  const what = request.dryRun ? "the plan cannot be applied" : "nothing was changed";
  console.err(
    `svc ${command}: the service's site refuses ${plural(invalid.rules.length, "rule")} of ${plural(invalid.files.length, "file")} (${how}); ${what}\n` +
      `  the service compiles rules with the site it loaded, which may differ from the files' site.yaml: fix the rules (or the service's site), then run svc ${command} again\n`,
  );
  return EXIT.diagnostics;
}

function reportDuplicates(command: string, duplicates: DuplicateName[], console: Console, json: boolean): number {
  const named = duplicates.map((d) => `${JSON.stringify(d.name)} (${d.ids.map((id) => `#${id}`).join(", ")})`);
  const message = `the service holds more than one rule named ${named.join("; ")}: which one the file means is unknown`;
  if (json) console.err(`${JSON.stringify({ error: { code: "duplicate-rule-names", message, duplicates } })}\n`);
  else console.err(`svc ${command}: ${message}; nothing was changed\n  rename or delete all but one (svc rules delete ID --confirmed), then run svc ${command} again\n`);
  return EXIT.diagnostics;
}
