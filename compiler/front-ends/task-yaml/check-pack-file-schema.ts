// The YAML value against schemas/data-processing/pack-file.schema.json with the generated guard.
// Each problem keeps its code and JSON Pointer path and gets the span of the value (of the key,
// for an unknown property), with a few messages made more helpful: the kinds a discriminator
// accepts, a quoted form for numbers where text is expected, the supported contract version.
import type { DataProcessingPackFile, Diagnostic, SourceSpan } from "../../../generated/types.js";
import { closestName, validateDataProcessingPackFile } from "../../../generated/index.js";
import { pointerTokens } from "../../diagnostics/diagnostic.js";
import type { FileLocator } from "./file-locator.js";
import { DATA_PROCESSING_KINDS } from "./kinds.js";

const TASK_SCHEMA = "svc.data-processing-task.v1";

// Values of each discriminator (the guard's own list is empty for $ref'd branches).
const DISCRIMINATED: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/^\/kind$/, DATA_PROCESSING_KINDS],
  [/\/source\/kind$/, ["measurement", "covariate", "calendar"]],
];

/** The file's value when it matches the schema; otherwise undefined, with every problem placed. */
export function checkPackFileSchema(value: unknown, locator: FileLocator, diagnostics: Diagnostic[]): DataProcessingPackFile | undefined {
  const problems: Diagnostic[] = [];
  if (validateDataProcessingPackFile(value, problems)) return value;
  for (const problem of problems) {
    const path = problem.path ?? "";
    const span = (problem.code === "schema/additional-properties" ? locator.locateKey(path) : undefined) ?? locator.locate(path) ?? START;
    diagnostics.push({ ...problem, ...improved(problem, valueAt(value, path)), span });
  }
  return undefined;
}

// An empty file has no node to point at: its start.
const START: SourceSpan = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };

function improved(problem: Diagnostic, found: unknown): Partial<Diagnostic> {
  const path = problem.path ?? "";
  if (path === "" && found === null) {
    return { message: "the file is empty: a data-processing file holds `kind:` and its `task:`, `binding:` or `route:`" };
  }
  if (problem.code === "schema/discriminator" && typeof found === "string") {
    const allowed = DISCRIMINATED.find(([pattern]) => pattern.test(path))?.[1];
    if (allowed === undefined) return {};
    const name = pointerTokens(path).pop() ?? "kind";
    const meant = closestName(found, allowed);
    return { message: `unknown ${name} ${JSON.stringify(found)}; expected one of ${allowed.join(", ")}`, ...(meant === undefined ? {} : { suggestion: `did you mean '${meant}'?` }) };
  }
  if (problem.code === "schema/const" && path === "/task/schema" && typeof found === "string") {
    return { message: `'${found}' is not a supported task contract; this build reads ${TASK_SCHEMA} (identifiers are exact and case-sensitive)` };
  }
  if (problem.code === "schema/type" && /^expected a string/.test(problem.message) && (typeof found === "number" || typeof found === "boolean")) {
    return { suggestion: `quote it to make it text: "${String(found)}"` };
  }
  return {};
}

function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const token of pointerTokens(path)) at = at !== null && typeof at === "object" && Object.hasOwn(at, token) ? (at as Record<string, unknown>)[token] : undefined;
  return at;
}
