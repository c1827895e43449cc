// A response body as strict JSON: UTF-8 (invalid sequences refused, not replaced), at most
// MAX_JSON_DEPTH levels of nesting, JSON syntax, and no key twice in an object (JSON.parse would silently keep the last). A problem is described
// by its diagnostic code and position only, never by the body's text.
import { jsonDepthProblem, MAX_JSON_DEPTH } from "../../../compiler/diagnostics/json-depth.js";
import { firstJsonProblem, hasDuplicateKey } from "../../../compiler/diagnostics/strict-json.js";

export type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: string };

const decoder = new TextDecoder("utf-8", { fatal: true });

export function parseBody(bytes: Uint8Array): ParsedBody {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, problem: "is not valid UTF-8" };
  }
  if (text.trim() === "") return { ok: false, problem: "has an empty body" };
  // Checked before anything recursive (the result validators) sees the value.
  const tooDeep = jsonDepthProblem(text);
  if (tooDeep !== undefined) return { ok: false, problem: `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (json/too-deep at line ${tooDeep.span!.start.line}, column ${tooDeep.span!.start.column})` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `is not JSON (${where(text)})` };
  }
  if (hasDuplicateKey(text)) return { ok: false, problem: `has a key twice in one object (${where(text)})` };
  return { ok: true, value };
}

function where(text: string): string {
  const problem = firstJsonProblem(text);
  if (problem === undefined) return "json/syntax";
  const start = problem.span?.start;
  return start === undefined ? problem.code : `${problem.code} at line ${start.line}, column ${start.column}`;
}
