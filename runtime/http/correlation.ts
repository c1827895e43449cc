// Every request gets a correlation id: the caller's `x-correlation-id` when it is a plain token,
// else a fresh one. It is echoed on every response, carried by error bodies and audit events.
import type { Middleware } from "koa";

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

export interface RequestState {
  correlationId: string;
  /** The W3C trace id of a `traceparent` header, when the caller sent a valid one. */
  traceId?: string;
}

/** The caller's id when it is a plain token, else a new one. */
export function correlationIdOf(given: string | string[] | undefined, newId: () => string): string {
  return typeof given === "string" && SAFE_ID.test(given) ? given : newId();
}

export function correlation(newId: () => string): Middleware<RequestState> {
  return async (ctx, next) => {
    ctx.state.correlationId = correlationIdOf(ctx.get("x-correlation-id"), newId);
    const trace = TRACEPARENT.exec(ctx.get("traceparent"))?.[1];
    if (trace !== undefined && !/^0+$/.test(trace)) ctx.state.traceId = trace;
    ctx.set("x-correlation-id", ctx.state.correlationId);
    await next();
  };
}
