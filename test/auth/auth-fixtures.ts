// Shared values of the auth tests: a fixed clock, a valid secret, and ways to build tokens that
// the minting code never would (unsigned, without exp, with a foreign role).
import { expect } from "chai";
import { SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { ServiceError } from "../../runtime/errors.js";

/** 2025-01-01T00:00:00Z: every test reads time from here, never from the machine. */
export const NOW = Date.UTC(2025, 0, 1);
export const NOW_SECONDS = NOW / 1000;
export const clock = { now: () => NOW };

export const SECRET_TEXT = "local-test-secret-of-more-than-32-bytes";
export const SECRET = new TextEncoder().encode(SECRET_TEXT);

/** A token signed with `key` carrying exactly `payload` (no claims added). */
export function signRaw(payload: JWTPayload, key: Uint8Array | CryptoKey = SECRET, alg = "HS256", kid?: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg, ...(kid !== undefined ? { kid } : {}) }).sign(key);
}

/** The claims of a valid Engineer token at NOW. */
export function validClaims(overrides: JWTPayload = {}): JWTPayload {
  return { sub: "alice", role: "Engineer", iat: NOW_SECONDS, exp: NOW_SECONDS + 3600, ...overrides };
}

/** `alg: none`: built by hand, since no library signs that. */
export function unsignedToken(payload: JWTPayload): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part(payload)}.`;
}

/** The error `promise` rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  expect.fail("expected a rejection");
}

/** Asserts a 401 `unauthenticated` whose message matches and does not echo the token. */
export async function expectUnauthenticated(promise: Promise<unknown>, message: RegExp, token?: string): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error, String(error)).to.be.instanceOf(ServiceError);
  expect((error as ServiceError).code).to.equal("unauthenticated");
  expect((error as ServiceError).status).to.equal(401);
  expect(error.message).to.match(message);
  if (token !== undefined && token !== "") expect(error.message).to.not.contain(token);
}
