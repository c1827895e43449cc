// Processor health: each commissioned route's processor asked for its health through the
// processor client, with a short bound. May import generated/, compiler/contracts and
// runtime/processing (binding, client types); the client and clock are passed in; pure.
export { checkProcessorHealth, checkRoutes, HEALTH_TIMEOUT_MS, routesOf, UNHEALTHY_CODE, type HealthCheckDeps, type RouteHealth } from "./check-processor-health.js";
export { descriptorOf } from "./processor-descriptor.js";
