// Limits checked before anything else reads the document: it must serialise to JSON, fit in
// 1 MiB, and hold at most 1,000 nodes. Works on any value, valid or not. checkDocumentSize is the
// exact way, for any value: it returns the JSON text when the limits hold, so the compiler can
// work on exactly the JSON document (front-ends/flow-json/read-document.ts).
import { utf8BytesOver } from "../../grammar/source/utf8.js";
import { flowError, pointer, type Diagnostic } from "../diagnostics/diagnostic.js";

export const MAX_DOCUMENT_BYTES = 1024 * 1024;
export const MAX_NODES = 1000;

export function checkDocumentSize(value: unknown, diagnostics: Diagnostic[]): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // cycles, BigInt, or nesting too deep for the stack: none of them is a JSON document
  }
  if (text === undefined) {
    diagnostics.push(flowError("flow/not-json", "the flow document is not a JSON value", { path: "" }));
    return undefined;
  }
  const bytes = utf8BytesOver(text, MAX_DOCUMENT_BYTES);
  if (bytes !== undefined) {
    diagnostics.push(
      flowError("flow/too-large", `the flow document is ${bytes} bytes as JSON; the limit is ${MAX_DOCUMENT_BYTES} (1 MiB)`, { path: "" }),
    );
    return undefined;
  }
  return checkNodeCount(value, diagnostics) ? text : undefined;
}

/** Whether the document holds at most MAX_NODES nodes (reported when not). */
export function checkNodeCount(value: unknown, diagnostics: Diagnostic[]): boolean {
  const nodes = (value as { nodes?: unknown } | null)?.nodes;
  if (Array.isArray(nodes) && nodes.length > MAX_NODES) {
    diagnostics.push(
      flowError("flow/too-many-nodes", `the flow has ${nodes.length} nodes; the limit is ${MAX_NODES}`, { path: pointer("nodes") }),
    );
    return false;
  }
  return true;
}
