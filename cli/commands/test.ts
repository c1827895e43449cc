// `svc test [PACK|FILE...]`: runs a pack's scenario files (tests/**/*.test.yaml) on a virtual
// clock through the service's scheduler and executor, and reports: text for people or JUnit XML
// for CI on stdout, file diagnostics as `svc compile` prints them on stderr, coverage of switch
// outputs and nodes, golden traces compared or (--update) written. The reports are pure
// (scenarios/report-*.ts, coverage.ts, golden-trace.ts); this file reads and writes the files.
import { readFile, stat, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { computeCoverage, formatCoverage, uncovered } from "../../scenarios/coverage.js";
import { checkTrace, parseTraceFile, printTraceFile, traceFileOf, traceLines, updateEntries, type TraceCheck, type TraceEntries } from "../../scenarios/golden-trace.js";
import { formatJUnit, type JUnitFile } from "../../scenarios/report-junit.js";
import { formatFileText, formatSummary, scenarioPassed, type ScenarioReport } from "../../scenarios/report-text.js";
import { runScenario } from "../../scenarios/run-scenario.js";
import { EXIT, plural, UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import type { FileResult } from "../source-files.js";
import { loadTestPack, MAX_TEST_FILE_BYTES, type TestFile, type TestPack } from "../test/load-test-pack.js";

export const TEST_USAGE = `usage: svc test [PACK|FILE...] [--format text|junit] [--coverage] [--require-coverage] [--update]

Runs scenario files: each scenario sets points on a virtual clock, runs the pack's rules through
the service's scheduler and executor (no store, no network, no wall clock: the same output every
run) and checks its expectations: writes, executions, suppressions. docs/testing.md describes them.
  PACK                a pack folder (the one holding site.yaml): its tests/**/*.test.yaml;
                      another folder: every *.test.yaml below it (default: the current folder)
  FILE                a scenario file, *.test.yaml; it runs against the pack its site.yaml is in
  --format FORMAT     text (default): per file, ✓ or ✗ per scenario; a failure shows the first
                      unmet expectation at file:line:col, what happened instead, the writes
                      around that time and the execution concerned. junit: JUnit XML on stdout
  --coverage          per rule of the pack: switch outputs (the default ones too) and nodes the
                      scenarios exercised, the missed outputs named; rules no scenario ran listed
  --require-coverage  exit 1 unless every switch output of every rule of the pack was exercised
  --update            write the golden traces of the passing scenarios with trace: true to
                      <stem>.trace.yaml beside their file (other entries are kept; a failing
                      scenario's trace is not written); without it, traces are compared and a
                      difference fails the scenario with a diff
File errors are printed on stderr as svc compile prints them; a file with errors runs nothing.
Exit codes: 0 every scenario passed, 1 a scenario failed, a file has errors or coverage is
missing (--require-coverage), 2 wrong usage.`;

interface Options {
  format: "text" | "junit";
  coverage: boolean;
  requireCoverage: boolean;
  update: boolean;
}

/** One scenario file after its run: its reports, or the errors that kept it from running. */
interface FileRun {
  file: TestFile;
  reports: ScenarioReport[];
  errors?: { message: string; detail: string };
}

export async function testCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    format: { type: "string", default: "text" },
    coverage: { type: "boolean" },
    "require-coverage": { type: "boolean" },
    update: { type: "boolean" },
  });
  if (values.format !== "text" && values.format !== "junit") throw new UsageError(`--format must be text or junit, not '${String(values.format)}'`);
  const options: Options = { format: values.format, coverage: values.coverage === true, requireCoverage: values["require-coverage"] === true, update: values.update === true };
  const packs = await loadTestPack(positionals, cwd);
  if (packs.every((p) => p.files.length === 0)) {
    const where = positionals.length === 0 ? "the current folder" : positionals.join(", ");
    throw new UsageError(`no scenario files in ${where}: they are named *.test.yaml, in a pack's tests/ folder`);
  }
  const text = options.format === "text";
  const runs: FileRun[] = [];
  const coverageText: string[] = [];
  const missing: string[] = [];
  let outputsMissed = 0;
  for (const pack of packs) {
    if (pack.problems.length > 0) reportDiagnostics(pack.problems, "text", console);
    const packRuns: FileRun[] = [];
    for (const file of pack.files) {
      const run = await runFile(pack, file, options, console);
      packRuns.push(run);
      if (text) console.out(`${fileText(run, pack)}\n\n`);
    }
    runs.push(...packRuns);
    if (pack.pack === undefined || !(options.coverage || options.requireCoverage)) continue;
    const coverage = computeCoverage(pack.pack.rules, packRuns.flatMap((r) => r.reports.map((s) => s.outcome)));
    if (options.coverage) coverageText.push(formatCoverage(coverageTitle(pack), coverage));
    missing.push(...uncovered(coverage).map((line) => `  ${line}`));
    outputsMissed += coverage.reduce((n, c) => n + c.outputs.filter((o) => !o.hit).length, 0);
  }
  const scenarios = runs.flatMap((r) => r.reports);
  const passed = scenarios.filter(scenarioPassed).length;
  const withErrors = runs.filter((r) => r.errors !== undefined).length;
  // Coverage goes where people read it: after the report, or on stderr beside the XML.
  const say = text ? (line: string) => console.out(line) : (line: string) => console.err(line);
  for (const block of coverageText) say(`${block}\n\n`);
  if (options.requireCoverage && missing.length > 0) {
    say(`--require-coverage: switch outputs no scenario took:\n${missing.join("\n")}\n\n`);
  }
  if (text) console.out(`${formatSummary(passed, scenarios.length - passed, withErrors, options.requireCoverage ? outputsMissed : 0)}\n`);
  else console.out(formatJUnit(runs.map(junitFile(packs))));
  const failed = passed < scenarios.length || withErrors > 0 || (options.requireCoverage && missing.length > 0);
  return failed ? EXIT.diagnostics : EXIT.ok;
}

