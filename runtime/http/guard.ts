// The checks in front of every route, in this order: who is calling (401), may they (403), then
// the request's input (query, path id, body: 400, 413, 415) and for a mutation whether it is
// confirmed (400). Nothing of the request but its credentials is read before the caller is
// authorised. A mutation by a known caller that is refused after authentication is itself audited:
// `denied` when the role does not permit it, `invalid` when its input or confirmation is refused.
import type { Context } from "koa";
import { SCHEMAS } from "../../generated/schemas.js";
import type { AuditConfirmation, AuditEventInput } from "../audit/audit-event.js";
import { authorize } from "../auth/authenticator.js";
import { hasPermission, type Identity, type Permission } from "../auth/identity.js";
import { ServiceError } from "../errors.js";
import { DEFAULT_BODY_LIMIT_BYTES, type AppDeps } from "./app-deps.js";
import { auditEvent, type AuditContext, type MutationAction } from "./audit-entry.js";
import type { RequestState } from "./correlation.js";
import { readJsonBody } from "./read-json-body.js";
import { parseId, readQuery } from "./request-input.js";
import type { RouteSpec } from "./route-table.js";

/** A mutation that passed its checks: what a refusal later on is audited as (recordRefusal). */
interface AcceptedState {
  event: AuditEventInput;
  /** Whether an event of this call has been committed (an allowed event outside a change's transaction). */
  recorded: boolean;
}

export type AppContext = Context & { state: RequestState & { route?: RouteSpec; mutation?: AcceptedState }; params: Record<string, string> };

/** Authenticates and checks one permission, then the query's names, for reads. */
export async function allowRead(ctx: AppContext, deps: AppDeps, permission: Permission, configuredBearer = false): Promise<Identity> {
  const identity = await deps.auth.authenticate(ctx.get("authorization") || undefined, { configuredBearer });
  authorize(identity, permission);
  checkRouteQuery(ctx);
  return identity;
}

/**
 * Refuses query parameters the route's query schema (route-table.ts `query`) does not name, repeated
 * ones and undecodable ones. The handler reads the values it needs itself (readQuery).
 */
export function checkRouteQuery(ctx: AppContext): void {
  const route = ctx.state.route;
  if (route !== undefined) readQuery(ctx.querystring, queryNamesOf(route));
}

export interface AcceptedMutation<T> {
  /** The body as `read` returned it. */
  input: T;
  /** The path's rule id, for a route with `{id}`; else null. */
  id: number | null;
  audit: AuditContext;
}

export interface MutationCheck<T> {
  action: MutationAction;
  permission: Permission;
  /** Whether the body must carry `confirmed: true`. */
  confirmed: boolean;
  /** The resource's kind; its id is the path's rule id when `pathId` is set, else from `idOf` (or null). */
  resource: { kind: string; pathId?: boolean; idOf?: (body: unknown) => string | null };
  /** Checks the body (undefined when there is none) and returns what the route needs; throws a 400. */
  read: (body: unknown, id: number | null) => T;
  /** The body limit when it is not the service's (AppDeps.bodyLimitBytes). */
  bodyLimitBytes?: number;
  /** The request's confirmation when it is not the body's `confirmed` (a header). */
  confirmation?: (body: unknown) => AuditConfirmation;
}

/**
 * Authenticates, authorises (a refusal is audited as denied, before the body is read), then reads
 * and checks the query, the path id and the body, and the confirmation (a refusal is audited as
 * invalid). The returned audit context is what the change's own audit record is made of.
 */
export async function acceptMutation<T>(ctx: AppContext, deps: AppDeps, check: MutationCheck<T>): Promise<AcceptedMutation<T>> {
  const identity = await deps.auth.authenticate(ctx.get("authorization") || undefined, { configuredBearer: false });
  const context = (confirmation: AuditConfirmation): AuditContext => ({ identity, confirmation, correlationId: ctx.state.correlationId, now: deps.clock.now(), ...traceOf(ctx) });
  if (!hasPermission(identity, check.permission)) {
    // The body is not read for a caller who may not mutate: its confirmation is unknown.
    await deps.store.audit.append(auditEvent(context("unknown"), check.action, { kind: check.resource.kind, id: null }, "denied"));
    authorize(identity, check.permission);
  }
  let id: number | null = null;
  let body: unknown;
  let confirmation: AuditConfirmation = "unknown";
  try {
    checkRouteQuery(ctx);
    if (check.resource.pathId === true) id = parseId(String(ctx.params.id));
    body = await readJsonBody(ctx.req, check.bodyLimitBytes ?? deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES);
    const confirmed = isObject(body) && body.confirmed === true;
    confirmation = check.confirmation?.(body) ?? (confirmed ? "confirmed" : check.confirmed ? "missing" : "not-required");
    if (check.confirmed && !confirmed) {
      throw new ServiceError("confirmation-required", `${check.action} changes the running system and needs "confirmed": true in the JSON body`, {
        hint: 'send {"confirmed": true} (the JSON boolean) with the request',
      });
    }
    const input = check.read(body, id);
    const audit = context(confirmation);
    ctx.state.mutation = { event: auditEvent(audit, check.action, resourceOf(), "invalid"), recorded: false };
    return { input, id, audit };
  } catch (error) {
    if (isRefusal(error)) await deps.store.audit.append(auditEvent(context(confirmation), check.action, resourceOf(), "invalid"));
    throw error;
  }

  function resourceOf(): { kind: string; id: string | null } {
    return { kind: check.resource.kind, id: id !== null ? String(id) : (check.resource.idOf?.(body) ?? null) };
  }
}

/**
 * Appends the allowed event of an accepted mutation that has no change transaction to share (an
 * execution, a reload, a processing call): committed on its own, so a later refusal is not audited again.
 */
export async function appendAllowed(ctx: AppContext, deps: AppDeps, event: AuditEventInput): Promise<void> {
  await deps.store.audit.append(event);
  if (ctx.state.mutation !== undefined) ctx.state.mutation.recorded = true;
}

/**
 * A mutation that passed its checks and was then refused by the change itself (no such rule, a
 * conflict) has no committed event: its allowed event, if any, rolled back with the change. It
 * is recorded as invalid, so every refused call of an authenticated caller leaves one event.
 */
export async function recordRefusal(ctx: AppContext, deps: AppDeps, error: unknown): Promise<void> {
  const accepted = ctx.state.mutation;
  if (accepted === undefined || accepted.recorded || !isRefusal(error)) return;
  accepted.recorded = true;
  await deps.store.audit.append(accepted.event);
}

/** A client's mistake (a 4xx with a message to show), not the service's own failure. */
function isRefusal(error: unknown): boolean {
  return error instanceof ServiceError && error.expose && error.status < 500;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function traceOf(ctx: AppContext): { traceId?: string } {
  return ctx.state.traceId !== undefined ? { traceId: ctx.state.traceId } : {};
}

const queryNames = new Map<string, readonly string[]>();

/** The parameter names of a route's query schema (none when it has no query). */
function queryNamesOf(route: RouteSpec): readonly string[] {
  if (route.query === undefined) return [];
  let names = queryNames.get(route.query);
  if (names === undefined) {
    const properties = SCHEMAS.find((file) => file.schema.title === route.query)?.schema.properties;
    if (typeof properties !== "object" || properties === null) throw new Error(`route ${route.operationId}: no query schema ${route.query}`);
    names = Object.keys(properties);
    queryNames.set(route.query, names);
  }
  return names;
}
