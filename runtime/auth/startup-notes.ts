// What the start-up log says about authentication: which key verifies tokens, how to get a
// token, and whether the control plane's configured bearer is on. Never a secret's value.
import type { AuthConfig } from "./auth-config.js";
import type { ConfiguredBearer } from "./configured-bearer.js";

export const MINT_COMMAND = "export SVC_ACCESS_TOKEN=$(npm run -s svc -- token --role Engineer --sub alice)";

export interface AuthStartupFacts {
  config: AuthConfig;
  bearer: ConfiguredBearer;
  /** Where the local secret lives, when it is the key. */
  localSecretPath?: string;
  /** The local secret was created by this start. */
  created?: boolean;
  /** SVC_VAR_DIR, when the service runs with one: `svc token` must be told it to find the secret. */
  varDir?: string;
}

/** The command that mints a token against this service's local secret. */
export function mintCommand(varDir?: string): string {
  if (varDir === undefined || varDir === "" || varDir === "var") return MINT_COMMAND;
  const quoted = /^[\w./-]+$/.test(varDir) ? varDir : `'${varDir.replace(/'/g, "'\\''")}'`;
  return MINT_COMMAND.replace("$(npm run", `$(SVC_VAR_DIR=${quoted} npm run`);
}

/** One line each, for the start-up log. */
export function describeAuthStartup(facts: AuthStartupFacts): string[] {
  return [...keyLines(facts), ...bearerLines(facts.bearer)];
}

function keyLines({ config, localSecretPath, created, varDir }: AuthStartupFacts): string[] {
  const checks = [config.issuer !== undefined ? "issuer" : "", config.audience !== undefined ? "audience" : ""].filter(Boolean);
  const checked = checks.length > 0 ? `, ${checks.join(" and ")} checked` : "";
  switch (config.key.kind) {
    case "secret": {
      const source =
        config.key.source === "SVC_JWT_SECRET"
          ? "SVC_JWT_SECRET"
          : `the local secret ${localSecretPath ?? "file"}${created ? " (created now, readable by this user only)" : ""}`;
      return [`auth: tokens are HS256, signed with ${source}${checked}`, `auth: get a token: ${config.key.source === "SVC_JWT_SECRET" ? MINT_COMMAND : mintCommand(varDir)}`];
    }
    case "public-key":
      return [`auth: tokens are ${config.algorithms.join(", ")}, verified with SVC_JWT_PUBLIC_KEY${checked}; get them from your identity provider`];
    case "jwks":
      return [`auth: tokens are verified with the keys at ${config.key.url.origin}${config.key.url.pathname}${checked}; get them from your identity provider`];
  }
}

function bearerLines(bearer: ConfiguredBearer): string[] {
  if (!bearer.configured) return [`auth: audit routes accept Admin tokens only; the configured bearer is off (not set: ${bearer.missing.join(", ")})`];
  const lines = ["auth: audit routes accept Admin tokens and the configured bearer (SVC_CLOUD_API_BEARER_TOKEN)"];
  if (bearer.ignoredPermissions.length > 0) {
    lines.push(`auth: SVC_CLOUD_API_PERMISSIONS names permissions this service does not know, ignored: ${bearer.ignoredPermissions.join(", ")}`);
  }
  return lines;
}
