// The YAML value against schemas/rule-file.schema.json, with the generated guard; each problem
// (`schema/<keyword>`, JSON Pointer path) is placed in the file with createJsonLocator.
import { isMap, isScalar, isSeq, type Document, type Node } from "yaml";
import type { Diagnostic, SourceSpan, YamlRuleFile } from "../../../generated/types.js";
import { validateYamlRuleFile } from "../../../generated/index.js";
import { createJsonLocator } from "../../diagnostics/json-locations.js";
import { nodeSpan, spanBetween, type YamlText } from "./yaml-text.js";

// `{a: measurement(12, 3)}`: in a flow collection the comma splits a point in two pieces.
const HEAD = /^\s*(measurement|action)\s*\(\s*\d+\s*$/;
const TAIL = /^\s*\d+\s*\)\s*$/;
const COMMA_HINT = 'quote the point, e.g. "measurement(12, 3)": inside {...} or [...] a comma ends the value';

/** The file's value when it matches the schema; otherwise undefined, with the problems reported. */
export function checkSchema(src: YamlText, doc: Document.Parsed): YamlRuleFile | undefined {
  const value: unknown = doc.toJS();
  const problems: Diagnostic[] = [];
  if (validateYamlRuleFile(value, problems)) return value;
  const locator = createJsonLocator(src.text);
  const pieces = problems.map((p) => pieceAt(valueAt(value, p.path ?? ""), p.path ?? ""));
  const headFound = pieces.includes("head");
  problems.forEach((problem, i) => {
    if (pieces[i] === "tail" && headFound) return; // one mistake, one diagnostic: keep the head's
    const path = problem.path ?? "";
    const key = problem.code === "schema/additional-properties" ? keyNode(doc, path) : undefined;
    const span = key !== undefined ? nodeSpan(src, key) : trimmed(src, locator.locate(path) ?? spanBetween(src, 0, 0));
    const diagnostic: Diagnostic = { ...problem, span };
    const found = valueAt(value, path);
    if (typeof found === "number" && !Number.isFinite(found)) diagnostic.message = `expected a finite number, got ${String(found)}`;
    if (problem.suggestion === undefined && pieces[i] !== undefined) diagnostic.suggestion = COMMA_HINT;
    src.diagnostics.push(diagnostic);
  });
  return undefined;
}

function tokensOf(path: string): string[] {
  return path.split("/").slice(1).map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

// The key node of the mapping entry a pointer ends at (for unknown properties: mark the name).
function keyNode(doc: Document.Parsed, path: string): Node | undefined {
  const tokens = tokensOf(path);
  let node = doc.contents as Node | null | undefined;
  for (const [i, token] of tokens.entries()) {
    if (isSeq(node)) node = node.items[Number(token)] as Node | undefined;
    else if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === token);
      if (i === tokens.length - 1) return (pair?.key as Node | undefined) ?? undefined;
      node = pair?.value as Node | undefined;
    } else return undefined;
  }
  return undefined;
}

function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const token of tokensOf(path)) at = at !== null && typeof at === "object" && Object.hasOwn(at, token) ? (at as Record<string, unknown>)[token] : undefined;
  return at;
}

// Whether the value (or the key) a problem is about is a piece of a point split by a comma.
function pieceAt(at: unknown, path: string): "head" | "tail" | undefined {
  const text = typeof at === "string" ? at : (tokensOf(path).pop() ?? "");
  return HEAD.test(text) ? "head" : TAIL.test(text) ? "tail" : undefined;
}

// A block collection's range runs on to the next line: end the span at its last character.
function trimmed(src: YamlText, span: SourceSpan): SourceSpan {
  let end = span.end.offset;
  while (end > span.start.offset && /\s/.test(src.text[end - 1] ?? "")) end--;
  return end === span.end.offset ? span : spanBetween(src, span.start.offset, end);
}
