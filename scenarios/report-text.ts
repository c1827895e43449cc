// The text report of `svc test`: per file a header, per scenario `✓ name` or `✗ name`; under a
// failure, the first unmet expectation at file:line:col with its source line, what happened
// instead, the writes around that time and the execution concerned (cause, path, matched
// conditions, variables), then the other unmet expectations, one line each. No colour: the same
// bytes on a terminal, in a pipe and in a CI log. Pure: outcomes in, text out.
import type { ExpectationOutcome, ScenarioExecution, ScenarioOutcome, ScenarioWrite } from "./scenario-model.js";
import { alignColumns, formatCause, formatOffset, formatValue, formatVariable } from "./format-values.js";
import type { TraceCheck } from "./golden-trace.js";
import { pointNamer } from "./point-names.js";

/** A scenario as reported: what the run recorded and, for `trace: true`, the golden trace comparison. */
export interface ScenarioReport {
  outcome: ScenarioOutcome;
  trace?: TraceCheck;
}

export function scenarioPassed(report: ScenarioReport): boolean {
  return report.outcome.passed && report.outcome.error === undefined && (report.trace === undefined || report.trace.kind === "matches" || report.trace.kind === "written");
}

/** How many writes the report lists around a failure before it counts the rest. */
const MAX_WRITES_SHOWN = 12;
const DETAIL = "      ";
const WIDTH = 100;

/** A file's section: its name, then each scenario. `text` (the file's text) adds the source line under a failure. */
export function formatFileText(file: string, reports: readonly ScenarioReport[], text?: string): string {
  return [file, ...reports.flatMap((r) => formatScenarioText(r, text))].join("\n");
}

/** `  ✓ name`, or `  ✗ name` and why. */
export function formatScenarioText(report: ScenarioReport, text?: string): string[] {
  const { outcome } = report;
  if (scenarioPassed(report)) return [`  ✓ ${outcome.scenario.name}${traceNote(report.trace)}`];
  const lines = [`  ✗ ${outcome.scenario.name}`];
  if (outcome.error !== undefined) lines.push(`${DETAIL}could not run: ${outcome.error}`);
  const unmet = outcome.expectations.filter((e) => !e.passed);
  const first = unmet[0];
  if (first !== undefined) lines.push(...firstFailure(outcome, first, text).map((l) => DETAIL + l));
  if (unmet.length > 1) {
    lines.push(`${DETAIL}also unmet:`);
    for (const e of unmet.slice(1)) lines.push(`${DETAIL}  ${oneLine(e)}`);
  }
  if (report.trace !== undefined) lines.push(...traceFailure(report.trace).map((l) => DETAIL + l));
  return lines;
}

/** `N scenarios: P passed, F failed`, and the files that did not run. */
export function formatSummary(passed: number, failed: number, filesWithErrors = 0): string {
  const total = passed + failed;
  const errors = filesWithErrors > 0 ? `; ${filesWithErrors} ${filesWithErrors === 1 ? "file has" : "files have"} errors` : "";
  return `${total} ${total === 1 ? "scenario" : "scenarios"}: ${passed} passed, ${failed} failed${errors}`;
}

/** `file:line:col: expected …; actual: …` (JUnit's failure message and the "also unmet" lines). */
export function oneLine(e: ExpectationOutcome): string {
  return `${positionOf(e)}: expected ${e.expected}${e.actual !== undefined ? `; actual: ${e.actual}` : ""}`;
}

function positionOf(e: ExpectationOutcome): string {
  const p = e.expectation.position;
  return `${p.file}:${p.line}:${p.column}`;
}

function firstFailure(outcome: ScenarioOutcome, e: ExpectationOutcome, text: string | undefined): string[] {
  const lines = [`${positionOf(e)}: expected ${e.expected}`, ...codeFrame(text, e.expectation.position.line, e.expectation.position.column)];
  if (e.actual !== undefined) lines.push(`actual: ${e.actual}`);
  lines.push(...writesAround(outcome, e.around));
  if (e.concerns !== undefined) lines.push(...executionDetail(outcome, e.concerns));
  return lines;
}

