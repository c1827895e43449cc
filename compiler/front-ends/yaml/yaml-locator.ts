// JSON Pointers into a YAML rule file to spans, for the diagnostics of `flow:` documents. Like
// createJsonLocator, but a span inside a string (an expression's error) is placed by the YAML
// scalar's style: exact for single-line plain and quoted scalars and for literal blocks, the
// whole scalar otherwise (a JSON string's escapes are not a YAML scalar's, and JSON has no blocks).
import { isScalar, LineCounter, parseDocument, type Node } from "yaml";
import { nodeAtPointer, type JsonLocator } from "../../diagnostics/json-locations.js";
import { expressionOffsets } from "./scalar-offsets.js";
import { nodeSpan, spanBetween, type YamlText } from "./yaml-text.js";

export function createYamlLocator(text: string): JsonLocator {
  const src: YamlText = { text, lines: new LineCounter(), diagnostics: [] };
  const doc = parseDocument(text, { lineCounter: src.lines, uniqueKeys: false, keepSourceTokens: false });
  const find = (pointer: string): Node | undefined => nodeAtPointer(doc, pointer);
  return {
    locate(pointer) {
      const node = find(pointer);
      return node?.range === undefined || node.range === null ? undefined : nodeSpan(src, node);
    },
    locateInString(pointer, inner) {
      const node = find(pointer);
      if (!isScalar(node) || typeof node.value !== "string") return undefined;
      const offsets = expressionOffsets(text, node);
      if (offsets === undefined) return nodeSpan(src, node);
      const at = (offset: number): number => offsets[Math.max(0, Math.min(offset, offsets.length - 1))]!;
      return spanBetween(src, at(inner.start.offset), at(inner.end.offset));
    },
  };
}
