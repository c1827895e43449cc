// Turns ajv's errors into our Diagnostic shape: stable codes `schema/<keyword>`, a JSON Pointer
// to the offending value, and a message a person can act on. Copied into generated/support by
// codegen (the generated guards may import only generated files); edit it here, then regenerate.
import type { Diagnostic } from "../types.js";
import { closestName } from "./closest-name.js";

/** The subset of ajv's ErrorObject (with `verbose: true`) that the mapping reads. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params: Record<string, unknown>;
  message?: string;
  propertyName?: string;
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

// Wrapper keywords whose own errors only repeat the errors of their subschemas.
const WRAPPERS = new Set(["if", "propertyNames", "oneOf", "anyOf", "allOf", "$ref"]);

/**
 * The most diagnostics one validation reports: the first MAX_SCHEMA_DIAGNOSTICS, then one
 * `schema/too-many-problems` saying how many more there were (issue 19: a body of 100,000 wrong
 * items is refused with a short answer, not 100,000 lines).
 */
export const MAX_SCHEMA_DIAGNOSTICS = 100;

/** `stopped`: the validator gave up collecting errors (too-many-errors.ts), so there are more than these. */
export function toDiagnostics(errors: readonly AjvError[] | null | undefined, stopped = false): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const branches = conditionalBranches(errors ?? []);
  // Past the cap only the count is needed: a cheaper key (no message built) counts the rest.
  const unlisted = new Set<string>();
  for (const error of errors ?? []) {
    if (WRAPPERS.has(error.keyword)) continue;
    if (diagnostics.length === MAX_SCHEMA_DIAGNOSTICS) {
      unlisted.add(`${error.instancePath}\u0000${error.propertyName ?? ""}\u0000${error.keyword}\u0000${JSON.stringify(error.params)}`);
      continue;
    }
    const diagnostic = toDiagnostic(error);
    // A rule of a conditional branch (`if status is fallback then ...`) says which condition made it apply.
    const why = branches.size === 0 ? undefined : branchOf(branches, error.schemaPath);
    if (why !== undefined) diagnostic.message += ` (${why})`;
    const key = `${diagnostic.path}\u0000${diagnostic.code}\u0000${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(diagnostic);
  }
  if (unlisted.size > 0 || stopped) diagnostics.push(notListed(unlisted.size, stopped));
  return diagnostics;
}

/** The last diagnostic of a capped list: how many more problems there were. */
function notListed(more: number, stopped: boolean): Diagnostic {
  const count = stopped && more === 0 ? "more problems" : `${stopped ? "at least " : ""}${more} more ${more === 1 ? "problem" : "problems"}`;
  const why = stopped ? " (the check stopped counting)" : "";
  return {
    code: "schema/too-many-problems",
    severity: "error",
    message: `${count} not listed: only the first ${MAX_SCHEMA_DIAGNOSTICS} are${why}`,
    path: "",
  };
}

/**
 * The then/else branches that applied, by schema path (ending in `/`), with their description
 * (only those that have one). The earliest error of a path wins, as a search in order would.
 */
function conditionalBranches(errors: readonly AjvError[]): Map<string, string> {
  const branches = new Map<string, string>();
  for (const error of errors) {
    if (error.keyword !== "if" || error.schemaPath === undefined) continue;
    const branch = String(error.params.failingKeyword);
    const description = (error.parentSchema?.[branch] as { description?: unknown } | undefined)?.description;
    const path = `${error.schemaPath.slice(0, -"if".length)}${branch}/`;
    if (typeof description === "string" && !branches.has(path)) branches.set(path, description);
  }
  return branches;
}

/**
 * The description of the branch whose path `schemaPath` starts with: a lookup per `/` of the path,
 * not a scan of every branch (one per failing item could make the scan quadratic).
 */
function branchOf(branches: ReadonlyMap<string, string>, schemaPath: string | undefined): string | undefined {
  if (schemaPath === undefined) return undefined;
  // Longest first: a branch nested in another fails first, so ajv reported its `if` first.
  for (let end = schemaPath.lastIndexOf("/"); end !== -1; end = end === 0 ? -1 : schemaPath.lastIndexOf("/", end - 1)) {
    const description = branches.get(schemaPath.slice(0, end + 1));
    if (description !== undefined) return description;
  }
  return undefined;
}

export function escapePointerToken(token: string): string {
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

function toDiagnostic(error: AjvError): Diagnostic {
  const code = error.keyword === "false schema" ? "schema/forbidden" : `schema/${error.keyword.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  let path = error.instancePath;
  if (error.propertyName !== undefined) path += `/${escapePointerToken(error.propertyName)}`;
  const { message, suggestion, child } = describe(error);
  if (child !== undefined) path += `/${escapePointerToken(child)}`;
  const diagnostic: Diagnostic = { code, severity: "error", message, path };
  if (suggestion !== undefined) diagnostic.suggestion = suggestion;
  return diagnostic;
}

interface Description {
  message: string;
  suggestion?: string | undefined;
  child?: string;
}

function describe(error: AjvError): Description {
  const p = error.params;
  const schema = error.parentSchema ?? {};
  switch (error.keyword) {
    case "type":
      return { message: `expected ${listOr(String(p.type).split(",").map(withArticle))}, got ${typeName(error.data)}` };
    case "required":
      return { message: `missing required property '${String(p.missingProperty)}'` };
    case "additionalProperties": {
      const name = String(p.additionalProperty);
      const known = Object.keys((schema.properties as object | undefined) ?? {});
      return { message: `unknown property '${name}'`, suggestion: hint(closestName(name, known)), child: name };
    }
    case "const":
      return { message: `must be ${JSON.stringify(p.allowedValue)}` };
    case "enum": {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const near = typeof error.data === "string" ? closestName(error.data, allowed.map(String)) : undefined;
      return { message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`, suggestion: hint(near) };
    }
    case "discriminator":
      return describeDiscriminator(error, schema);
    case "pattern": {
      const what = typeof schema.title === "string" ? schema.title : "value";
      const why = typeof schema.description === "string" ? `: ${schema.description}` : "";
      return { message: `${JSON.stringify(error.data)} is not a valid ${what}${why}` };
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return { message: `must be ${String(p.comparison)} ${String(p.limit)}` };
    case "minItems":
      return { message: `must have at least ${count(p.limit, "item")}` };
    case "maxItems":
      return { message: `must have at most ${count(p.limit, "item")}` };
    case "minProperties":
      return { message: `must have at least ${count(p.limit, "property", "properties")}` };
    case "maxProperties":
      return { message: `must have at most ${count(p.limit, "property", "properties")}` };
    case "minLength":
      return { message: `must be at least ${count(p.limit, "character")} long` };
    case "maxLength":
      return { message: `must be at most ${count(p.limit, "character")} long` };
    case "false schema": {
      // A property whose schema is `false`: allowed by the object, forbidden in this variant of it.
      const name = error.instancePath.slice(error.instancePath.lastIndexOf("/") + 1);
      return { message: `'${name.replace(/~1/g, "/").replace(/~0/g, "~")}' is not allowed here` };
    }
    case "uniqueItems": {
      // ajv's pairwise loop reports (j, i) with j < i, its one-pass loop (scalar items) the reverse.
      const [first, second] = [Number(p.i), Number(p.j)].sort((a, b) => a - b);
      return { message: `items ${String(first)} and ${String(second)} are identical; each item may appear once`, child: String(second) };
    }
    default:
      return { message: error.message ?? `fails the '${error.keyword}' check` };
  }
}

function describeDiscriminator(error: AjvError, schema: Record<string, unknown>): Description {
  const tag = String(error.params.tag);
  if (error.params.error !== "mapping") return { message: `missing or invalid '${tag}': expected a string` };
  const branches = (schema.oneOf as Array<{ properties?: Record<string, { const?: unknown; enum?: unknown[] }> }> | undefined) ?? [];
  // A branch names its tag by `const`, or by `enum` when it serves several (enable, disable, delete).
  const allowed = branches
    .flatMap((b) => {
      const property = b.properties?.[tag];
      return property?.const !== undefined ? [property.const] : (property?.enum ?? []);
    })
    .filter((v): v is string => typeof v === "string");
  const value = String(error.params.tagValue);
  // Branches that are $refs show no const here; then the message cannot list the alternatives.
  if (allowed.length === 0) return { message: `unknown ${tag} ${JSON.stringify(value)}`, child: tag };
  return {
    message: `unknown ${tag} ${JSON.stringify(value)}; expected one of ${allowed.join(", ")}`,
    suggestion: hint(closestName(value, allowed)),
    child: tag,
  };
}

function hint(name: string | undefined): string | undefined {
  return name === undefined ? undefined : `did you mean '${name}'?`;
}

function count(limit: unknown, singular: string, plural = `${singular}s`): string {
  return `${String(limit)} ${limit === 1 ? singular : plural}`;
}

function withArticle(type: string): string {
  return type === "null" ? "null" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

function listOr(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (Number.isInteger(value)) return "an integer";
  // JSON has no NaN, but 1e999 parses to Infinity; ajv's number type refuses both.
  if (typeof value === "number" && !Number.isFinite(value)) return `${String(value)} (numbers must be finite)`;
  return withArticle(typeof value);
}
