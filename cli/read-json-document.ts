// A JSON document given to a command: parsed, with a syntax error at its line and column and a
// duplicate key refused at its path (JSON.parse would silently keep the last value, and a check
// or a digest would then cover something the author did not see).
import { firstJsonProblem, hasDuplicateKey } from "../compiler/diagnostics/strict-json.js";
import type { Diagnostic } from "../generated/types.js";
import { jsonSyntaxError } from "./json-syntax.js";

export type ParsedJson = { ok: true; value: unknown } | { ok: false; diagnostics: Diagnostic[] };

export function parseJsonDocument(text: string): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, diagnostics: [jsonSyntaxError(text, error)] };
  }
  if (hasDuplicateKey(text)) {
    const problem = firstJsonProblem(text);
    if (problem !== undefined) return { ok: false, diagnostics: [problem] };
  }
  return { ok: true, value };
}
