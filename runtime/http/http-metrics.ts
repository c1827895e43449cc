// Times every HTTP request into the service's metrics (svc_http_request_duration_seconds). The
// route label is the matched route's template (`/api/rules/{id}`), never the raw path, and every
// path no route matched shares one label: a client cannot create series by inventing URLs.
import type { Middleware } from "koa";
import type { ServiceMetrics } from "../metrics/service-metrics.js";
import type { AppContext } from "./guard.js";

/** The label of requests no route matched (unknown paths, a refused request target). */
export const UNMATCHED_ROUTE = "unmatched";

/** Methods kept as they are; any other is `other` (Node accepts some thirty). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

export function httpMetrics(metrics: Pick<ServiceMetrics, "stopwatch" | "httpRequest">): Middleware {
  return async (ctx, next) => {
    const elapsed = metrics.stopwatch();
    try {
      await next();
    } finally {
      // The error envelope inside has set the final status by now, an error's included.
      metrics.httpRequest(METHODS.has(ctx.method) ? ctx.method : "other", routeOf(ctx as AppContext), ctx.status, elapsed());
    }
  };
}

/**
 * The route table's template of the route that ran; else the router's pattern of the path: a
 * known path with a method it does not take (a 405) ran no route but carries the path's template
 * (a literal path before a parameter one that also matches: GET /api/rules/validate is not
 * `/api/rules/{id}`); else UNMATCHED_ROUTE.
 */
function routeOf(ctx: AppContext): string {
  const route = ctx.state.route;
  if (route !== undefined) return route.path;
  const router = ctx as AppContext & { _matchedRoute?: string | RegExp; matched?: Array<{ path: string | RegExp }> };
  const patterns = (router.matched ?? []).map((layer) => layer.path).filter((path): path is string => typeof path === "string");
  const pattern = patterns.find((path) => path === ctx.path) ?? router._matchedRoute ?? patterns[0];
  return typeof pattern === "string" ? pattern.replace(/:(\w+)/g, "{$1}") : UNMATCHED_ROUTE;
}
