// GET /metrics (issue 19.6): the service's own load in the Prometheus text format, for any role's
// token (`rule.read`), as GET /api/scheduler/status. Prometheus sends it as a bearer token
// (`authorization.credentials_file`); docs/operations.md has the scrape configuration.
import type { MetricsExposition } from "../../metrics/service-metrics.js";
import type { AppDeps } from "../app-deps.js";
import { allowRead, type AppContext } from "../guard.js";

type Handler = (ctx: AppContext) => Promise<void>;

export function metricsRoutes(deps: AppDeps, metrics: MetricsExposition): Record<string, Handler> {
  return {
    async getMetrics(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const text = await metrics.text();
      ctx.type = metrics.contentType;
      ctx.set("Cache-Control", "no-store");
      ctx.body = text;
    },
  };
}
