// The text report of `svc test`: per file a header, per scenario `✓ name` or `✗ name`; under a
// failure, the first unmet expectation at file:line:col with its source line, what happened
// instead, the writes around that time and the execution concerned (cause, path, matched
// conditions, variables), then the other unmet expectations, one line each. No colour: the same
// bytes on a terminal, in a pipe and in a CI log. Pure: outcomes in, text out.
import { describeCause, describeOutcome, formatValue } from "./describe.js";
import { alignColumns, formatVariable } from "./format-values.js";
import type { TraceCheck } from "./golden-trace.js";
import type { ExpectationOutcome, ScenarioExecution, ScenarioOutcome, ScenarioPoint, ScenarioWrite } from "./scenario-model.js";
import { formatOffset } from "./scenario-time.js";
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

export interface TextOptions {
  /** The scenario file's text: the source line is shown under a failure's position. */
  text?: string;
  /** The site's points by index, to name the point of an on_change cause. */
  points?: readonly ScenarioPoint[];
}

/** A file's section: its name, then each scenario. */
export function formatFileText(file: string, reports: readonly ScenarioReport[], options: TextOptions = {}): string {
  return [file, ...reports.flatMap((r) => formatScenarioText(r, options))].join("\n");
}

/** `  ✓ name`, or `  ✗ name` and why. */
export function formatScenarioText(report: ScenarioReport, options: TextOptions = {}): string[] {
  const { outcome } = report;
  if (scenarioPassed(report)) return [`  ✓ ${outcome.scenario.name}${traceNote(report.trace)}`];
  const lines = [`  ✗ ${outcome.scenario.name}`];
  if (outcome.error !== undefined) lines.push(`${DETAIL}could not run: ${outcome.error}`);
  const unmet = outcome.expectations.filter((e) => !e.passed);
  const first = unmet[0];
  if (first !== undefined) for (const l of firstFailure(outcome, first, options)) lines.push(DETAIL + l);
  if (unmet.length > 1) {
    lines.push(`${DETAIL}also unmet:`);
    for (const e of unmet.slice(1)) lines.push(`${DETAIL}  ${oneLine(e)}`);
  }
  // Only the trace failed: say the expectations' result too, so it is not hidden behind the trace.
  if (first === undefined && outcome.error === undefined) lines.push(`${DETAIL}${expectationsMet(outcome.expectations.length)}`);
  if (report.trace !== undefined) for (const l of traceFailure(report.trace)) lines.push(DETAIL + l);
  return lines;
}

/**
 * `N scenarios: P passed, F failed`, the files that did not run and (--require-coverage) the
 * switch outputs not exercised: every reason for exit 1 is on the last line.
 */
export function formatSummary(passed: number, failed: number, filesWithErrors = 0, outputsMissed = 0): string {
  const total = passed + failed;
  const errors = filesWithErrors > 0 ? `; ${filesWithErrors} ${filesWithErrors === 1 ? "file has" : "files have"} errors` : "";
  const coverage = outputsMissed > 0 ? `; coverage incomplete: ${outputsMissed} switch ${outputsMissed === 1 ? "output" : "outputs"} not exercised` : "";
  return `${total} ${total === 1 ? "scenario" : "scenarios"}: ${passed} passed, ${failed} failed${errors}${coverage}`;
}

/** `file:line:col: expected …; actual: …` (JUnit's failure message and the "also unmet" lines). */
export function oneLine(e: ExpectationOutcome): string {
  return `${positionOf(e)}: expected ${e.expected}${e.actual !== undefined ? `; actual: ${e.actual}` : ""}`;
}

function positionOf(e: ExpectationOutcome): string {
  const p = e.expectation.position;
  return `${p.file}:${p.line}:${p.column}`;
}

