// Path and query input, checked strictly: ids are positive decimal integers, query parameters
// are known names given once, numbers are decimal. A mistake is a 400 naming the parameter.
import type { Diagnostic } from "../../generated/types.js";
import { invalidInput } from "../errors.js";

const DECIMAL = /^[1-9]\d{0,15}$/;

/** A path id: a positive decimal integer below 2^53. */
export function parseId(text: string, what = "id"): number {
  const id = DECIMAL.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw invalidInput(`${what} must be a positive integer, got '${text}'`, [problem(`/path/${what}`, `expected a positive integer`)]);
  return id;
}

export type QueryValues = Record<string, string | undefined>;

/** The query as single strings; unknown or repeated parameters are refused. */
export function readQuery(query: Record<string, string | string[] | undefined>, known: readonly string[]): QueryValues {
  const values: QueryValues = {};
  for (const [name, value] of Object.entries(query)) {
    if (!known.includes(name)) {
      throw invalidInput(`unknown query parameter '${name}'`, [problem(`/query/${name}`, `unknown parameter; known: ${known.join(", ") || "none"}`)]);
    }
    if (Array.isArray(value)) throw invalidInput(`query parameter '${name}' is given more than once`, [problem(`/query/${name}`, "given more than once")]);
    values[name] = value;
  }
  return values;
}

/** An integer parameter in [min, max], or `fallback` when absent. */
export function integerParam(values: QueryValues, name: string, bounds: { min: number; max: number; fallback?: number }): number | undefined {
  const text = values[name];
  if (text === undefined) return bounds.fallback;
  const value = /^(0|[1-9]\d{0,15})$/.test(text) ? Number(text) : NaN;
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
