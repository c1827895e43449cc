// `svc token`: mints an access token for local use with the key the server verifies with:
// SVC_JWT_SECRET, or else the secret the server created in var/jwt-secret. With a public key or
// a JWKS URL configured, tokens come from the identity provider and this command refuses.
//   export SVC_ACCESS_TOKEN=$(npm run -s svc -- token --role Engineer --sub alice)
import { join, resolve } from "node:path";
import { AuthConfigError, configuredKeyVariables, readAuthConfig } from "../../runtime/auth/auth-config.js";
import { ROLES, type Role } from "../../runtime/auth/identity.js";
import { LocalSecretError, readLocalSecret } from "../../runtime/auth/local-secret.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import { EXIT, UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";

export const TOKEN_USAGE = `usage: svc token --role ROLE --sub SUBJECT [--ttl 1h] [--tenant T] [--project P]

Prints a signed access token (HS256) and nothing else on stdout, for local use:
  export SVC_ACCESS_TOKEN=$(npm run -s svc -- token --role Engineer --sub alice)
  --role ROLE      ${ROLES.join(", ")}
  --sub SUBJECT    who the token stands for (the audit log records it)
  --ttl DURATION   how long the token is valid: a number with s, m, h or d (default 1h, at most 30d)
  --tenant T       the tenant claim (default: none, the service uses "default")
  --project P      the project claim (default: none, the service uses "default")
The key: SVC_JWT_SECRET when set, else the file jwt-secret in SVC_VAR_DIR (default var/) that
the server creates on its first start (run this command in the directory the server runs in,
with the same SVC_VAR_DIR). SVC_JWT_ISSUER and
SVC_JWT_AUDIENCE, when set, are written into the token so that the server accepts it.
Exit codes: 0 printed, 1 no key to sign with, 2 wrong usage.`;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const MAX_TTL_SECONDS = 30 * 86_400;

export async function tokenCommand(
  args: string[],
  console: Console,
  cwd: string,
  env: Record<string, string | undefined> = process.env,
  clock: { now(): number } = { now: () => Date.now() },
): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    role: { type: "string" },
    sub: { type: "string" },
    ttl: { type: "string", default: "1h" },
    tenant: { type: "string" },
    project: { type: "string" },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const role = readRole(values.role);
  const sub = readText(values.sub, "--sub", "give the subject, e.g. --sub alice");
  const ttlSeconds = readTtl(String(values.ttl));
  const tenant = values.tenant === undefined ? undefined : readText(values.tenant, "--tenant", "");
  const project = values.project === undefined ? undefined : readText(values.project, "--project", "");

  const signing = await signingKeyOf(env, cwd);
  if (typeof signing === "string") {
    console.err(`svc token: ${signing}\n`);
    return EXIT.diagnostics;
  }
  const { secret, issuer, audience } = signing;
  const token = await mintToken(secret, { sub, role, ttlSeconds, tenant, project, issuer, audience }, clock.now());
  console.out(`${token}\n`);
  return EXIT.ok;
}

/** The key and claims to sign with, or a sentence saying why there is none. */
async function signingKeyOf(env: Record<string, string | undefined>, cwd: string): Promise<{ secret: Uint8Array; issuer?: string; audience?: string } | string> {
  try {
    const useLocal = configuredKeyVariables(env).length === 0;
    // The server keeps its secret in SVC_VAR_DIR (default var/): read it from the same place.
    const secretPath = join(env.SVC_VAR_DIR || "var", "jwt-secret");
    const local = useLocal ? await readLocalSecret(resolve(cwd, secretPath)) : undefined;
    if (useLocal && local === undefined) {
      return `no key to sign with: set SVC_JWT_SECRET, or start the server once (npm start) in ${cwd} so that it creates ${secretPath}`;
    }
    const config = readAuthConfig(env, local);
    if (config.key.kind !== "secret") {
      const variable = config.key.kind === "jwks" ? "SVC_JWKS_URL" : "SVC_JWT_PUBLIC_KEY";
      return `${variable} is set, so the service accepts tokens of your identity provider only: get a token from it (this command signs with a shared secret)`;
    }
    return { secret: config.key.secret, issuer: config.issuer, audience: config.audience };
  } catch (error) {
    if (error instanceof AuthConfigError || error instanceof LocalSecretError) return error.message;
    throw error;
  }
}

function readRole(value: string | boolean | undefined): Role {
  if (value === undefined) throw new UsageError(`give the role: --role ${ROLES.join("|")}`);
  const role = ROLES.find((r) => r === value);
  if (role === undefined) throw new UsageError(`--role must be one of ${ROLES.join(", ")}, not '${String(value)}'`);
  return role;
}

function readText(value: string | boolean | undefined, option: string, hint: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`${option} needs a non-empty value${hint ? `: ${hint}` : ""}`);
  return value;
}

/** `90s`, `15m`, `1h`, `7d`: positive, whole, at most 30 days. */
export function readTtl(text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  if (match === null) throw new UsageError(`--ttl must be a number with a unit s, m, h or d (e.g. 15m, 1h, 7d), not '${text}'`);
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2]!]!;
  if (seconds <= 0) throw new UsageError("--ttl must be longer than zero");
  if (seconds > MAX_TTL_SECONDS) throw new UsageError(`--ttl must be at most 30d, not '${text}'`);
  return seconds;
}
