// What sync and import print: for people, one line per rule and a summary; for scripts
// (--json), one object: {dry_run, actions, applied, not_applied, reload}. The writes go as one
// batch, so applied and not_applied are all or nothing.
import type { ReloadSummary } from "../../generated/types.js";
import { ApiError } from "../api/api-errors.js";
import type { Console } from "../console.js";
import type { ApplyOutcome } from "./apply-plan.js";
import { isWrite, type PlanStep, type SyncAction } from "./sync-plan.js";

export interface SyncReport {
  command: "sync" | "import";
  /** What the service is made to match, for people: the pack folder, or "the files". */
  source: string;
  dryRun: boolean;
  enable: boolean;
  steps: PlanStep[];
  /** Absent in a dry run. */
  outcome?: ApplyOutcome;
  /** The reload the batch made after its changes; null when nothing changed. */
  reload: ReloadSummary | null;
}

const LABEL: Record<SyncAction, string> = { create: "create", update: "update", unchanged: "unchanged", enable: "enable", delete: "delete", keep: "kept" };

/** `update    #3 "Name"  (flow, trigger_config)` */
export function formatStep(step: PlanStep): string {
  const who = `${step.id === null ? "" : `#${step.id} `}${JSON.stringify(step.name)}`;
  const why =
    step.action === "create" ? `  (${step.file})`
    : step.action === "update" ? `  (${step.changes!.join(", ")})`
    : step.action === "keep" ? "  (not in the pack, kept; --prune deletes it)"
    : step.action === "enable" && step.id === null ? "  (once created)"
    : "";
  return `${LABEL[step.action].padEnd(9)} ${who}${why}`;
}

export function printSyncReport(report: SyncReport, console: Console, json: boolean): void {
  if (json) console.out(`${JSON.stringify(toJson(report), null, 2)}\n`);
  else console.out(toText(report));
}

function toText(report: SyncReport): string {
  const { outcome } = report;
  const lines: string[] = [];
  if (outcome?.failure !== undefined) {
    lines.push(...stopReport(report.command, outcome));
  } else {
    // Applied: the created rules' lines carry their new ids.
    const shown = outcome === undefined ? report.steps : [...outcome.applied, ...report.steps.filter((s) => !isWrite(s))];
    lines.push(...shown.map(formatStep));
  }
  const writes = report.steps.filter(isWrite);
  const kept = report.steps.filter((s) => s.action === "keep").length;
  const others = kept === 0 ? "" : ` (${kept === 1 ? "1 rule" : `${kept} rules`} not in it kept; --prune deletes ${kept === 1 ? "it" : "them"})`;
  if (writes.length === 0) lines.push(`the service already matches ${report.source}: nothing to do${others}`);
  else if (report.dryRun) lines.push(`dry run, nothing written: ${counts(report, report.steps, true)}`);
  else lines.push(`${counts(report, outcome!.applied, false)}${reloadText(report.reload)}`);
  if (writes.some((s) => s.action === "create") && !report.enable) lines.push("created rules are disabled; --enable enables them");
  return `${lines.join("\n")}\n`;
}

function stopReport(command: string, outcome: ApplyOutcome): string[] {
  const { step, error } = outcome.failure!;
  const lines = [`the service refused the batch${step === undefined ? "" : ` at ${formatStep(step).replace(/ +/, " ")}`}: nothing was applied (svc ${command} sends every write in one transaction)`];
  if (!(error instanceof ApiError)) lines[0] = `no usable answer came for the batch, so it may or may not have been applied (it is one transaction: all of it or none); svc ${command} --dry-run shows what is left`;
  lines.push(`not applied (${outcome.notApplied.length}):`, ...outcome.notApplied.map((s) => `  ${formatStep(s)}`));
  return lines;
}

// `2 created, 1 updated, 14 unchanged, 0 deleted` (`2 to create, ...` in a dry run).
function counts(report: SyncReport, steps: PlanStep[], planned: boolean): string {
  const count = (action: SyncAction): number => steps.filter((s) => s.action === action).length;
  const unchanged = report.steps.filter((s) => s.action === "unchanged").length;
  const parts = [
    planned ? `${count("create")} to create` : `${count("create")} created`,
    planned ? `${count("update")} to update` : `${count("update")} updated`,
    `${unchanged} unchanged`,
  ];
  if (report.command === "sync") parts.push(planned ? `${count("delete")} to delete` : `${count("delete")} deleted`);
  if (count("enable") > 0 || report.enable) parts.push(planned ? `${count("enable")} to enable` : `${count("enable")} enabled`);
  return parts.join(", ");
}

function reloadText(reload: ReloadSummary | null): string {
  if (reload === null) return "";
  const problems = reload.problems.map((p) => `\n  #${p.ruleId} ${JSON.stringify(p.name)}: ${p.excluded ? "not loaded" : p.diagnostics.some((d) => d.severity === "error") ? "loaded, but it does not match the site" : "loaded with warnings"}${p.diagnostics[0] ? `: ${p.diagnostics[0].message}` : ""}`);
  return `; scheduler reloaded: ${reload.loaded} rules loaded, ${reload.enabled} enabled${problems.join("")}`;
}

function toJson(report: SyncReport): Record<string, unknown> {
  const planned = report.steps.filter(isWrite);
  const { outcome } = report;
  return {
    dry_run: report.dryRun,
    actions: report.steps.map(stepJson),
    applied: (outcome?.applied ?? []).map(stepJson),
    // In a dry run nothing is applied: every planned write is listed here. After a refused batch,
    // every write is; the one the service named (else the first) carries the error.
    not_applied: (outcome === undefined ? planned : outcome.notApplied).map((s, i) => ({ ...stepJson(s), ...(isFailed(outcome, s, i) ? failedJson(outcome!.failure!) : {}) })),
    reload: report.reload,
  };
}

function stepJson(step: PlanStep): Record<string, unknown> {
  return { action: step.action, id: step.id, name: step.name, file: step.file, ...(step.changes ? { changes: step.changes } : {}) };
}

function isFailed(outcome: ApplyOutcome | undefined, step: PlanStep, index: number): boolean {
  const failure = outcome?.failure;
  if (failure === undefined) return false;
  return failure.step === undefined ? index === 0 : failure.step.action === step.action && failure.step.name === step.name;
}

function failedJson(failure: NonNullable<ApplyOutcome["failure"]>): Record<string, unknown> {
  const { error } = failure;
  const described =
    error instanceof ApiError
      ? { status: error.status, code: error.code, message: error.message, correlationId: error.correlationId ?? null }
      : { status: error.status ?? null, code: "service-failure", message: error.message, correlationId: error.correlationId ?? null };
  return { error: described };
}
