// Golden traces (`trace: true`): a scenario's executions, one line each, kept in
// `<stem>.trace.yaml` beside the test file as a map from scenario name to lines. `svc test
// --update` writes them; a run compares and shows the differing lines. Pure: the CLI reads and
// writes the file; this module turns outcomes into lines, parses and prints the file, compares.
import { isMap, isScalar, isSeq, Document } from "yaml";
import { formatValue } from "./describe.js";
import { formatCause } from "./format-values.js";
import type { ScenarioExecution, ScenarioOutcome, ScenarioPoint } from "./scenario-model.js";
import { formatOffset } from "./scenario-time.js";
import { diffLines, formatDiff } from "./line-diff.js";
import { pointNamer } from "./point-names.js";
import { parseYamlDocument } from "../compiler/front-ends/yaml/parse-yaml-document.js";

/** What comparing one scenario with its golden trace found. */
export type TraceCheck =
  | { kind: "matches"; file: string }
  | { kind: "differs"; file: string; diff: string[]; removed: number; added: number }
  | { kind: "missing" | "invalid"; file: string; why: string }
  | { kind: "written"; file: string }
  // --update on a scenario that failed: its old entry (if any) is kept, so a failing behaviour
  // never becomes the golden one.
  | { kind: "not-written"; file: string; why: string };

/** `tests/ahu1.test.yaml` -> `tests/ahu1.trace.yaml` (the last `.test.yaml`/`.test.yml`, else the extension, replaced). */
export function traceFileOf(testFile: string): string {
  if (/\.test\.ya?ml$/.test(testFile)) return testFile.replace(/\.test\.ya?ml$/, ".trace.yaml");
  return `${testFile.replace(/\.ya?ml$/, "")}.trace.yaml`;
}

/**
 * One line per execution, in the order the scheduler ran them:
 * `+30s | AHU-1 cooling stages | on_change fast zone1.room_temp=24.2 | took switch_1:up | ahu1.cooling_stage=1 ok`.
 */
export function traceLines(outcome: ScenarioOutcome, points: readonly ScenarioPoint[] = []): string[] {
  const name = pointNamer(outcome, points);
  return outcome.executions.map((execution) => traceLine(outcome, execution, name));
}

function traceLine(outcome: ScenarioOutcome, execution: ScenarioExecution, name: (index: number) => string): string {
  const parts = [formatOffset(execution.at, outcome.scenario.start), execution.rule, formatCause(execution.cause, name)];
  const result = execution.result;
  if (result === null) {
    parts.push(`error ${execution.error?.code ?? "unknown"}: ${execution.error?.message ?? "the execution did not start"}`);
    return parts.join(" | ");
  }
  const taken = result.nodes.filter((n) => n.type === "switch").flatMap((n) => n.outputs.map((o) => `${n.node}:${o}`));
  if (taken.length > 0) parts.push(`took ${taken.join(" ")}`);
  const writes = outcome.writes.filter((w) => w.at === execution.at && w.rule === execution.rule);
  if (writes.length > 0) {
    parts.push(writes.map((w) => `${w.point.text}=${formatValue(w.value)} ${w.accepted ? "ok" : `refused (${w.reason ?? "no reason"})`}`).join(", "));
  } else if (result.short_circuit === null) parts.push("no writes");
  if (result.short_circuit !== null) parts.push(`short-circuit ${result.short_circuit.node}: ${result.short_circuit.variable} unavailable`);
  return parts.join(" | ");
}

export type TraceEntries = Map<string, string[]>;

/** Parses a trace file; an error names the line and column. */
export function parseTraceFile(text: string): { entries: TraceEntries } | { error: string } {
  const document = parseYamlDocument(text);
  const first = document.errors[0];
  if (first !== undefined) {
    // Without prettyErrors the parser gives no linePos: the position comes from the offset.
    const at = first.linePos?.[0] ?? lineCol(text, first.pos[0]);
    return { error: `${at.line}:${at.col}: ${first.message.split("\n")[0]}` };
  }
  const entries: TraceEntries = new Map();
  const root = document.contents;
  if (root === null) return { entries };
  const where = (node: { range?: [number, number, number] | null }): string => {
    const pos = node.range ? lineCol(text, node.range[0]) : undefined;
    return pos ? `${pos.line}:${pos.col}: ` : "";
  };
  if (!isMap(root)) return { error: `${where(root)}a trace file is a map from scenario name to a list of lines` };
  for (const pair of root.items) {
    const key = pair.key;
    const value = pair.value;
    if (!isScalar(key) || typeof key.value !== "string") return { error: `${where(key as never)}a scenario name (a string) was expected` };
    if (!isSeq(value) || !value.items.every((item) => isScalar(item) && typeof item.value === "string")) {
      return { error: `${where((value ?? key) as never)}the trace of '${key.value}' must be a list of lines (strings)` };
    }
    entries.set(key.value, value.items.map((item) => (item as { value: string }).value));
  }
  return { entries };
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, col: offset - before.lastIndexOf("\n") };
}

/** The trace file's text: the entries in the given order, each line a quoted-when-needed string. */
export function printTraceFile(testFileName: string, entries: TraceEntries): string {
  const document = new Document(Object.fromEntries(entries));
  document.commentBefore = ` Golden traces of ${testFileName}: one line per execution. Written by \`svc test --update\`; \`svc test\` compares.`;
  return document.toString({ lineWidth: 0 });
}

/**
 * The entries after `--update`: the updated scenarios' lines replace theirs (in place), new
 * ones are added after; every other entry is kept as it was.
 */
export function updateEntries(existing: TraceEntries | undefined, updates: ReadonlyArray<readonly [string, string[]]>): TraceEntries {
  const entries: TraceEntries = new Map(existing ?? []);
  for (const [name, lines] of updates) entries.set(name, lines);
  return entries;
}

/** Compares a scenario's lines with its entry of the trace file (undefined: no file). */
export function checkTrace(scenario: string, actual: string[], file: string, entries: TraceEntries | undefined): TraceCheck {
  if (entries === undefined) return { kind: "missing", file, why: `${file} does not exist; run svc test --update to write it` };
  const expected = entries.get(scenario);
  if (expected === undefined) return { kind: "missing", file, why: `${file} has no trace of this scenario; run svc test --update to write it` };
  const lines = diffLines(expected, actual);
  const removed = lines.filter((l) => l.kind === "removed").length;
  const added = lines.filter((l) => l.kind === "added").length;
  if (removed === 0 && added === 0) return { kind: "matches", file };
  return { kind: "differs", file, diff: formatDiff(lines), removed, added };
}
