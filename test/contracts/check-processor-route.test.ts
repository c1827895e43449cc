// Issue 6: the processor section of a route (spec: Processor route configuration; endpoint is a
// base URL, `/v1/process` and `/v1/health` are derived). Plain http only to loopback hosts.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { isLoopbackHost } from "../../compiler/contracts/checks/route/loopback.js";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { ProcessorRouteConfig } from "../../generated/types.js";
import { fromRoot } from "../helpers/paths.js";

const route = JSON.parse(readFileSync(fromRoot("test/fixtures/contracts/processor-route.json"), "utf8")) as ProcessorRouteConfig;
const codes = (patch: Partial<ProcessorRouteConfig>): string[] =>
  validateContract({ ...route, ...patch }, { contract: "processor-route" }).diagnostics.map((d) => `${d.severity} ${d.code}`);

describe("processor route checks (compiler/contracts/checks/check-processor-route.ts)", () => {
  it("loopback means localhost, 127.0.0.0/8 or ::1, as a URL parser reads the host (spec: plain http only locally)", () => {
    const host = (endpoint: string): boolean => isLoopbackHost(new URL(endpoint).hostname);
    for (const yes of [
      "http://localhost:1",
      "http://LOCALHOST:1",
      "http://127.0.0.1",
      "http://127.255.3.4:80",
      "http://127.1",
      "http://[::1]:8090",
      "http://[::ffff:127.0.0.1]",
    ])
      expect(host(yes), yes).to.equal(true);
    for (const no of ["http://128.0.0.1", "http://localhost.example.com", "http://127.0.0.1.nip.io", "http://[::2]", "http://0.0.0.0", "http://10.0.0.5"])
      expect(host(no), no).to.equal(false);
  });

  it("plain http to a non-loopback host is an error, https anywhere is not (spec: Processor route, endpoint)", () => {
    expect(codes({ endpoint: "http://10.0.0.5:8090", boundary: "remote" })).to.deep.equal(["error route/plaintext-endpoint"]);
    expect(codes({ endpoint: "https://10.0.0.5:8090", boundary: "remote" })).to.deep.equal([]);
    expect(codes({ endpoint: "http://localhost:8090" })).to.deep.equal([]);
  });

  it("only an endpoint that already ends in a derived route is refused (spec: routes are derived from the base URL)", () => {
    for (const path of ["/v1/process", "/v1/process/", "/base/v1/health"])
      expect(codes({ endpoint: `http://127.0.0.1:8090${path}` }), path).to.deep.equal(["error route/endpoint-path"]);
    for (const path of ["", "/", "/v1", "/v1/processor", "/forecast"]) expect(codes({ endpoint: `http://127.0.0.1:8090${path}` }), path).to.deep.equal([]);
  });

  it("connect_timeout_ms equal to request_timeout_ms is allowed, longer is not (spec: connect_timeout_ms, request_timeout_ms)", () => {
    expect(codes({ connect_timeout_ms: 25000 })).to.deep.equal([]);
    expect(codes({ connect_timeout_ms: 25001 })).to.deep.equal(["error route/timeouts"]);
  });
});
