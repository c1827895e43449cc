// Signs an HS256 access token with the installation's secret, for local use (`svc token`) and
// tests. Production tokens come from an identity provider; this only mirrors their claims.
import { SignJWT } from "jose";
import { MIN_SECRET_BYTES } from "./auth-config.js";
import { ROLES, type Role } from "./identity.js";

export interface TokenClaims {
  sub: string;
  role: Role;
  ttlSeconds: number;
  tenant?: string;
  project?: string;
  issuer?: string;
  audience?: string;
}

/** `now` is epoch milliseconds; `iat` and `exp` are whole seconds from it. */
export async function mintToken(key: Uint8Array, claims: TokenClaims, now: number): Promise<string> {
  if (key.byteLength < MIN_SECRET_BYTES) throw new RangeError(`an HS256 secret needs at least ${MIN_SECRET_BYTES} bytes`);
  if (claims.sub.trim() === "") throw new RangeError("sub must be a non-empty string");
  if (!ROLES.includes(claims.role)) throw new RangeError(`role must be one of ${ROLES.join(", ")}`);
  if (!Number.isInteger(claims.ttlSeconds) || claims.ttlSeconds <= 0) throw new RangeError("ttlSeconds must be a positive whole number");
  const issuedAt = Math.floor(now / 1000);
  const payload = {
    role: claims.role,
    ...(claims.tenant !== undefined ? { tenant: claims.tenant } : {}),
    ...(claims.project !== undefined ? { project: claims.project } : {}),
  };
  let jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + claims.ttlSeconds);
  if (claims.issuer !== undefined) jwt = jwt.setIssuer(claims.issuer);
  if (claims.audience !== undefined) jwt = jwt.setAudience(claims.audience);
  return jwt.sign(key);
}
