// The control plane's local identity adapter (control-plane.md "Authentication"): one opaque
// bearer token and the subject it stands for, both from SVC_CLOUD_API_*. Missing configuration
// denies every protected request. For local composition and contract tests, not production.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Identity, Permission } from "./identity.js";

export const CONFIGURED_BEARER_VARIABLES = [
  "SVC_CLOUD_API_BEARER_TOKEN",
  "SVC_CLOUD_API_TENANT_ID",
  "SVC_CLOUD_API_PROJECT_ID",
  "SVC_CLOUD_API_SUBJECT_ID",
  "SVC_CLOUD_API_PERMISSIONS",
] as const;

/** Every permission this service knows; SVC_CLOUD_API_PERMISSIONS may name others (ignored). */
export const KNOWN_PERMISSIONS: readonly Permission[] = ["rule.read", "rule.write", "rule.execute", "scheduler.reload", "audit.event.read"];

export interface ConfiguredBearer {
  /** All five variables are set and non-empty. */
  configured: boolean;
  /** The variables that are missing or empty, for the start-up log. */
  missing: string[];
  /**
   * Names in SVC_CLOUD_API_PERMISSIONS this service does not know. They are ignored rather than
   * refused, since the platform's permission vocabulary is wider than this service's; the
   * start-up log should show them so that a typo is visible.
   */
  ignoredPermissions: string[];
  /** The configured identity when `token` is the configured bearer token, else undefined. */
  match(token: string): Identity | undefined;
}

export function createConfiguredBearer(env: Record<string, string | undefined>): ConfiguredBearer {
  const value = (name: string): string => env[name]?.trim() ?? "";
  const missing = CONFIGURED_BEARER_VARIABLES.filter((name) => value(name) === "");
  const names = value("SVC_CLOUD_API_PERMISSIONS").split(",").map((p) => p.trim()).filter((p) => p !== "");
  const isKnown = (p: string): p is Permission => (KNOWN_PERMISSIONS as readonly string[]).includes(p);
  const ignoredPermissions = names.filter((p) => !isKnown(p));
  if (missing.length > 0) return { configured: false, missing, ignoredPermissions, match: () => undefined };

  const expected = digestOf(value("SVC_CLOUD_API_BEARER_TOKEN"));
  const identity: Identity = {
    subject: value("SVC_CLOUD_API_SUBJECT_ID"),
    role: "bearer",
    tenantId: value("SVC_CLOUD_API_TENANT_ID"),
    projectId: value("SVC_CLOUD_API_PROJECT_ID"),
    permissions: new Set(names.filter(isKnown)),
    via: "configured-bearer",
  };
  return {
    configured: true,
    missing,
    ignoredPermissions,
    // Digests have one length, so timingSafeEqual never throws and the length of the configured
    // token does not leak through timing.
    match: (token) => (timingSafeEqual(digestOf(token), expected) ? identity : undefined),
  };
}

function digestOf(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
