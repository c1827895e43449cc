// The document compileFlow reads: exactly the JSON document of its input, within the size limits,
// and its key-sorted form for flow_json. Plain JSON data (every document a client sends, every
// one a front end builds) is read as it is: one walk checks it and copies it sorted (issue 19.5).
// Anything else (functions, undefined, toJSON, Dates, cycles, hidden properties, sizes near the
// limit) takes the exact way: its JSON text, measured and parsed again.
import { checkDocumentSize, checkNodeCount, MAX_DOCUMENT_BYTES } from "../../passes/check-document-size.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { sortKeysDeep } from "./canonical-json.js";
import { sortedPlainCopy } from "./plain-json.js";

export interface FlowDocument {
  /** What the checks read: the input itself when it is plain JSON data, else its JSON text parsed. */
  document: unknown;
  /** The document with object keys in code-point order, shared with nothing (flow_json). */
  sorted(): unknown;
}

/** The document, or undefined when it is not a JSON document within the limits (reported). */
export function readDocument(input: unknown, diagnostics: Diagnostic[]): FlowDocument | undefined {
  const plain = sortedPlainCopy(input, MAX_DOCUMENT_BYTES);
  if (plain !== undefined) return checkNodeCount(input, diagnostics) ? { document: input, sorted: () => plain.copy } : undefined;
  const text = checkDocumentSize(input, diagnostics);
  if (text === undefined) return undefined;
  const document: unknown = JSON.parse(text);
  return { document, sorted: () => sortKeysDeep(document) };
}
