// The one place that turns errors into responses. Client mistakes carry their code, message and
// details; anything else is a 500 whose body says only "internal error" and the correlation id
// (the error itself goes to the log). Routes of the control plane (/health, /api/v1/...) use the
// spec's envelope exactly; the rule API adds `success: false` and `details`.
import type { Context, Middleware } from "koa";
import { ServiceError, type ErrorCode } from "../errors.js";
import type { RequestState } from "./correlation.js";
import { pathOf } from "./request-target.js";

export function errorEnvelope(onInternalError: (error: unknown, correlationId: string) => void): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      // Koa's defaults for an unmatched path or method leave no body: give them the envelope. The
      // router answers a method it does not know at all (TRACE, PROPFIND, PURGE …) 501 with the
      // path's methods in Allow: that is a 405 on a path that exists and a 404 on one that does not.
      if (ctx.body === undefined || ctx.body === null) {
        const allowed = ctx.status === 405 || ctx.status === 501 ? ctx.response.get("Allow") : "";
        if (ctx.status === 404 || ((ctx.status === 405 || ctx.status === 501) && allowed === "")) {
          ctx.remove("Allow");
          throw new ServiceError("not-found", `no route ${ctx.method} ${ctx.path}`);
        }
        if (ctx.status === 405 || ctx.status === 501) throw new ServiceError("method-not-allowed", `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed}`);
      }
    } catch (error) {
      const known = toServiceError(error);
      if (known === undefined) onInternalError(error, ctx.state.correlationId);
      render(ctx, known ?? new ServiceError("internal", "internal error"));
    }
  };
}

function render(ctx: Context & { state: RequestState }, error: ServiceError): void {
  const correlationId = ctx.state.correlationId;
  const message = error.expose ? error.message : `internal error (correlation id ${correlationId})`;
  ctx.status = error.status;
  ctx.type = "application/json";
  if (error.code === "unauthenticated") ctx.set("WWW-Authenticate", 'Bearer realm="svc"');
  if (isControlPlanePath(pathOf(ctx) ?? "/")) {
    ctx.body = { error: { code: error.code, message, correlationId } };
    return;
  }
  const details = error.expose && error.details !== undefined ? { details: error.details } : {};
  ctx.body = { success: false, error: { code: error.code, message, correlationId, ...details } };
}

export function isControlPlanePath(path: string): boolean {
  return path === "/health" || path.startsWith("/api/v1/");
}

const KOA_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "invalid-input",
  404: "not-found",
  405: "method-not-allowed",
  413: "payload-too-large",
  415: "unsupported-media-type",
};

/** Our errors as they are; Koa's exposed HTTP errors mapped by status; anything else is unknown. */
function toServiceError(error: unknown): ServiceError | undefined {
  if (error instanceof ServiceError) return error.expose ? error : undefined;
  const http = error as { status?: unknown; expose?: unknown; message?: unknown };
  const code = typeof http.status === "number" ? KOA_STATUS[http.status] : undefined;
  if (code !== undefined && http.expose === true) return new ServiceError(code, String(http.message));
  return undefined;
}
