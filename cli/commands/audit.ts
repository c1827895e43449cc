// `svc audit verify [--from N] [--to N] [--json]`: asks the service to verify its audit hash
// chain (GET /api/v1/audit/verify, an Admin token) and prints the verdict. Exit code 1 when the
// chain is broken or an append-only trigger is missing, so a cron job or CI step fails on tampering.
import type { AuditChainReport } from "../../generated/types.js";
import { withApi } from "../api/api-command.js";
import { createAuditClient } from "../api/audit-client.js";
import { EXIT, plural, UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";
import { noPositionals, printJson, wholeNumberOption } from "../rules/rules-io.js";

export const AUDIT_USAGE = `usage: svc audit verify [--from N] [--to N] [--json]

Verifies the service's audit hash chain (every tenant's events) and names the first broken
sequence and why: sequence-gap (events deleted, inserted or reordered), digest-mismatch (the
event, or the one before it, was altered), malformed (a stored row that is not its event).
Needs an Admin token in SVC_ACCESS_TOKEN.

  --from N   first sequence to verify (default 1); its link to event N-1 is checked too
  --to N     last sequence to verify (default the last stored event)
  --json     print the service's report as JSON

It also says when an append-only trigger of the audit table is missing, disabled or changed.

Exit codes: 0 intact, 1 broken or a trigger missing, 2 wrong usage, 3 refused (no token, not an Admin), 4 the service failed.`;

export async function auditCommand(args: string[], console: Console, env: Record<string, string | undefined>): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    console.err(`${AUDIT_USAGE}\n`);
    return EXIT.usage;
  }
  if (name !== "verify") throw new UsageError(`unknown command 'audit ${name}'; the one command is 'audit verify'`);
  const { values, positionals } = parseOptions(rest, { from: { type: "string" }, to: { type: "string" }, json: { type: "boolean" } });
  noPositionals(positionals);
  const from = wholeNumberOption(values.from, "--from", 1, Number.MAX_SAFE_INTEGER);
  const to = wholeNumberOption(values.to, "--to", 1, Number.MAX_SAFE_INTEGER);
  if (from !== undefined && to !== undefined && from > to) throw new UsageError(`--from (${from}) is after --to (${to})`);
  const json = values.json === true;
  return withApi("audit verify", console, env, json, async ({ settings }) => {
    const report = await createAuditClient(settings).verify({ ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) });
    if (json) printJson(console, report);
    else console.out(reportText(report));
    // A missing append-only trigger fails the check too: the table can be rewritten.
    return report.ok && report.guards.intact ? EXIT.ok : EXIT.diagnostics;
  });
}

/** The verdict in sentences: what was checked, where it broke and why, the digest to keep. */
export function reportText(report: AuditChainReport): string {
  const span = report.to === null ? `from sequence ${report.from}: no events` : `sequences ${report.from}-${report.to}`;
  const lines: string[] = [];
  if (report.firstBroken === null) {
    lines.push(`audit chain intact: ${plural(report.checked, "event")} verified (${span})`);
  } else {
    const broken = report.firstBroken;
    lines.push(`audit chain BROKEN at sequence ${broken.sequence} (${broken.kind}): ${broken.reason}`);
    lines.push(`  ${plural(report.checked, "event")} verified before it; nothing after it was checked (svc audit verify --from ${Number(broken.sequence) + 1} checks the rest)`);
  }
  if (report.last !== null) lines.push(`  last verified event: ${report.last.sequence}, evidenceDigest ${report.last.evidenceDigest} (keep it elsewhere: a later cut at the tail shows against it)`);
  for (const problem of report.guards.problems) lines.push(`ALARM append-only guards: ${problem}`);
  return `${lines.join("\n")}\n`;
}
