// JSON Pointers into a data-processing YAML file to spans: the value at the pointer (its nearest
// existing ancestor when it is absent), or, for an unknown property, its key. Used for the
// file's own diagnostics and, after compiling, for the pack checks' diagnostics in the file.
import { isMap, isScalar, LineCounter, parseDocument, type Node } from "yaml";
import type { SourceSpan } from "../../../generated/types.js";
import { pointerTokens } from "../../diagnostics/diagnostic.js";
import { nodeAtPointer } from "../../diagnostics/json-locations.js";
import { createYamlLocator } from "../yaml/yaml-locator.js";
import { nodeSpan, type YamlText } from "../yaml/yaml-text.js";

export interface FileLocator {
  /** The span of the value at `pointer`. */
  locate(pointer: string): SourceSpan | undefined;
  /** The span of the key of the mapping entry `pointer` ends at (for unknown properties). */
  locateKey(pointer: string): SourceSpan | undefined;
}

export function createFileLocator(text: string): FileLocator {
  const values = createYamlLocator(text);
  const src: YamlText = { text, lines: new LineCounter(), diagnostics: [] };
  const doc = parseDocument(text, { lineCounter: src.lines, uniqueKeys: false, keepSourceTokens: false });
  return {
    locate: (pointer) => values.locate(pointer),
    locateKey(pointer) {
      const name = pointerTokens(pointer).pop();
      const parent = nodeAtPointer(doc, pointer.slice(0, pointer.lastIndexOf("/")));
      const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && String(p.key.value) === name) : undefined;
      return isScalar(pair?.key) ? nodeSpan(src, pair.key as Node) : undefined;
    },
  };
}
