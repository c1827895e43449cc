// Which processor routes the embedded reference processor serves, and where they then point. A
// route is the embedded processor's when it names that processor (`reference-forecast`,
// contract svc.data-processing.forecast.v1) at its default address: plain http to a loopback
// host on port 8090 with no base path — the demo route's `http://127.0.0.1:8090`. When the
// processor listens elsewhere (SVC_PROCESSOR_PORT=0 or another port) the composition rewrites
// such a route's endpoint to the processor's actual URL; the pack stays as written and the
// client still takes its endpoint from configuration only, never from a request. Pure.
import { isLoopbackHost } from "../../../compiler/contracts/checks/route/loopback.js";
import type { ProcessorRoute } from "../../../generated/types.js";
import { PROCESSOR_CONTRACT } from "../../processor/descriptor.js";

/** The embedded processor's port unless SVC_PROCESSOR_PORT says otherwise. */
export const DEFAULT_PROCESSOR_PORT = 8090;
/** The embedded processor's id (the reference processor's default). */
export const EMBEDDED_PROCESSOR_ID = "reference-forecast";

export type RouteTarget =
  | { kind: "embedded" }
  /** `note` when the endpoint is the embedded processor's address but the route names another processor. */
  | { kind: "external"; note?: string };

export function routeTarget(route: ProcessorRoute): RouteTarget {
  const { endpoint, id, contract } = route.processor;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { kind: "external" };
  }
  const atDefault = url.protocol === "http:" && isLoopbackHost(url.hostname) && url.port === String(DEFAULT_PROCESSOR_PORT) && /^\/*$/.test(url.pathname);
  if (!atDefault) return { kind: "external" };
  if (id === EMBEDDED_PROCESSOR_ID && contract === PROCESSOR_CONTRACT) return { kind: "embedded" };
  return {
    kind: "external",
    note: `route ${route.id}: ${endpoint} is the embedded reference processor's address, but the route names processor '${id}' (${contract}), not '${EMBEDDED_PROCESSOR_ID}' (${PROCESSOR_CONTRACT}); it is not served by the embedded processor`,
  };
}

/** The route with its processor at `endpoint`; the route itself is not changed. */
export function withEndpoint(route: ProcessorRoute, endpoint: string): ProcessorRoute {
  return { ...route, processor: { ...route.processor, endpoint } };
}
