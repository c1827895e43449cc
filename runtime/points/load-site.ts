// A site model from the text of a `site.yaml` (JSON is YAML too): YAML syntax, then the schema
// (schemas/site.schema.json), then the semantic checks. Every problem is a diagnostic placed in
// the file (line and column, with the file name as the span's source). Pure: text in, value out.
import { isMap, isScalar, LineCounter, type Document, type Node, type YAMLError } from "yaml";
import { validateSiteModel } from "../../generated/index.js";
import type { Diagnostic, SiteModel, SourceSpan } from "../../generated/types.js";
import { nodeAtPointer } from "../../compiler/diagnostics/json-locations.js";
import { pointerTokens } from "../../compiler/diagnostics/diagnostic.js";
import { createYamlLocator } from "../../compiler/front-ends/yaml/yaml-locator.js";
import { nodeSpan, spanBetween, type YamlText } from "../../compiler/front-ends/yaml/yaml-text.js";
import { checkSite } from "./check-site.js";
import { parseYamlDocument } from "../../compiler/front-ends/yaml/parse-yaml-document.js";

// Far above any real site, low enough to refuse a billion-laughs document.
const MAX_ALIAS_COUNT = 100;

export interface LoadedSite {
  /** The site, when the text has no error. */
  site: SiteModel | undefined;
  diagnostics: Diagnostic[];
}

export function loadSite(text: string, file: string): LoadedSite {
  const lines = new LineCounter();
  const src: YamlText = { text, lines, diagnostics: [] };
  const spanOf = (start: number, end: number): SourceSpan => ({ source: file, ...spanBetween(src, start, end) });
  const unreadable = (error: unknown): LoadedSite => failed([{ code: "yaml/syntax", severity: "error", message: `the YAML could not be read: ${String(error)}`, span: spanOf(0, 0) }]);
  let doc: Document.Parsed;
  try {
    doc = parseYamlDocument(text, lines);
  } catch (error) {
    return unreadable(error);
  }
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) return failed(problems.map((problem) => yamlDiagnostic(text, problem, spanOf)));
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    return unreadable(error);
  }
  const diagnostics: Diagnostic[] = [];
  const site = validateSiteModel(value, diagnostics) ? value : undefined;
  if (site !== undefined) diagnostics.push(...checkSite(site));
  if (diagnostics.length === 0) return { site, diagnostics };
  const locator = createYamlLocator(text);
  for (const diagnostic of diagnostics) {
    const path = diagnostic.path ?? "";
    // An unknown property is marked at its name, as in YAML rule files.
    const key = diagnostic.code === "schema/additional-properties" ? keyNode(doc, path) : undefined;
    const span = key !== undefined ? nodeSpan(src, key) : locator.locate(path);
    if (span !== undefined) diagnostic.span = { ...span, source: file };
  }
  return failed(diagnostics);
}

// The key node of the mapping entry a pointer ends at.
function keyNode(doc: Document.Parsed, path: string): Node | undefined {
  const name = pointerTokens(path).pop();
  const parent = nodeAtPointer(doc, path.slice(0, path.lastIndexOf("/")));
  const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && String(p.key.value) === name) : undefined;
  return isScalar(pair?.key) ? pair.key : undefined;
}

function failed(diagnostics: Diagnostic[]): LoadedSite {
  return { site: undefined, diagnostics };
}

function yamlDiagnostic(text: string, problem: YAMLError, spanOf: (start: number, end: number) => SourceSpan): Diagnostic {
  const [start, end] = problem.pos;
  const span = spanOf(start, Math.max(end, start + 1));
  if (problem.code !== "DUPLICATE_KEY") return { code: "yaml/syntax", severity: "error", message: problem.message, span };
  // The parser points at the start of the second key: name it as written.
  const key = /^[^\s:,{}[\]]+/.exec(text.slice(start))?.[0] ?? "this key";
  return { code: "yaml/duplicate-key", severity: "error", message: `'${key}' appears twice in this mapping`, span };
}
