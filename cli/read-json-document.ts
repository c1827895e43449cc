// A JSON document given to a command: parsed, with a syntax error at its line and column and a
// duplicate key refused at its path (JSON.parse would silently keep the last value, and a check
// or a digest would then cover something the author did not see).
import { parseStrictJsonText } from "../compiler/diagnostics/strict-json.js";
import type { Diagnostic } from "../generated/types.js";
import { jsonSyntaxError } from "./json-syntax.js";

export type ParsedJson = { ok: true; value: unknown } | { ok: false; diagnostics: Diagnostic[] };

export function parseJsonDocument(text: string): ParsedJson {
  const parsed = parseStrictJsonText(text);
  if (parsed.ok) return parsed;
  // A syntax error in the words of the rule-file reader (jsonc-parser's, with the position); a duplicate key as found.
  if (parsed.problem.code !== "json/duplicate-key") {
    try {
      JSON.parse(text);
    } catch (error) {
      return { ok: false, diagnostics: [jsonSyntaxError(text, error)] };
    }
  }
  return { ok: false, diagnostics: [parsed.problem] };
}
