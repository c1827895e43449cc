// The Koa app: correlation id, the error envelope, security headers, then one handler per route
// of the route table. No `listen` here: tests and the composition root decide where it serves.
import { randomUUID } from "node:crypto";
import Router from "@koa/router";
import Koa, { type Middleware } from "koa";
import type { AppDeps } from "./app-deps.js";
import { correlation, type RequestState } from "./correlation.js";
import { errorEnvelope } from "./error-envelope.js";
import { httpMetrics } from "./http-metrics.js";
import { validRequestTarget } from "./request-target.js";
import { checkRouteQuery, recordRefusal, type AppContext } from "./guard.js";
import { ROUTES, type RouteSpec } from "./route-table.js";
import { auditRoutes } from "./routes/audit-routes.js";
import { controlPlaneRoutes } from "./routes/control-plane-routes.js";
import { historyRoutes } from "./routes/history-routes.js";
import { metricsRoutes } from "./routes/metrics-routes.js";
import { processingRoutes } from "./routes/processing-routes.js";
import { ruleRoutes } from "./routes/rule-routes.js";
import { schedulerRoutes } from "./routes/scheduler-routes.js";
import { siteRoutes } from "./routes/site-routes.js";

export function createApp(deps: AppDeps): Koa<RequestState> {
  const app = new Koa<RequestState>();
  // Errors are rendered by errorEnvelope and reported through onInternalError; Koa's default
  // handler would print stack traces to stderr for client mistakes as well.
  app.silent = true;
  // Outermost: it sees every request's final status, the error envelope's included.
  if (deps.metrics !== undefined) app.use(httpMetrics(deps.metrics));
  app.use(correlation(deps.newCorrelationId ?? randomUUID));
  app.use(errorEnvelope(deps.onInternalError ?? (() => undefined)));
  app.use(validRequestTarget);
  app.use(securityHeaders);
  const router = mountRoutes(deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

const securityHeaders: Middleware = async (ctx, next) => {
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.set("Referrer-Policy", "no-referrer");
  await next();
};

/**
 * One handler per operationId of ROUTES; a route without a handler is a programming error. Routes
 * of an optional part are mounted only when it is composed (data processing: AppDeps.processing);
 * otherwise they answer 404 like any unknown path.
 */
function mountRoutes(deps: AppDeps): Router<RequestState> {
  const handlers: Record<string, Middleware<RequestState>> = {
    ...adapt(controlPlaneRoutes(deps)),
    ...adapt(auditRoutes(deps)),
    ...adapt(ruleRoutes(deps)),
    ...adapt(historyRoutes(deps)),
    ...adapt(schedulerRoutes(deps)),
    ...adapt(siteRoutes(deps)),
    ...(deps.processing !== undefined ? adapt(processingRoutes(deps, deps.processing)) : {}),
    ...(deps.metrics !== undefined ? adapt(metricsRoutes(deps, deps.metrics)) : {}),
    getOpenApi: deps.docs.getOpenApi,
    getDocs: deps.docs.getDocs,
  };
  const router = new Router<RequestState>();
  const literals = literalSiblings(ROUTES);
  for (const route of ROUTES) {
    if (route.requires !== undefined && deps[route.requires] === undefined) continue;
    const handler = handlers[route.operationId];
    if (handler === undefined) throw new Error(`no handler for route ${route.operationId}`);
    router[route.method](route.path.replace(/\{(\w+)\}/g, ":$1"), notShadowing(route, literals, withRoute(route, handler, deps)));
  }
  router.get("/docs/assets/:file", deps.docs.assets);
  return router;
}

// A literal path beside a parameter one (/api/rules/validate beside /api/rules/{id}), with its
// methods: GET /api/rules/validate is a 405 of the literal path, not a malformed rule id.
function literalSiblings(routes: readonly RouteSpec[]): Map<string, string[]> {
  const literals = new Map<string, string[]>();
  for (const route of routes) if (!route.path.includes("{")) literals.set(route.path, [...(literals.get(route.path) ?? []), route.method.toUpperCase()]);
  return literals;
}

function notShadowing(route: RouteSpec, literals: Map<string, string[]>, handler: Middleware<RequestState>): Middleware<RequestState> {
  if (!route.path.includes("{")) return handler;
  return async (ctx, next) => {
    const methods = literals.get(ctx.path);
    if (methods === undefined) return handler(ctx, next);
    ctx.status = 405;
    ctx.set("Allow", methods.join(", "));
  };
}

/**
 * Tells the guard which route runs (its query parameters are checked after authorisation,
 * guard.ts); a public route's query is checked here, as there is nobody to authorise. A mutation
 * that passed its checks and is then refused by the change itself is audited (recordRefusal).
 */
function withRoute(route: RouteSpec, handler: Middleware<RequestState>, deps: AppDeps): Middleware<RequestState> {
  return async (ctx, next) => {
    const app = ctx as AppContext;
    app.state.route = route;
    if (route.permission === undefined) checkRouteQuery(app);
    try {
      await handler(ctx, next);
    } catch (error) {
      await recordRefusal(app, deps, error);
      throw error;
    }
  };
}

function adapt(handlers: Record<string, (ctx: AppContext) => Promise<void>>): Record<string, Middleware<RequestState>> {
  return Object.fromEntries(Object.entries(handlers).map(([id, handler]) => [id, (ctx) => handler(ctx as AppContext)]));
}
