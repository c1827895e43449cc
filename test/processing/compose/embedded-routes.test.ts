// Which routes the embedded reference processor serves (runtime/processing/compose/
// embedded-routes.ts): the reference processor at its default address, plain http to a loopback
// host on port 8090 without a base path; anything else keeps its configured endpoint. Spec:
// Processor route configuration (endpoint); issue 7 item 5.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import type { ProcessorRoute } from "../../../generated/types.js";
import { loadProcessingPack } from "../../../runtime/processing/binding/index.js";
import { routeTarget, withEndpoint } from "../../../runtime/processing/compose/index.js";
import { fromRoot } from "../../helpers/paths.js";

const DEMO_ROUTE = "routes/reference-forecast.yaml";
const loaded = loadProcessingPack([{ file: DEMO_ROUTE, text: readFileSync(fromRoot("examples/packs/demo", DEMO_ROUTE), "utf8") }]);
if (!loaded.ok) throw new Error("the demo route does not load");
const SAMPLE: ProcessorRoute = loaded.pack.routes[0]!.document;

function route(endpoint: string, processor: Partial<ProcessorRoute["processor"]> = {}): ProcessorRoute {
  return { ...SAMPLE, id: "r", processor: { ...SAMPLE.processor, id: "reference-forecast", contract: "svc.data-processing.forecast.v1", endpoint, ...processor } };
}

describe("routes served by the embedded reference processor", () => {
  it("serves the demo route as written", () => {
    expect(routeTarget(SAMPLE)).to.deep.equal({ kind: "embedded" });
  });

  it("serves the reference processor at a loopback host on port 8090 without a base path", () => {
    for (const endpoint of ["http://127.0.0.1:8090", "http://127.0.0.1:8090/", "http://localhost:8090", "http://[::1]:8090", "http://127.0.0.2:8090"]) {
      expect(routeTarget(route(endpoint)), endpoint).to.deep.equal({ kind: "embedded" });
    }
  });

  it("leaves every other endpoint to its configuration", () => {
    for (const endpoint of ["http://127.0.0.1:8091", "http://127.0.0.1", "https://127.0.0.1:8090", "http://127.0.0.1:8090/forecast", "http://10.0.0.5:8090", "http://processor.example:8090"]) {
      expect(routeTarget(route(endpoint)), endpoint).to.deep.equal({ kind: "external" });
    }
  });

  it("another processor at the default address is not served, with a note naming the route and both processors", () => {
    const target = routeTarget(route("http://127.0.0.1:8090", { id: "my-model" }));
    expect(target.kind).to.equal("external");
    expect(target.kind === "external" ? target.note : undefined).to.contain("route r").and.contain("'my-model'").and.contain("'reference-forecast'");
  });

  it("withEndpoint changes only the endpoint and leaves the route as it was", () => {
    const original = route("http://127.0.0.1:8090");
    const copy = structuredClone(original);
    const moved = withEndpoint(original, "http://127.0.0.1:40123");
    expect(moved).to.deep.equal({ ...copy, processor: { ...copy.processor, endpoint: "http://127.0.0.1:40123" } });
    expect(original).to.deep.equal(copy);
  });
});
