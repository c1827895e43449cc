// Maps a JSON Pointer into a JSON (or YAML) document's text to a line and column, so that
// diagnostics about a file can say file:line:col. Uses the yaml package's parser, which keeps
// source ranges (JSON is YAML 1.2). Pure: text in, positions out.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { SourcePosition, SourceSpan } from "../../generated/types.js";
import { pointerTokens } from "./diagnostic.js";

export interface JsonLocator {
  /** The span of the value at `pointer` (the nearest existing ancestor when it does not exist). */
  locate(pointer: string): SourceSpan | undefined;
  /**
   * The span, in the file, of `inner` (a span inside the string value at `pointer`, such as an
   * expression's error position). Escapes in the string literal are accounted for.
   */
  locateInString(pointer: string, inner: SourceSpan): SourceSpan | undefined;
}

export function createJsonLocator(text: string): JsonLocator {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, keepSourceTokens: false });
  const position = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col, offset };
  };
  const find = (pointer: string): Node | undefined => nodeAtPointer(doc, pointer);
  return {
    locate(pointer) {
      const range = find(pointer)?.range;
      return range === undefined || range === null ? undefined : { start: position(range[0]), end: position(range[1]) };
    },
    locateInString(pointer, inner) {
      const node = find(pointer);
      const range = node?.range;
      if (!isScalar(node) || range === undefined || range === null || typeof node.value !== "string") return undefined;
      const raw = text.slice(range[0], range[1]);
      const quoted = raw.startsWith('"') || raw.startsWith("'");
      const toFile = (offset: number): number => range[0] + (quoted ? 1 : 0) + rawOffset(raw.slice(quoted ? 1 : 0), offset);
      return { start: position(toFile(inner.start.offset)), end: position(toFile(inner.end.offset)) };
    },
  };
}

/** The node of a parsed YAML (or JSON) document at `pointer`, or its nearest existing ancestor. */
export function nodeAtPointer(doc: Document.Parsed, pointer: string): Node | undefined {
  let node = doc.contents as Node | null;
  for (const token of pointerTokens(pointer)) {
    const next: Node | null | undefined = isMap(node)
      ? (node.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === token)?.value as Node | null | undefined)
      : isSeq(node)
        ? (node.items[Number(token)] as Node | undefined)
        : undefined;
    if (next === undefined || next === null) break;
    node = next;
  }
  return node ?? undefined;
}

// Offset in a string literal's raw text of the character at `decoded` in its value.
function rawOffset(raw: string, decoded: number): number {
  let i = 0;
  for (let n = 0; n < decoded && i < raw.length; n++) {
    if (raw[i] !== "\\") i += 1;
    else if (raw[i + 1] === "u") i += 6;
    else i += 2;
  }
  return i;
}
