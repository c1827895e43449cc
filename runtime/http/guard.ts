// The checks in front of every route: who is calling (401), may they (403), and for a mutation
// whether it is confirmed (400). A refused mutation by a known caller is itself audited.
import type { Context } from "koa";
import type { AuditConfirmation } from "../audit/audit-event.js";
import { authorize } from "../auth/authenticator.js";
import { hasPermission, type Identity, type Permission } from "../auth/identity.js";
import { ServiceError } from "../errors.js";
import { DEFAULT_BODY_LIMIT_BYTES, type AppDeps } from "./app-deps.js";
import { auditEvent, type AuditContext, type MutationAction } from "./audit-entry.js";
import type { RequestState } from "./correlation.js";
import { readJsonBody } from "./read-json-body.js";

export type AppContext = Context & { state: RequestState; params: Record<string, string> };

/** Authenticates and checks one permission, for reads. */
export async function allowRead(ctx: AppContext, deps: AppDeps, permission: Permission, configuredBearer = false): Promise<Identity> {
  const identity = await deps.auth.authenticate(ctx.get("authorization") || undefined, { configuredBearer });
  authorize(identity, permission);
  return identity;
}

export interface AcceptedMutation {
  /** The JSON body, or undefined when there was none. */
  body: unknown;
  audit: AuditContext;
}

export interface MutationCheck {
  action: MutationAction;
  permission: Permission;
  /** Whether the body must carry `confirmed: true`. */
  confirmed: boolean;
  resource: { kind: string; id: string | null };
}

/**
 * Authenticates, reads the body, authorises (a refusal is audited as denied) and checks the
 * confirmation. The returned audit context is what the change's own audit record is made of.
 */
export async function acceptMutation(ctx: AppContext, deps: AppDeps, check: MutationCheck): Promise<AcceptedMutation> {
  const identity = await deps.auth.authenticate(ctx.get("authorization") || undefined, { configuredBearer: false });
  const body = await readJsonBody(ctx.req, deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES);
  const confirmed = isObject(body) && body.confirmed === true;
  const confirmation: AuditConfirmation = confirmed ? "confirmed" : check.confirmed ? "missing" : "not-required";
  const audit: AuditContext = { identity, confirmation, correlationId: ctx.state.correlationId, now: deps.clock.now(), ...traceOf(ctx) };
  if (!hasPermission(identity, check.permission)) {
    await deps.store.audit.append(auditEvent(audit, check.action, check.resource, "denied"));
    authorize(identity, check.permission);
  }
  if (check.confirmed && !confirmed) {
    throw new ServiceError("confirmation-required", `${check.action} changes the running system and needs "confirmed": true in the JSON body`, {
      hint: 'send {"confirmed": true} (the JSON boolean) with the request',
    });
  }
  return { body, audit };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function traceOf(ctx: AppContext): { traceId?: string } {
  return ctx.state.traceId !== undefined ? { traceId: ctx.state.traceId } : {};
}
