// Path and query input, checked strictly: ids are positive decimal integers within the range of
// their kind (ID_RANGES), query parameters are known names given once, percent-encoding decodes
// to text the store can hold, numbers are decimal. A mistake is a 400 naming the parameter.
import type { Diagnostic } from "../../generated/types.js";
import { invalidInput } from "../errors.js";
import { ID_RANGES, type IdKind } from "../store/id-ranges.js";
import { unstorableReason } from "../store/storable-text.js";

export { ID_RANGES, type IdKind };


const DECIMAL = /^(0|[1-9]\d{0,15})$/;

/** A path id: a positive decimal integer within the range of its kind (default: a rule id). */
export function parseId(text: string, what = "id", kind: IdKind = "rule"): number {
  const { max } = ID_RANGES[kind];
  const id = DECIMAL.test(text) ? Number(text) : NaN;
  if (!(id >= 1 && id <= max)) {
    throw invalidInput(`${what} must be a ${kind === "rule" ? "rule id" : "positive integer"} from 1 to ${max}, got '${text}'`, [problem(`/path/${what}`, `expected an integer from 1 to ${max}`)]);
  }
  return id;
}

/** An id-valued query parameter of `kind` (`min` 0 for an "after" cursor), or undefined when absent. */
export function idParam(values: QueryValues, name: string, kind: IdKind, min: 0 | 1 = 1): number | undefined {
  return integerParam(values, name, { min, max: ID_RANGES[kind].max });
}

export type QueryValues = Record<string, string | undefined>;

/**
 * The query as single strings; unknown or repeated parameters are refused. Given the raw query
 * string (`ctx.querystring`), names and values are decoded strictly: malformed percent-encoding
 * (which Node's parsers replace by U+FFFD), NUL and lone surrogates are refused, never changed.
 */
export function readQuery(query: string | Record<string, string | string[] | undefined>, known: readonly string[]): QueryValues {
  const entries = typeof query === "string" ? decodeQuery(query) : Object.entries(query);
  const values: QueryValues = {};
  for (const [name, value] of entries) {
    if (!known.includes(name)) {
      throw invalidInput(`unknown query parameter '${name}'`, [problem(`/query/${name}`, `unknown parameter; known: ${known.join(", ") || "none"}`)]);
    }
    if (Array.isArray(value) || Object.hasOwn(values, name)) throw invalidInput(`query parameter '${name}' is given more than once`, [problem(`/query/${name}`, "given more than once")]);
    const reason = value === undefined ? undefined : unstorableReason(value);
    if (reason !== undefined) throw invalidInput(`query parameter '${name}' ${reason}`, [problem(`/query/${name}`, reason)]);
    values[name] = value;
  }
  return values;
}

/** `a=1&b=x%20y` as [name, value] pairs in order, `+` as a space (HTML forms), strictly decoded. */
function decodeQuery(raw: string): [string, string][] {
  if (raw === "") return [];
  return raw.split("&").filter((pair) => pair !== "").map((pair) => {
    const equals = pair.indexOf("=");
    const [rawName, rawValue] = equals < 0 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)];
    const name = decodeComponent(rawName, rawName);
    const value = decodeComponent(rawValue, name);
    const reason = unstorableReason(name);
    if (reason !== undefined) throw invalidInput(`a query parameter name ${reason}`, [problem("/query", reason)]);
    return [name, value];
  });
}

function decodeComponent(text: string, name: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw invalidInput(`query parameter '${name}' is not percent-encoded UTF-8`, [problem(`/query/${name}`, "malformed percent-encoding or not UTF-8")]);
  }
}

/** An integer parameter in [min, max], or `fallback` when absent. */
export function integerParam(values: QueryValues, name: string, bounds: { min: number; max: number; fallback?: number }): number | undefined {
  const text = values[name];
  if (text === undefined) return bounds.fallback;
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!(value >= bounds.min && value <= bounds.max)) {
    throw invalidInput(`query parameter '${name}' must be an integer from ${bounds.min} to ${bounds.max}, got '${text}'`, [
      problem(`/query/${name}`, `expected an integer from ${bounds.min} to ${bounds.max}`),
    ]);
  }
  return value;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An RFC 3339 date-time parameter as epoch milliseconds. */
export function timeParam(values: QueryValues, name: string): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const at = RFC3339.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at)) throw invalidInput(`query parameter '${name}' must be an RFC 3339 date-time such as 2026-11-21T08:00:00Z, got '${text}'`, [problem(`/query/${name}`, "expected an RFC 3339 date-time")]);
  return at;
}

export function problem(path: string, message: string): Diagnostic {
  return { code: "http/invalid-parameter", severity: "error", message, path };
}
