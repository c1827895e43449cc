// YAML text to a yaml Document, with every syntax problem as a diagnostic (`yaml/...` codes):
// syntax errors, duplicate keys, unknown tags, aliases and nesting past the limit.
import { isAlias, isCollection, isPair, LineCounter, type Document, type Node, type YAMLError } from "yaml";
import { MAX_BLOCK_NESTING } from "../../../grammar/rule/nesting.js";
import { offsetBeyondDepth } from "../../diagnostics/json-depth.js";
import { nodeSpan, report, spanBetween, type YamlText } from "./yaml-text.js";
import { parseYamlDocument } from "./parse-yaml-document.js";

/** Collections nested inside each other: a `then` or `fork` branch is two or three levels. */
export const MAX_YAML_DEPTH = 3 * MAX_BLOCK_NESTING;

export interface ReadYaml {
  src: YamlText;
  /** The document, when it has no syntax problem. */
  doc?: Document.Parsed;
}

export function readYaml(text: string): ReadYaml {
  const src: YamlText = { text, lines: new LineCounter(), diagnostics: [] };
  // Flow collections ([ and {) nested far past the limit are refused before the parser, which
  // recurses on them and would overflow its stack on a deep enough document.
  // The node walk below places the limit exactly; this scan only stops what the parser cannot
  // survive, so its bound is a little higher (and counts no block levels).
  const deep = offsetBeyondDepth(text, MAX_YAML_DEPTH + 100);
  if (deep !== undefined) {
    // The parser has not counted lines: count them for the span.
    src.lines.addNewLine(0);
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) src.lines.addNewLine(i + 1);
    report(src, "yaml/too-deep", `the document nests more than ${MAX_YAML_DEPTH} levels deep`, spanBetween(src, deep, deep + 1));
    return { src };
  }
  let doc: Document.Parsed;
  try {
    doc = parseYamlDocument(text, src.lines);
  } catch (error) {
    report(src, "yaml/syntax", `the YAML could not be read: ${String(error)}`, spanBetween(src, 0, 0));
    return { src };
  }
  // A tab as indentation throws the parser off for the lines after it, and its other errors
  // there (with hints about ': ') mislead: report the tabs alone.
  const problems = [...doc.errors, ...doc.warnings];
  const tabs = problems.filter((p) => p.code === "TAB_AS_INDENT");
  for (const problem of tabs.length > 0 ? tabs : problems) reportProblem(src, problem);
  if (src.diagnostics.length === 0) checkNodes(src, doc.contents as Node | null);
  src.diagnostics.sort((a, b) => a.span!.start.offset - b.span!.start.offset);
  return src.diagnostics.length === 0 ? { src, doc } : { src };
}

const HINTS: Partial<Record<YAMLError["code"], string>> = {
  BLOCK_AS_IMPLICIT_KEY: "quote a value that contains ': ', such as a conditional expression: \"a ? b : c\"",
  MULTILINE_IMPLICIT_KEY: "quote a value that contains ': ', or check the indentation",
  BLOCK_IN_FLOW: "quote a value that contains ': ' inside {...} or [...], such as a conditional expression",
  TAB_AS_INDENT: "indent with spaces",
};

function reportProblem(src: YamlText, problem: YAMLError): void {
  const [start, end] = problem.pos;
  const span = spanBetween(src, start, Math.max(end, start + 1));
  if (problem.code === "DUPLICATE_KEY") {
    // The key as written: the word at the reported position (the parser points at its start).
    const key = /^[^\s:,{}[\]]+/.exec(src.text.slice(start))?.[0];
    const keySpan = key === undefined ? span : spanBetween(src, start, start + key.length);
    report(src, "yaml/duplicate-key", key === undefined ? "this key appears twice in the mapping" : `'${key}' appears twice in this mapping`, keySpan);
  } else if (problem.code === "TAG_RESOLVE_FAILED") {
    const tag = src.text.slice(start, end);
    const suggestion = tag.startsWith("!") && !tag.startsWith("!!") ? `quote the value: "${tag} ..." ('!' starts a YAML tag), or write 'not'` : undefined;
    report(src, "yaml/unknown-tag", `unknown YAML tag '${tag}': rule files use no tags`, span, { suggestion });
  } else if (problem.code === "MULTIPLE_DOCS") {
    report(src, "yaml/syntax", "a rule file is one YAML document: a second one starts here", span, {
      suggestion: "list every rule under the one `rules:` key",
    });
  } else {
    report(src, "yaml/syntax", problem.message, span, { suggestion: namedPointHint(src.text, start) ?? HINTS[problem.code] });
  }
}

// `write: "AHU-1".cooling_stage`: YAML ends the quoted scalar at its closing quote, so `.name` is left over.
function namedPointHint(text: string, start: number): string | undefined {
  const quoted = /"(?:[^"\\\n]|\\.)*"$/.exec(text.slice(text.lastIndexOf("\n", start) + 1, start))?.[0];
  const name = /^\.[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(start))?.[0];
  if (quoted === undefined || name === undefined) return undefined;
  return `a named point whose instance is in double quotes is quoted whole: '${quoted}${name}'`;
}

// Iterative walk: aliases are refused (a rule file spells every value out), and so is nesting
// deep enough to endanger any recursive pass after this one.
function checkNodes(src: YamlText, root: Node | null): void {
  const pending: Array<[Node | null | undefined, number]> = [[root, 1]];
  let tooDeep = false;
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (isAlias(node)) {
      report(src, "yaml/alias", `aliases (*${node.source}) are not used in rule files: write the value out`, nodeSpan(src, node));
    } else if (isCollection(node)) {
      if (depth > MAX_YAML_DEPTH && !tooDeep) {
        tooDeep = true;
        report(src, "yaml/too-deep", `the document nests more than ${MAX_YAML_DEPTH} levels deep`, spanBetween(src, node.range?.[0] ?? 0, (node.range?.[0] ?? 0) + 1));
      }
      if (depth > MAX_YAML_DEPTH) continue;
      for (const item of node.items) {
        if (isPair(item)) pending.push([item.key as Node | null, depth + 1], [item.value as Node | null, depth + 1]);
        else pending.push([item as Node, depth + 1]);
      }
    }
  }
}
