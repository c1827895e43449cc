// Verifies a Bearer JWT and turns its claims into an Identity. Every failure, whatever jose
// throws (including its plain TypeError for an HS256 token against an EC or RSA key), becomes a
// 401 with a short fixed message: never a 500, never the token itself.
import { createRemoteJWKSet, jwtVerify, type CryptoKey, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from "jose";
import { webcrypto } from "node:crypto";
import { unauthenticated, type ServiceError } from "../errors.js";
import type { AuthConfig } from "./auth-config.js";
import { DEFAULT_PROJECT, DEFAULT_TENANT, ROLE_PERMISSIONS, ROLES, type Identity, type Role } from "./identity.js";

/** Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds: small, so an expired token stays expired. */
export const CLOCK_TOLERANCE_SECONDS = 5;

/** How long one fetch of the identity provider's JWKS may take. */
export const JWKS_TIMEOUT_MS = 5_000;

export interface JwtVerifier {
  /** The caller's identity, or a ServiceError `unauthenticated`. */
  verify(token: string): Promise<Identity>;
}

export function createJwtVerifier(config: AuthConfig, clock: { now(): number }): JwtVerifier {
  const verifyWithKey = createKeyedVerify(config);
  const options = (): JWTVerifyOptions => ({
    algorithms: config.algorithms,
    requiredClaims: ["exp", "sub", "role"],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    currentDate: new Date(clock.now()),
    ...(config.issuer !== undefined ? { issuer: config.issuer } : {}),
    ...(config.audience !== undefined ? { audience: config.audience } : {}),
  });
  // A client sends the same token with every request: a verified token's identity is kept for
  // up to a minute (never past its exp or before its nbf), so the signature is checked once.
  const verified = new Map<string, { identity: Identity; from: number; until: number }>();
  return {
    async verify(token) {
      const now = clock.now();
      const hit = verified.get(token);
      if (hit !== undefined && now >= hit.from && now <= hit.until) return hit.identity;
      let payload: JWTPayload;
      try {
        payload = await verifyWithKey(token, options());
      } catch (error) {
        verified.delete(token);
        throw toUnauthenticated(error);
      }
      checkIssuedAt(payload, now);
      const identity = toIdentity(payload);
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      const tolerance = CLOCK_TOLERANCE_SECONDS * 1000;
      const notBefore = Math.max(payload.nbf ?? -Infinity, payload.iat ?? -Infinity);
      verified.set(token, {
        identity,
        from: notBefore * 1000 - tolerance,
        until: Math.min(identity.expiresAt!, now + VERIFIED_CACHE_MS),
      });
      return identity;
    },
  };
}

/** Tokens whose verification is remembered, and for how long at most. */
const VERIFIED_CACHE_SIZE = 1024;
const VERIFIED_CACHE_MS = 60_000;

type KeyedVerify = (token: string, options: JWTVerifyOptions) => Promise<JWTPayload>;

// One closure per key shape: jwtVerify's overloads keep a key and a key resolver apart.
function createKeyedVerify(config: AuthConfig): KeyedVerify {
  const key = config.key;
  switch (key.kind) {
    case "secret": {
      // Imported once: jose would import raw bytes again on every call, at about half the speed.
      let hmacKey: Promise<CryptoKey> | undefined;
      return async (token, options) => {
        hmacKey ??= webcrypto.subtle.importKey("raw", key.secret, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
        return (await jwtVerify(token, await hmacKey, options)).payload;
      };
    }
    case "public-key":
      return async (token, options) => (await jwtVerify(token, key.key, options)).payload;
    case "jwks": {
      // Fetched on first use, then cached by jose; redirects are not followed.
      const keySet = createRemoteJWKSet(key.url, { timeoutDuration: JWKS_TIMEOUT_MS });
      const keyOf: JWTVerifyGetKey = async (header, token) => {
        try {
          return await keySet(header, token);
        } catch (error) {
          // A failed fetch is a plain TypeError too: tell it apart from a key type mismatch.
          throw isNoMatchingKey(error) ? error : new KeysUnavailable();
        }
      };
      return async (token, options) => (await jwtVerify(token, keyOf, options)).payload;
    }
  }
}

/** The identity provider's key set could not be fetched or read (network, timeout, bad JSON). */
class KeysUnavailable extends Error {
  readonly code = "KEYS_UNAVAILABLE";
}

function isNoMatchingKey(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "ERR_JWKS_NO_MATCHING_KEY" || code === "ERR_JWKS_MULTIPLE_MATCHING_KEYS";
}

/**
 * jose checks `iat` only when `maxTokenAge` is set (which would also make `iat` required): a
 * token issued in the future is refused here, with the same tolerance as `exp` and `nbf`.
 */
function checkIssuedAt(payload: JWTPayload, now: number): void {
  if (payload.iat !== undefined && payload.iat * 1000 > now + CLOCK_TOLERANCE_SECONDS * 1000) {
    throw unauthenticated("the token's iat claim is in the future");
  }
}

function toIdentity(payload: JWTPayload): Identity {
  const { sub, role, tenant, project } = payload;
  if (typeof sub !== "string" || sub.trim() === "") throw unauthenticated("the token's sub claim must be a non-empty string");
  if (typeof role !== "string" || !(ROLES as readonly string[]).includes(role)) {
    throw unauthenticated(`the token's role claim must be one of ${ROLES.join(", ")}`);
  }
  return {
    subject: sub,
    role: role as Role,
    tenantId: optionalText(tenant, "tenant") ?? DEFAULT_TENANT,
    projectId: optionalText(project, "project") ?? DEFAULT_PROJECT,
    permissions: new Set(ROLE_PERMISSIONS[role as Role]),
    via: "jwt",
    expiresAt: payload.exp! * 1000 + CLOCK_TOLERANCE_SECONDS * 1000,
  };
}

function optionalText(value: unknown, claim: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") throw unauthenticated(`the token's ${claim} claim must be a non-empty string`);
  return value;
}

/** jose's error codes to fixed, safe sentences; anything unrecognised is still a 401. */
function toUnauthenticated(error: unknown): ServiceError {
  const { code, claim, reason } = (error ?? {}) as { code?: unknown; claim?: unknown; reason?: unknown };
  if (error instanceof TypeError && code === undefined) return unauthenticated("the token's algorithm is not accepted");
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return unauthenticated("the token has expired");
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      return unauthenticated(claimMessage(String(claim), String(reason)));
    case "ERR_JOSE_ALG_NOT_ALLOWED":
    case "ERR_JOSE_NOT_SUPPORTED":
      return unauthenticated("the token's algorithm is not accepted");
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return unauthenticated("the token's signature is not valid");
    case "ERR_JWS_INVALID":
    case "ERR_JWT_INVALID":
      return unauthenticated("the token is malformed: expected a signed JWT");
    case "ERR_JWKS_NO_MATCHING_KEY":
    case "ERR_JWKS_MULTIPLE_MATCHING_KEYS":
      return unauthenticated("no key of the identity provider matches the token");
    case "KEYS_UNAVAILABLE":
      return unauthenticated("the identity provider's keys could not be loaded");
    default:
      return unauthenticated("the token is not valid");
  }
}

const CLAIM_MESSAGES: Record<string, string> = {
  nbf: "the token is not yet valid",
  iss: "the token's issuer is not accepted",
  aud: "the token's audience is not accepted",
  exp: "the token's exp claim is invalid",
};

function claimMessage(claim: string, reason: string): string {
  if (reason === "missing") return `the token has no ${/^[a-z]{1,8}$/.test(claim) ? claim : "required"} claim`;
  return CLAIM_MESSAGES[claim] ?? "the token's claims are not valid";
}
