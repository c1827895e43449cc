// Which key verifies access tokens, read once at start-up from the environment (passed in as a
// value): a shared HS256 secret, a PEM public key, or an identity provider's JWKS URL; else the
// local secret the server created in var/. Bad configuration stops the start, naming the variable.
import { createPublicKey, type KeyObject } from "node:crypto";

/** HS256 secrets shorter than this are refused: jose itself would accept a single byte. */
export const MIN_SECRET_BYTES = 32;

/** The variables that choose the key; at most one may be set. */
export const KEY_VARIABLES = ["SVC_JWT_SECRET", "SVC_JWT_PUBLIC_KEY", "SVC_JWKS_URL"] as const;

/** Algorithms a JWKS key may use; the key's own `alg`/type narrows this further inside jose. */
export const JWKS_ALGORITHMS = ["ES256", "RS256", "EdDSA"] as const;

export type AuthKey =
  | { kind: "secret"; secret: Uint8Array; source: "SVC_JWT_SECRET" | "local-secret" }
  | { kind: "public-key"; key: KeyObject }
  | { kind: "jwks"; url: URL };

export interface AuthConfig {
  key: AuthKey;
  /** The only `alg` header values accepted. */
  algorithms: string[];
  issuer?: string;
  audience?: string;
}

/** Start-up configuration that cannot work; the message names the variable, never its value. */
export class AuthConfigError extends Error {
  override readonly name = "AuthConfigError";
}

type Env = Record<string, string | undefined>;

/** A variable set to the empty string counts as unset. */
function valueOf(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/** The key variables that are set: none means the local secret is used. */
export function configuredKeyVariables(env: Env): string[] {
  return KEY_VARIABLES.filter((name) => valueOf(env, name) !== undefined);
}

export function readAuthConfig(env: Env, localSecret?: Uint8Array): AuthConfig {
  const set = configuredKeyVariables(env);
  if (set.length > 1) throw new AuthConfigError(`${set.join(" and ")} are both set: configure exactly one way to verify tokens`);
  const issuer = valueOf(env, "SVC_JWT_ISSUER");
  const audience = valueOf(env, "SVC_JWT_AUDIENCE");
  const claims = { ...(issuer !== undefined ? { issuer } : {}), ...(audience !== undefined ? { audience } : {}) };
  const secret = valueOf(env, "SVC_JWT_SECRET");
  const pem = valueOf(env, "SVC_JWT_PUBLIC_KEY");
  const jwks = valueOf(env, "SVC_JWKS_URL");
  if (secret !== undefined) return { key: toSecretKey(new TextEncoder().encode(secret), "SVC_JWT_SECRET"), algorithms: ["HS256"], ...claims };
  if (pem !== undefined) return { ...readPublicKey(pem), ...claims };
  if (jwks !== undefined) return { key: { kind: "jwks", url: readJwksUrl(jwks) }, algorithms: [...JWKS_ALGORITHMS], ...claims };
  if (localSecret === undefined) {
    throw new AuthConfigError(`no key to verify tokens: set one of ${KEY_VARIABLES.join(", ")}, or pass the local secret file's content`);
  }
  return { key: toSecretKey(localSecret, "local-secret"), algorithms: ["HS256"], ...claims };
}

function toSecretKey(secret: Uint8Array, source: "SVC_JWT_SECRET" | "local-secret"): AuthKey {
  if (secret.byteLength < MIN_SECRET_BYTES) {
    const what = source === "SVC_JWT_SECRET" ? "SVC_JWT_SECRET" : "the local secret";
    throw new AuthConfigError(`${what} is ${secret.byteLength} bytes long; an HS256 secret needs at least ${MIN_SECRET_BYTES} bytes (e.g. openssl rand -base64 48)`);
  }
  return { kind: "secret", secret, source };
}

/** The PEM's key type decides the one algorithm accepted: a token cannot choose another. */
function readPublicKey(text: string): Pick<AuthConfig, "key" | "algorithms"> {
  const pem = text.replace(/\\n/g, "\n"); // one-line environment values often carry "\n" escapes
  if (!pem.startsWith("-----BEGIN PUBLIC KEY-----")) {
    const hint = /PRIVATE KEY-----/.test(pem) ? "it holds a private key; give the public key only" : "expected a PEM beginning with -----BEGIN PUBLIC KEY----- (SPKI)";
    throw new AuthConfigError(`SVC_JWT_PUBLIC_KEY is not a public key: ${hint}`);
  }
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: "pem", type: "spki" });
  } catch {
    throw new AuthConfigError("SVC_JWT_PUBLIC_KEY cannot be read as a PEM SPKI public key");
  }
  return { key: { kind: "public-key", key }, algorithms: [algorithmOf(key)] };
}

function algorithmOf(key: KeyObject): string {
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case "ec":
      if (details.namedCurve === "prime256v1") return "ES256";
      throw new AuthConfigError(`SVC_JWT_PUBLIC_KEY is an EC key on ${details.namedCurve ?? "an unknown curve"}; only P-256 (ES256) is accepted`);
    case "rsa":
      if ((details.modulusLength ?? 0) >= 2048) return "RS256";
      throw new AuthConfigError(`SVC_JWT_PUBLIC_KEY is a ${details.modulusLength ?? "?"}-bit RSA key; RS256 needs at least 2048 bits`);
    case "ed25519":
      return "EdDSA";
    default:
      throw new AuthConfigError(`SVC_JWT_PUBLIC_KEY is a ${key.asymmetricKeyType ?? "unknown"} key; accepted are EC P-256 (ES256), RSA (RS256) and Ed25519 (EdDSA)`);
  }
}

/** https, or plain http to this machine only (a local identity provider or a test). */
function readJwksUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AuthConfigError("SVC_JWKS_URL is not a URL");
  }
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && isLoopback(url.hostname)) return url;
  throw new AuthConfigError(`SVC_JWKS_URL must use https (plain http only to localhost), not ${url.protocol}//${url.hostname}`);
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
