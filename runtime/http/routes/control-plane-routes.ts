// The control plane's public metadata routes: liveness and product boundaries. Neither touches
// the store or anything outside the process, and neither carries tenant data.
import type { AppDeps } from "../app-deps.js";
import type { AppContext } from "../guard.js";

type Handler = (ctx: AppContext) => Promise<void>;

/** Metadata about product boundaries, not evidence that any provider or endpoint exists. */
export const PLATFORM_METADATA = {
  name: "svc",
  role: "automation rule authoring and execution runtime",
  authority: {
    livePointState: "the site's data-acquisition side (point plane); this service reads it and never stores it as truth",
    physicalControl: "the local command plane of each channel; an accepted action is not a device reaching its target",
    tenantIdentity: "the authenticated identity (JWT claims or the configured bearer); never a body, path or query",
    desiredRevision: "the rules in git, compiled by svc compile and stored through the rule API",
    placementPolicy: "one runtime per site; replicas sharing PostgreSQL own rules by lease (not in this version)",
    actualInfrastructure: "not tracked by this service",
  },
  multiCloud: {
    providerModel: "none: the runtime is deployed next to the equipment, not provisioned by this service",
    executionEngines: ["svc rule runtime"],
    stateIsolation: "one store per installation; audit search is scoped to the identity's tenant and project",
  },
} as const;

export function controlPlaneRoutes(deps: AppDeps): Record<string, Handler> {
  const health = { status: "ok", service: deps.info.name, version: deps.info.version } as const;
  return {
    async getHealth(ctx) {
      ctx.set("Cache-Control", "no-store");
      ctx.body = health;
    },
    async getPlatform(ctx) {
      ctx.body = PLATFORM_METADATA;
    },
  };
}