async function runFile(pack: TestPack, file: TestFile, options: Options, console: Console): Promise<FileRun> {
  if (pack.pack === undefined) {
    const detail = rendered(pack.problems);
    return { file, reports: [], errors: { message: `not run: the pack ${pack.name || "."} has errors (${pack.problems.map((p) => p.file).join(", ")})`, detail } };
  }
  const { parsed } = file;
  const result: FileResult = { file: file.name, kind: "yaml", text: file.text, diagnostics: parsed.diagnostics, outputs: [] };
  if (parsed.diagnostics.length > 0) reportDiagnostics([result], "text", console);
  const errors = parsed.diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0) return { file, reports: [], errors: { message: `${plural(errors, "error")} in ${file.name}`, detail: rendered([result]) } };
  const reports: ScenarioReport[] = [];
  for (const scenario of parsed.scenarios) reports.push({ outcome: await runScenario(file.name, scenario, pack.pack, { site: pack.site! }) });
  await goldenTraces(pack, file, reports, options, console);
  return { file, reports };
}

// The scenarios with trace: true: compared with their entries of <stem>.trace.yaml, or with
// --update written there (the file is rewritten only when its text changes).
async function goldenTraces(pack: TestPack, file: TestFile, reports: ScenarioReport[], options: Options, console: Console): Promise<void> {
  const traced = reports.filter((r) => r.outcome.scenario.trace);
  if (traced.length === 0) return;
  const path = traceFileOf(file.path);
  const name = traceFileOf(file.name);
  const read = await readTraceFile(path, name);
  if (typeof read === "object") {
    for (const r of traced) r.trace = { kind: "invalid", file: name, why: read.why };
    return;
  }
  const existing = read;
  const parsed = existing === undefined ? undefined : parseTraceFile(existing);
  if (parsed !== undefined && "error" in parsed) {
    const why = `${name}:${parsed.error}${options.update ? " (not updated: fix or delete it)" : ""}`;
    for (const r of traced) r.trace = { kind: "invalid", file: name, why };
    return;
  }
  const lines = traced.map((r) => [r.outcome.scenario.name, traceLines(r.outcome, pack.site!.points)] as const);
  if (!options.update) {
    lines.forEach(([scenario, actual], i) => (traced[i]!.trace = checkTrace(scenario, actual, name, parsed?.entries)));
    return;
  }
  // Only a passing scenario's trace is written: a failing one would make the wrong behaviour golden.
  const passing = (r: ScenarioReport): boolean => r.outcome.passed && r.outcome.error === undefined;
  const entries = updateEntries(parsed?.entries, lines.filter((_, i) => passing(traced[i]!)));
  const next = printTraceFile(file.name.split(/[\\/]/).pop()!, entries);
  const rewrite = next !== existing && (existing !== undefined || entries.size > 0);
  if (rewrite) {
    const refused = await writeFile(path, next).then(
      () => undefined,
      (error: NodeJS.ErrnoException) => `cannot write ${name}: ${error.code ?? error.message}`,
    );
    if (refused !== undefined) {
      for (const r of traced) r.trace = { kind: "invalid", file: name, why: refused };
      return;
    }
  }
  for (const r of traced) {
    const why = r.outcome.error !== undefined ? "the scenario could not run" : "the scenario's expectations fail";
    // An unchanged file is not written, and not said to be.
    r.trace = passing(r) ? { kind: rewrite ? "written" : "matches", file: name } : ({ kind: "not-written", file: name, why: `trace not written: ${why}` } satisfies TraceCheck);
  }
  const kept = staleEntries(entries, reports);
  if (kept.length > 0) console.err(`note: ${name} keeps the traces of ${kept.map((s) => JSON.stringify(s)).join(", ")}, which no scenario with trace: true in ${file.name} has\n`);
}

