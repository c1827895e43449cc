// JUnit XML of `svc test --format junit`, the form CI systems read: a <testsuite> per scenario
// file, a <testcase> per scenario, <failure> with the first unmet expectation as its message and
// the scenario's text report as its body, <error> for a file that did not load or a scenario that
// could not run. Times are "0": the run is on a virtual clock and the output is the same every run.
// Pure: outcomes in, text out.
import { formatScenarioText, oneLine, scenarioPassed, type ScenarioReport, type TextOptions } from "./report-text.js";

/** A scenario file as the JUnit report sees it: its scenarios, or the errors that kept it from running. */
export interface JUnitFile {
  file: string;
  reports: readonly ScenarioReport[];
  /** Rendered diagnostics (file:line:col, source line, caret) when the file has errors. */
  errors?: { message: string; detail: string };
  /** The file's text and the site's points, for the text report in a failure's body. */
  options?: TextOptions;
}

export function formatJUnit(files: readonly JUnitFile[]): string {
  const suites = files.map(suite);
  const total = (key: "tests" | "failures" | "errors"): number => suites.reduce((n, s) => n + s[key], 0);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="svc test" tests="${total("tests")}" failures="${total("failures")}" errors="${total("errors")}" time="0">`,
    ...suites.flatMap((s) => s.lines),
    `</testsuites>`,
    "",
  ].join("\n");
}

function suite(f: JUnitFile): { tests: number; failures: number; errors: number; lines: string[] } {
  const cases: string[] = [];
  let failures = 0;
  let errors = 0;
  if (f.errors !== undefined) {
    errors++;
    cases.push(
      `    <testcase classname="${attr(f.file)}" name="${attr(f.file)}" time="0">`,
      `      <error message="${attr(f.errors.message)}" type="file">${text(f.errors.detail)}</error>`,
      `    </testcase>`,
    );
  }
  for (const report of f.reports) {
    const { outcome } = report;
    const open = `    <testcase classname="${attr(f.file)}" name="${attr(outcome.scenario.name)}" time="0"`;
    if (scenarioPassed(report)) {
      cases.push(`${open}/>`);
      continue;
    }
    const body = text(formatScenarioText(report, f.options).join("\n"));
    if (outcome.error !== undefined) {
      errors++;
      cases.push(`${open}>`, `      <error message="${attr(`could not run: ${outcome.error}`)}" type="scenario">${body}</error>`, `    </testcase>`);
      continue;
    }
    failures++;
    cases.push(`${open}>`, `      <failure message="${attr(failureMessage(report))}" type="expectation">${body}</failure>`, `    </testcase>`);
  }
  const tests = cases.filter((l) => l.startsWith("    <testcase")).length;
  const head = `  <testsuite name="${attr(f.file)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="0" time="0">`;
  return { tests, failures, errors, lines: [head, ...cases, `  </testsuite>`] };
}

function failureMessage(report: ScenarioReport): string {
  const first = report.outcome.expectations.find((e) => !e.passed);
  if (first !== undefined) return oneLine(first);
  const trace = report.trace;
  if (trace?.kind === "missing" || trace?.kind === "invalid") return `golden trace: ${trace.why}`;
  if (trace?.kind === "not-written") return trace.why;
  if (trace?.kind === "differs") return `golden trace differs from ${trace.file}: ${trace.removed} removed, ${trace.added} added`;
  return "failed";
}

// XML 1.0 allows tab, LF, CR and U+0020-U+D7FF, U+E000-U+FFFD, U+10000-U+10FFFF; nothing else can
// be written, not even as a character reference. Anything else is shown as its \uXXXX escape.
// A lone surrogate matches as one code unit (the u flag keeps pairs together).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function visible(value: string): string {
  return value.replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/** Element content. */
export function text(value: string): string {
  return visible(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

/** An attribute value in double quotes; tab and line ends as references, which attribute normalisation keeps. */
export function attr(value: string): string {
  return text(value).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");
}