function codeFrame(text: string | undefined, line: number, column: number): string[] {
  const source = text?.split("\n")[line - 1]?.replace(/\r$/, "").replace(/\t/g, " ");
  if (source === undefined) return [];
  const gutter = String(line);
  return [`  ${gutter} | ${source}`, `  ${" ".repeat(gutter.length)} | ${" ".repeat(Math.max(0, column - 1))}^`];
}

function writesAround(outcome: ScenarioOutcome, around: readonly [number, number]): string[] {
  const start = outcome.scenario.start;
  const window = `writes from ${formatOffset(around[0], start)} to ${formatOffset(around[1], start)}`;
  const writes = outcome.writes.filter((w) => w.at >= around[0] && w.at <= around[1]);
  if (writes.length === 0) return [`${window}: none`];
  const rows = writes.slice(0, MAX_WRITES_SHOWN).map((w) => writeRow(w, start));
  const more = writes.length > MAX_WRITES_SHOWN ? [`  … and ${writes.length - MAX_WRITES_SHOWN} more`] : [];
  return [`${window}:`, ...alignColumns(rows).map((l) => `  ${l}`), ...more];
}

function writeRow(w: ScenarioWrite, start: number): string[] {
  return [formatOffset(w.at, start), `${w.point.text} = ${formatValue(w.value)}`, w.rule, w.accepted ? "accepted" : `refused: ${w.reason ?? "no reason given"}`];
}

function executionDetail(outcome: ScenarioOutcome, execution: ScenarioExecution): string[] {
  const name = pointNamer(outcome);
  const start = outcome.scenario.start;
  const head = `execution of ${execution.rule} at ${formatOffset(execution.at, start)}, cause: ${formatCause(execution.cause, name)}`;
  const result = execution.result;
  if (result === null) return [head, `  could not start: ${execution.error ? `${execution.error.code}: ${execution.error.message}` : "no result"}`];
  const writes = outcome.writes.filter((w) => w.at === execution.at && w.rule === execution.rule);
  const rows: string[][] = [["outcome", outcomeText(execution)], ["path", result.path.join(" → ") || "(none)"]];
  const matched = result.matched.map((m) => `${m.output}: ${m.condition} (${m.node})`);
  rows.push(["matched", matched.length === 0 ? "none (the default outputs were taken)" : matched[0]!], ...matched.slice(1).map((m) => ["", m]));
  const written = writes.map((w) => `${w.point.text} = ${formatValue(w.value)} ${w.accepted ? "accepted" : `refused: ${w.reason ?? "no reason given"}`}`);
  rows.push(["writes", written[0] ?? "none"], ...written.slice(1).map((w) => ["", w]));
  const variables = wrap(Object.entries(result.variables).map(([k, v]) => `${k} = ${formatVariable(v)}`), WIDTH);
  rows.push(["variables", variables[0] ?? "none"], ...variables.slice(1).map((v) => ["", v]));
  return [head, ...alignColumns(rows).map((l) => `  ${l}`)];
}

function outcomeText(execution: ScenarioExecution): string {
  const result = execution.result!;
  const sc = result.short_circuit;
  if (sc !== null) return `short-circuit at ${sc.node}: ${sc.variable} is unavailable (${sc.reason})`;
  const refused = result.actions.filter((a) => !a.success).length;
  if (result.success) return result.actions.length === 0 ? "success, no writes" : `success, ${result.actions.length} ${result.actions.length === 1 ? "write" : "writes"}`;
  return `failed: ${refused} of ${result.actions.length} ${result.actions.length === 1 ? "write" : "writes"} refused`;
}

/** Items joined with `, `, broken into lines of at most `width` characters. */
function wrap(items: string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line !== "" && line.length + 2 + item.length > width) {
      lines.push(`${line},`);
      line = item;
    } else line = line === "" ? item : `${line}, ${item}`;
  }
  return line === "" ? lines : [...lines, line];
}

function traceNote(trace: TraceCheck | undefined): string {
  return trace?.kind === "written" ? ` (trace written to ${trace.file})` : "";
}

function traceFailure(trace: TraceCheck): string[] {
  switch (trace.kind) {
    case "missing":
      return [`golden trace: ${trace.why}`];
    case "differs":
      return [`golden trace differs from ${trace.file} (- expected, + actual; ${trace.removed} removed, ${trace.added} added):`, ...trace.diff.map((l) => `  ${l}`)];
    default:
      return [];
  }
}
