// A scenario file's text to its checked value: YAML syntax (positions kept with a LineCounter),
// then schemas/scenario-file.schema.json with the generated guard. Every problem is a diagnostic
// placed in the file (the span's source is the file's name), as site.yaml's loader places them.
import { isMap, isScalar, LineCounter, type Document, type Node, type YAMLError } from "yaml";
import { validateYamlScenarioFile } from "../generated/index.js";
import type { Diagnostic, SourceSpan, YamlScenarioFile } from "../generated/types.js";
import { pointerTokens } from "../compiler/diagnostics/diagnostic.js";
import { offsetBeyondDepth } from "../compiler/diagnostics/json-depth.js";
import { nodeAtPointer } from "../compiler/diagnostics/json-locations.js";
import { nodeSpan, spanBetween, type YamlText } from "../compiler/front-ends/yaml/yaml-text.js";
import { offsetBeyondBlockDepth } from "./yaml-block-depth.js";
import { parseYamlDocument } from "../compiler/front-ends/yaml/parse-yaml-document.js";

// Far above any real scenario file, low enough to refuse a billion-laughs document.
const MAX_ALIAS_COUNT = 100;
// Flow collections, and block ones, nested deeper than this are refused before the parser (it
// recurses on them).
const MAX_FLOW_DEPTH = 64;

// Keys whose value is a time or a duration: a bare number there is missing its unit.
// Maps whose keys are points.
const POINT_KEY = /\/(initial|set|ramp)\/[^/]+$/;

const TIME_KEY = /\/(at|over|every|duration|tick|within\/[01])$/;

export interface ReadScenarioYaml {
  src: YamlText;
  file: string;
  /** The document and its checked value, when the file has no syntax or schema problem. */
  doc?: Document.Parsed;
  value?: YamlScenarioFile;
  diagnostics: Diagnostic[];
}

export function readScenarioYaml(text: string, file: string): ReadScenarioYaml {
  const src: YamlText = { text, lines: new LineCounter(), diagnostics: [] };
  const spanOf = (start: number, end: number): SourceSpan => ({ source: file, ...spanBetween(src, start, end) });
  const failed = (diagnostics: Diagnostic[]): ReadScenarioYaml => ({ src, file, diagnostics });
  const tooDeep = (at: number): ReadScenarioYaml => {
    countLines(src);
    return failed([{ code: "yaml/too-deep", severity: "error", message: `the document nests more than ${MAX_FLOW_DEPTH} levels deep`, span: spanOf(at, at + 1) }]);
  };
  const deep = offsetBeyondDepth(text, MAX_FLOW_DEPTH) ?? offsetBeyondBlockDepth(text, MAX_FLOW_DEPTH);
  if (deep !== undefined) return tooDeep(deep);
  let doc: Document.Parsed;
  let value: unknown;
  try {
    doc = parseYamlDocument(text, src.lines);
    const problems = [...doc.errors, ...doc.warnings];
    if (problems.length > 0) return failed(problems.map((problem) => yamlDiagnostic(text, problem, spanOf)));
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // A stack overflow is nesting the scans above did not catch (flow inside block): never its text.
    if (error instanceof RangeError) return tooDeep(0);
    countLines(src);
    return failed([{ code: "yaml/syntax", severity: "error", message: `the YAML could not be read: ${error instanceof Error ? error.message : String(error)}`, span: spanOf(0, 0) }]);
  }
  if (value === null || value === undefined) {
    return failed([{ code: "scenario/empty-file", severity: "error", message: "the file is empty: a scenario file holds `scenarios:`, a list of scenarios", span: spanOf(0, 0) }]);
  }
  const problems: Diagnostic[] = [];
  if (validateYamlScenarioFile(value, problems)) return { src, file, doc, value, diagnostics: [] };
  for (const problem of problems) {
    const path = problem.path ?? "";
    // An unknown property, or a point written as a key that is not a point: mark the key.
    const atKey = problem.code === "schema/additional-properties" || (problem.code === "schema/pattern" && POINT_KEY.test(path));
    const key = atKey ? keyNode(doc, path) : undefined;
    const node = key ?? nodeAtPointer(doc, path);
    problem.span = { source: file, ...nodeSpan(src, node ?? null) };
    const found = valueAt(value, path);
    if (problem.suggestion === undefined && typeof found === "number" && TIME_KEY.test(path)) {
      problem.suggestion = `a duration has a unit: ${found}ms, ${found}s, ${found}m or ${found}h`;
    }
  }
  return failed(problems);
}

/** Where a JSON Pointer of the file's value is written; the key itself with `key: true` (a map's key). */
export function spanAt(read: ReadScenarioYaml, path: string, key = false): SourceSpan {
  const node = key ? keyNode(read.doc!, path) : nodeAtPointer(read.doc!, path);
  return { source: read.file, ...nodeSpan(read.src, node ?? null) };
}

// The key node of the mapping entry a pointer ends at (an unknown property, a point used as a key).
function keyNode(doc: Document.Parsed, path: string): Node | undefined {
  const name = pointerTokens(path).pop();
  const parent = nodeAtPointer(doc, path.slice(0, path.lastIndexOf("/")));
  const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && String(p.key.value) === name) : undefined;
  return isScalar(pair?.key) ? pair.key : undefined;
}

function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const token of pointerTokens(path)) at = at !== null && typeof at === "object" && Object.hasOwn(at, token) ? (at as Record<string, unknown>)[token] : undefined;
  return at;
}

function countLines(src: YamlText): void {
  src.lines.addNewLine(0);
  for (let i = src.text.indexOf("\n"); i !== -1; i = src.text.indexOf("\n", i + 1)) src.lines.addNewLine(i + 1);
}

function yamlDiagnostic(text: string, problem: YAMLError, spanOf: (start: number, end: number) => SourceSpan): Diagnostic {
  const [start, end] = problem.pos;
  const span = spanOf(start, Math.max(end, start + 1));
  // The parser's own stack overflow (nesting past the scans above): its message is internal.
  if (problem.code === "RESOURCE_EXHAUSTION" && /call stack/i.test(problem.message)) return { code: "yaml/too-deep", severity: "error", message: "the document nests too deeply", span };
  if (problem.code !== "DUPLICATE_KEY") return { code: "yaml/syntax", severity: "error", message: problem.message, span };
  // The parser points at the start of the second key: name it as written.
  const key = /^[^\s:,{}[\]]+/.exec(text.slice(start))?.[0] ?? "this key";
  return { code: "yaml/duplicate-key", severity: "error", message: `'${key}' appears twice in this mapping`, span };
}