function firstFailure(outcome: ScenarioOutcome, e: ExpectationOutcome, options: TextOptions): string[] {
  const { line, column } = e.expectation.position;
  const lines = [`${positionOf(e)}: expected ${e.expected}`, ...codeFrame(options.text, line, column)];
  if (e.actual !== undefined) lines.push(`actual: ${e.actual}`);
  // Loops, not push(...): these lists grow with the run, past what a call takes as arguments.
  for (const l of writesAround(outcome, e.around)) lines.push(l);
  for (const l of heldAround(outcome, e.around)) lines.push(l);
  if (e.concerns !== undefined) for (const l of executionDetail(outcome, e.concerns, options.points)) lines.push(l);
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
  // Many writes (a rule on a 1 s interval): those nearest the expectation's time, the rest counted.
  const middle = (around[0] + around[1]) / 2;
  const nearest = writes.findIndex((w) => w.at >= middle);
  const from = Math.max(0, Math.min((nearest === -1 ? writes.length : nearest) - Math.floor(MAX_WRITES_SHOWN / 2), writes.length - MAX_WRITES_SHOWN));
  const shown = writes.slice(from, from + MAX_WRITES_SHOWN);
  const later = writes.length - from - shown.length;
  return [
    `${window}:`,
    ...(from > 0 ? [`  … ${from} earlier`] : []),
    ...alignColumns(shown.map((w) => writeRow(w, start))).map((l) => `  ${l}`),
    ...(later > 0 ? [`  … ${later} later`] : []),
  ];
}

// Triggers the scheduler held in the window (why a rule did not run), one line per rule and
// reason: a cooldown holds a rule on every change, so each is counted, not listed.
function heldAround(outcome: ScenarioOutcome, around: readonly [number, number]): string[] {
  const start = outcome.scenario.start;
  const groups = new Map<string, { rule: string; reason: string; first: number; last: number; count: number }>();
  for (const s of outcome.suppressions) {
    if (s.at < around[0] || s.at > around[1]) continue;
    const key = `${s.rule}\u0000${s.reason}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { rule: s.rule, reason: s.reason, first: s.at, last: s.at, count: 1 });
    else {
      group.last = s.at;
      group.count++;
    }
  }
  if (groups.size === 0) return [];
  const rows = [...groups.values()].map((g) => [
    g.rule,
    g.reason,
    g.count === 1 ? `at ${formatOffset(g.first, start)}` : `${g.count} times, ${formatOffset(g.first, start)} to ${formatOffset(g.last, start)}`,
  ]);
  return ["triggers held in that window:", ...alignColumns(rows).map((l) => `  ${l}`)];
}

function writeRow(w: ScenarioWrite, start: number): string[] {
  return [formatOffset(w.at, start), `${w.point.text} = ${formatValue(w.value)}`, w.rule, w.accepted ? "accepted" : `refused: ${w.reason ?? "no reason given"}`];
}

function executionDetail(outcome: ScenarioOutcome, execution: ScenarioExecution, points: readonly ScenarioPoint[] = []): string[] {
  const start = outcome.scenario.start;
  const head = `the execution concerned: ${execution.rule} at ${formatOffset(execution.at, start)}, ${describeCause(execution, pointNamer(outcome, points))}`;
  const result = execution.result;
  const rows: string[][] = [["outcome", describeOutcome(execution, outcome.writes)]];
  if (result !== null) {
    rows.push(["path", result.path.join(" → ") || "(none)"]);
    const matched = result.matched.map((m) => `${m.output}: ${m.condition} (${m.node})`);
    const none = result.nodes.some((n) => n.type === "switch") ? "none (the default outputs were taken)" : "none (no switch on the path)";
    rows.push(["matched", matched[0] ?? none], ...matched.slice(1).map((m) => ["", m]));
    const variables = wrap(Object.entries(result.variables).map(([k, v]) => `${k} = ${formatVariable(v)}`), WIDTH);
    rows.push(["variables", variables[0] ?? "none"], ...variables.slice(1).map((v) => ["", v]));
  }
  return [head, ...alignColumns(rows).map((l) => `  ${l}`)];
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

function expectationsMet(count: number): string {
  if (count === 0) return "expectations: none (only the golden trace is checked)";
  return count === 1 ? "expectations: the 1 expectation is met" : `expectations: all ${count} are met`;
}

function traceNote(trace: TraceCheck | undefined): string {
  return trace?.kind === "written" ? ` (trace written to ${trace.file})` : "";
}

function traceFailure(trace: TraceCheck): string[] {
  switch (trace.kind) {
    case "missing":
    case "invalid":
      return [`golden trace: ${trace.why}`];
    case "not-written":
      return [trace.why];
    case "differs":
      return [`golden trace differs from ${trace.file} (- expected, + actual; ${trace.removed} removed, ${trace.added} added):`, ...trace.diff.map((l) => `  ${l}`)];
    default:
      return [];
  }
}
