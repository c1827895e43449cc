// The processor's bearer token, from the environment variable the route names (spec:
// Authentication 3). Read at each call so a rotated secret is used without a restart. The token
// goes into the Authorization header and nowhere else: no message, log or diagnostic names it.
import type { ProcessorRouteConfig } from "../../../generated/types.js";
import { tokenInvalid, tokenMissing } from "./client-errors.js";
import type { ProcessorCallError } from "./types.js";

export type BearerToken = { ok: true; token: string | undefined } | { ok: false; error: ProcessorCallError };

/** token68 of RFC 9110 and anything else header-safe: visible ASCII only, no spaces. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export function bearerToken(route: ProcessorRouteConfig, env: Readonly<Record<string, string | undefined>>): BearerToken {
  const variable = route.bearer_token_env;
  if (variable === undefined) return { ok: true, token: undefined };
  const token = env[variable];
  if (token === undefined || token === "") return { ok: false, error: tokenMissing(variable) };
  if (!HEADER_SAFE.test(token)) return { ok: false, error: tokenInvalid(variable) };
  return { ok: true, token };
}