/**
 * The trace file's text; undefined when there is none; `{ why }` when it cannot be used (not a
 * file, unreadable, larger than a scenario file may be): its traced scenarios fail with why.
 */
async function readTraceFile(path: string, name: string): Promise<string | undefined | { why: string }> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) return info.code === "ENOENT" ? undefined : { why: `cannot read ${name}: ${info.code ?? info.message}` };
  if (!info.isFile()) return { why: `${name} is not a file` };
  if (info.size > MAX_TEST_FILE_BYTES) return { why: `${name} is ${info.size} bytes: trace files are at most ${MAX_TEST_FILE_BYTES} bytes (5 MB), like scenario files` };
  return readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => ({ why: `cannot read ${name}: ${error.code ?? error.message}` }));
}

// The pack as the coverage header names it: `.` or `../..` say nothing, so the folder's own name.
function coverageTitle(pack: TestPack): string {
  const name = pack.name || ".";
  return name === "." || /(^|[\\/])\.\.[\\/]?$/.test(name) ? basename(pack.folder) : name;
}

function staleEntries(entries: TraceEntries, reports: readonly ScenarioReport[]): string[] {
  const traced = new Set(reports.filter((r) => r.outcome.scenario.trace).map((r) => r.outcome.scenario.name));
  return [...entries.keys()].filter((name) => !traced.has(name));
}

function fileText(run: FileRun, pack: TestPack): string {
  if (run.errors !== undefined) return `${run.file.name}\n  ✗ ${run.errors.message}`;
  return formatFileText(run.file.name, run.reports, { text: run.file.text, points: pack.site?.points ?? [] });
}

function junitFile(packs: readonly TestPack[]): (run: FileRun) => JUnitFile {
  return (run) => {
    const pack = packs.find((p) => p.files.includes(run.file));
    return {
      file: run.file.name,
      reports: run.reports,
      ...(run.errors === undefined ? {} : { errors: run.errors }),
      options: { text: run.file.text, points: pack?.site?.points ?? [] },
    };
  };
}

/** The diagnostics as reportDiagnostics prints them, as one text (JUnit's <error> body). */
function rendered(results: FileResult[]): string {
  const text: string[] = [];
  reportDiagnostics(results, "text", { out: () => undefined, err: (t) => text.push(t) });
  return text.join("").trimEnd();
}
