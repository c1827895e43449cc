// JSON Pointers into a YAML rule file to spans, for the diagnostics of `flow:` documents. Like
// createJsonLocator, but a span inside a string (an expression's error) is placed by the YAML
// scalar's style: exact for single-line plain and quoted scalars and for literal blocks, the
// whole scalar otherwise (a JSON string's escapes are not a YAML scalar's, and JSON has no blocks).
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { JsonLocator } from "../../diagnostics/json-locations.js";
import { expressionOffsets } from "./scalar-offsets.js";
import { nodeSpan, spanBetween, type YamlText } from "./yaml-text.js";

export function createYamlLocator(text: string): JsonLocator {
  const src: YamlText = { text, lines: new LineCounter(), diagnostics: [] };
  const doc = parseDocument(text, { lineCounter: src.lines, uniqueKeys: false, keepSourceTokens: false });
  // The node at `pointer`, or its nearest existing ancestor.
  const find = (pointer: string): Node | undefined => {
    let node = doc.contents as Node | null;
    for (const token of pointer.split("/").slice(1).map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"))) {
      const next: Node | null | undefined = isMap(node)
        ? (node.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === token)?.value as Node | null | undefined)
        : isSeq(node)
          ? (node.items[Number(token)] as Node | undefined)
          : undefined;
      if (next === undefined || next === null) break;
      node = next;
    }
    return node ?? undefined;
  };
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
