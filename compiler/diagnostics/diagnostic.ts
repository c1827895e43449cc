// Building diagnostics for a JSON document: a code, a message, and where (JSON Pointer, node id).
import type { Diagnostic, SourceSpan } from "../../generated/types.js";
import { escapePointerToken } from "../../generated/index.js";

export type { Diagnostic };

/** A JSON Pointer from its unescaped tokens: pointer("nodes", 3, "id") is "/nodes/3/id". */
/** The unescaped tokens of a JSON Pointer: "/nodes/3/a~1b" is ["nodes", "3", "a/b"]. */
export function pointerTokens(path: string): string[] {
  return path.split("/").slice(1).map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function pointer(...tokens: Array<string | number>): string {
  return tokens.map((t) => `/${escapePointerToken(String(t))}`).join("");
}

export interface Where {
  path: string;
  nodeId?: string | undefined;
  span?: SourceSpan | undefined;
  suggestion?: string | undefined;
}

export function flowError(code: string, message: string, where: Where): Diagnostic {
  const diagnostic: Diagnostic = { code, severity: "error", message, path: where.path };
  if (where.nodeId !== undefined) diagnostic.nodeId = where.nodeId;
  if (where.span !== undefined) diagnostic.span = where.span;
  if (where.suggestion !== undefined) diagnostic.suggestion = where.suggestion;
  return diagnostic;
}

/** "did you mean 'x'?" or undefined. */
export function didYouMean(name: string | undefined): string | undefined {
  return name === undefined ? undefined : `did you mean '${name}'?`;
}
