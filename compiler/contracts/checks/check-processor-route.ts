// Semantic rules of a processor route's processor section. The frame travels in the request
// body, so plain http is allowed only to the local machine; a `local` boundary that points
// elsewhere is suspicious; the endpoint is a base URL (the routes /v1/process and /v1/health are
// derived from it); the connect timeout fits inside the request timeout; and the contract is
// one this build can speak.
import type { ProcessorRouteConfig } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import type { ContractReport } from "../contract-report.js";
import { isLoopbackHost } from "./route/loopback.js";

/** Processor contracts this build implements. */
export const PROCESSOR_CONTRACTS: readonly string[] = ["svc.data-processing.forecast.v1"];

export const checkProcessorRoute: SemanticCheck<ProcessorRouteConfig> = (route, _context, report) => {
  if (route.connect_timeout_ms > route.request_timeout_ms) {
    report.error(
      "route/timeouts",
      "/connect_timeout_ms",
      `connect_timeout_ms (${route.connect_timeout_ms}) is longer than the whole request's request_timeout_ms (${route.request_timeout_ms})`,
    );
  }
  if (!PROCESSOR_CONTRACTS.includes(route.contract)) {
    report.error(
      "route/unknown-contract",
      "/contract",
      `'${route.contract}' is not a processor contract this build knows; known: ${PROCESSOR_CONTRACTS.join(", ")}`,
    );
  }
  checkEndpoint(route, report);
};

function checkEndpoint(route: ProcessorRouteConfig, report: ContractReport): void {
  let url: URL;
  try {
    url = new URL(route.endpoint);
  } catch {
    report.error("route/endpoint-invalid", "/endpoint", `'${route.endpoint}' is not a valid URL`);
    return;
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === "http:" && !loopback) {
    report.error(
      "route/plaintext-endpoint",
      "/endpoint",
      `plain http to '${url.hostname}' would send frames unencrypted; use https, or http only to a loopback host (127.0.0.0/8, ::1, localhost)`,
    );
  }
  if (route.boundary === "local" && !loopback) {
    report.warning(
      "route/boundary-host",
      "/boundary",
      `boundary is local, but the endpoint host '${url.hostname}' is not a loopback address; data leaving the machine needs a remote boundary`,
    );
  }
  const derived = /\/v1\/(process|health)\/?$/.exec(url.pathname);
  if (derived !== null) {
    report.error(
      "route/endpoint-path",
      "/endpoint",
      `the endpoint already ends in /v1/${derived[1]}; give the base URL, the routes /v1/process and /v1/health are derived from it`,
    );
  }
}
