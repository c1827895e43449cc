// From an Authorization header to an Identity, and from an Identity and a permission to yes or
// a 403. The HTTP middleware calls these; it never looks at tokens itself.
import { permissionDenied, unauthenticated } from "../errors.js";
import type { ConfiguredBearer } from "./configured-bearer.js";
import { hasPermission, type Identity, type Permission } from "./identity.js";
import type { JwtVerifier } from "./jwt-verifier.js";
import { unstorableReason } from "../store/storable-text.js";

export interface AuthenticateOptions {
  /** Whether this route also accepts the control plane's configured bearer (the audit routes). */
  configuredBearer: boolean;
}

export interface Authenticator {
  /** The caller's identity, or a ServiceError `unauthenticated`. */
  authenticate(authorization: string | undefined, options: AuthenticateOptions): Promise<Identity>;
}

export function createAuthenticator(deps: { verifier: JwtVerifier; bearer: ConfiguredBearer }): Authenticator {
  return {
    async authenticate(authorization, options) {
      const token = bearerTokenOf(authorization);
      if (options.configuredBearer) {
        const identity = deps.bearer.match(token);
        if (identity !== undefined) return checkStorableClaims(identity);
      }
      return checkStorableClaims(await deps.verifier.verify(token));
    },
  };
}

const CLAIMS = [
  ["subject", "sub"],
  ["tenantId", "tenant"],
  ["projectId", "project"],
] as const;

/**
 * The identity's text ends up in audit events and queries: a claim the store cannot hold as sent
 * (NUL, a lone surrogate) makes the token unusable, a 401 naming the claim, never a changed string.
 */
export function checkStorableClaims(identity: Identity): Identity {
  for (const [field, claim] of CLAIMS) {
    const reason = unstorableReason(identity[field]);
    if (reason !== undefined) throw unauthenticated(`the token's ${claim} claim ${reason}; this service cannot record it`);
  }
  return identity;
}

/** The token of `Authorization: Bearer <token>`; the scheme is case-insensitive (RFC 9110). */
export function bearerTokenOf(authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === "") {
    throw unauthenticated("missing credentials: send the header Authorization: Bearer <token>");
  }
  const match = /^(\S+)(?:\s+(.*))?$/s.exec(authorization.trim());
  if (match?.[1]?.toLowerCase() !== "bearer") throw unauthenticated("the Authorization header must use the Bearer scheme");
  const token = match[2]?.trim() ?? "";
  if (token === "") throw unauthenticated("the Authorization header has no token after Bearer");
  return token;
}

/** Throws a 403 naming the permission when `identity` does not hold it. */
export function authorize(identity: Identity, permission: Permission): void {
  if (hasPermission(identity, permission)) return;
  const who = identity.via === "jwt" ? `the role ${identity.role}` : "the configured bearer";
  throw permissionDenied(`this needs the permission ${permission}, which ${who} does not grant`);
}
