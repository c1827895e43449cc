// Who is calling, resolved from credentials only: a verified JWT or the configured bearer of the
// control plane. Tenant and project come from here, never from a body, path or query.

/** The roles a JWT's `role` claim may carry. */
export const ROLES = ["Admin", "Engineer", "Viewer"] as const;
export type Role = (typeof ROLES)[number];

export type Permission = "rule.read" | "rule.write" | "rule.execute" | "scheduler.reload" | "audit.event.read" | "audit.chain.verify" | "data_processing.read" | "data_processing.run";

/**
 * What each role may do: reads need any role; mutations need Admin or Engineer; audit reads and
 * verifying the whole audit chain (every tenant's events) need Admin. Data processing (spec: Authentication 1-2): every role may discover tasks, processor
 * health and derived data (`data_processing.read`); only Engineer and Admin may run processing
 * (`data_processing.run`).
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  Admin: ["rule.read", "rule.write", "rule.execute", "scheduler.reload", "audit.event.read", "audit.chain.verify", "data_processing.read", "data_processing.run"],
  Engineer: ["rule.read", "rule.write", "rule.execute", "scheduler.reload", "data_processing.read", "data_processing.run"],
  Viewer: ["rule.read", "data_processing.read"],
};

/** Tenant and project of a JWT without `tenant`/`project` claims (a single-site installation). */
export const DEFAULT_TENANT = "default";
export const DEFAULT_PROJECT = "default";

export interface Identity {
  /** The subject: a JWT's `sub`, or SVC_CLOUD_API_SUBJECT_ID. */
  subject: string;
  /** A JWT's role, or `bearer` for the configured bearer of the control plane. */
  role: Role | "bearer";
  tenantId: string;
  projectId: string;
  permissions: ReadonlySet<Permission>;
  via: "jwt" | "configured-bearer";
  /**
   * Epoch ms from which these credentials are refused (a JWT's `exp` plus the clock tolerance);
   * absent when they do not expire (the configured bearer). Long-lived connections close then.
   */
  expiresAt?: number;
}

export function hasPermission(identity: Identity, permission: Permission): boolean {
  return identity.permissions.has(permission);
}
