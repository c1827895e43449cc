// The health of each processor route (GET /api/v1/data-processing/processors/health): the
// route's processor asked GET {endpoint}/v1/health through the processor client, bounded by a
// short timeout rather than the route's request_timeout_ms (a health page should not wait 25 s
// for one dead processor). An entry names the route and its configured processor, ok or
// unavailable with the client's typed code, and when; never the endpoint, the token or anything
// the processor said. Each check also yields the processor's descriptor when its answer carries a
// valid one for the route's processor (the discovery entries name its artifact). The client and
// the clock are passed in; pure.
import { formatUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { ForecastProcessorContract, ProcessorHealthEntry, ProcessorRoute } from "../../../generated/types.js";
import type { CommissionedPack } from "../binding/index.js";
import type { ProcessorClient, ProcessorHealthCall } from "../client/index.js";
import { descriptorOf } from "./processor-descriptor.js";

/** Default bound of one check, in milliseconds. */
export const HEALTH_TIMEOUT_MS = 2000;

/** A 2xx JSON body that reports a status other than `ok`, e.g. `{"status": "degraded"}`. */
export const UNHEALTHY_CODE = "PROCESSOR_UNHEALTHY";

export interface HealthCheckDeps {
  /** A client for exactly the route given (the check passes one with shorter timeouts). */
  clientFor(route: ProcessorRoute): ProcessorClient;
  now(): number;
  /** Bound of each check; the route's own timeouts apply when they are shorter. */
  timeoutMs: number;
}

/** The processor routes of a pack's commissioned tasks, each once, in the order bindings first name them. */
export function routesOf(pack: CommissionedPack): ProcessorRoute[] {
  const routes = new Map<string, ProcessorRoute>();
  for (const { route } of pack.commissioned) if (!routes.has(route.id)) routes.set(route.id, route);
  return [...routes.values()];
}

export interface RouteHealth {
  entry: ProcessorHealthEntry;
  /** The processor's descriptor, when its answer carried a valid one for the route's processor. */
  descriptor: ForecastProcessorContract | undefined;
}

/** Every route checked at once. */
export async function checkProcessorHealth(routes: readonly ProcessorRoute[], deps: HealthCheckDeps): Promise<ProcessorHealthEntry[]> {
  return (await checkRoutes(routes, deps)).map((r) => r.entry);
}

/** Every route checked at once, with the descriptors found. */
export function checkRoutes(routes: readonly ProcessorRoute[], deps: HealthCheckDeps): Promise<RouteHealth[]> {
  return Promise.all(routes.map((route) => checkRoute(route, deps)));
}

async function checkRoute(route: ProcessorRoute, deps: HealthCheckDeps): Promise<RouteHealth> {
  const call = await deps.clientFor(bounded(route, deps.timeoutMs)).health();
  const code = problemOf(call);
  const entry: ProcessorHealthEntry = {
    route: route.id,
    processor: { id: route.processor.id, version: route.processor.version },
    ...(code === undefined ? { status: "ok" as const } : { status: "unavailable" as const, code }),
    checked_at: formatUtcTime(deps.now()),
  };
  return { entry, descriptor: code === undefined ? descriptorOf(call, route) : undefined };
}

function problemOf(call: ProcessorHealthCall): string | undefined {
  if (call.kind === "error") return call.error.code;
  const body = call.body;
  const reported = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).status : undefined;
  return reported === undefined || reported === "ok" ? undefined : UNHEALTHY_CODE;
}

/** The route with both timeouts at most `timeoutMs` (connect never above request, as the route check wants). */
function bounded(route: ProcessorRoute, timeoutMs: number): ProcessorRoute {
  const { processor } = route;
  const request = Math.max(1, Math.min(processor.request_timeout_ms, timeoutMs));
  return { ...route, processor: { ...processor, request_timeout_ms: request, connect_timeout_ms: Math.min(processor.connect_timeout_ms, request) } };
}
