// Issue 16.16: a discovery entry names the artifact the route's processor runs for the binding,
// with its version and digest, from the processor's descriptor (its /v1/health); without a
// descriptor, the binding's selector as configured, or null.
import { expect } from "chai";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import type { ArtifactIdentity, ForecastProcessorContract } from "../../../generated/types.js";
import { createProcessorDescriptors, DESCRIPTOR_FRESH_MS, DESCRIPTOR_RETRY_MS, toDiscoveryEntry } from "../../../runtime/processing/discovery/index.js";
import { descriptorOf } from "../../../runtime/processing/health/index.js";
import { DEFAULT_LIMITS, MODEL_ARTIFACT, processorDescriptor } from "../../../runtime/processor/descriptor.js";
import { demoPack } from "../../helpers/demo-processing.js";

const OTHER: ArtifactIdentity = { kind: "model", family: "gradient-boosting", version: "2.1.0", artifact_digest: `sha256:${"ab".repeat(32)}` };

/** The descriptor of the demo route's processor, advertising `artifacts`. */
function descriptorWith(artifacts: ArtifactIdentity[]): ForecastProcessorContract {
  const [load] = demoPack().commissioned;
  const descriptor = processorDescriptor(load!.route.processor.id, load!.route.processor.version, { ...DEFAULT_LIMITS });
  return { ...descriptor, artifacts };
}

describe("discovery entry: artifact (issue 16.16)", () => {
  it("issue 16.16: a binding without a selector on a processor with one model names that model, version and digest", () => {
    const [load] = demoPack().commissioned;
    const entry = toDiscoveryEntry(load!, descriptorWith([{ ...MODEL_ARTIFACT }]));
    expect(entry.artifact).to.deep.equal({ kind: "model", family: "seasonal-naive", version: MODEL_ARTIFACT.version, digest: MODEL_ARTIFACT.artifact_digest });
    expect(validateContract(entry, { contract: "task-discovery-entry", task: load!.task }).diagnostics).to.deep.equal([]);
  });

  it("issue 16.16: a binding's selector picks the advertised artifact it matches, completed with version and digest", () => {
    const [load] = demoPack((c) => ({ ...c, binding: { ...c.binding, artifact: { kind: "model", family: "gradient-boosting" } } })).commissioned;
    const entry = toDiscoveryEntry(load!, descriptorWith([{ ...MODEL_ARTIFACT }, OTHER]));
    expect(entry.artifact).to.deep.equal({ kind: "model", family: "gradient-boosting", version: "2.1.0", digest: OTHER.artifact_digest });
  });

  it("issue 16.16: without a descriptor, or when it cannot say which artifact runs, the entry keeps the binding's selector (or null)", () => {
    const [plain] = demoPack().commissioned;
    expect(toDiscoveryEntry(plain!).artifact).to.equal(null);
    expect(toDiscoveryEntry(plain!, descriptorWith([{ ...MODEL_ARTIFACT }, OTHER])).artifact).to.equal(null);
    const [selected] = demoPack((c) => ({ ...c, binding: { ...c.binding, artifact: { kind: "model", family: "prophet" } } })).commissioned;
    expect(toDiscoveryEntry(selected!, descriptorWith([{ ...MODEL_ARTIFACT }])).artifact).to.deep.equal({ kind: "model", family: "prophet", version: null, digest: null });
  });
});

describe("processor descriptors for discovery (issue 16.16)", () => {
  const [load] = demoPack().commissioned;
  const route = load!.route;
  const health = (descriptor: unknown) => ({ kind: "health" as const, body: { status: "ok", descriptor }, bytes: 1, status: 200 });

  it("issue 16.16: a health answer's descriptor is used only when valid and for the processor id, version and contract the route names", () => {
    const own = descriptorWith([{ ...MODEL_ARTIFACT }]);
    expect(descriptorOf(health(own), route)).to.deep.equal(own);
    expect(descriptorOf(health({ ...own, processor: { ...own.processor, version: "9.9.9" } }), route)).to.equal(undefined);
    expect(descriptorOf(health({ ...own, artifacts: "all of them" }), route)).to.equal(undefined);
    expect(descriptorOf({ kind: "health", body: { status: "ok" }, bytes: 1, status: 200 }, route)).to.equal(undefined);
  });

  it("issue 16.16: a route is checked when never checked, a minute after a descriptor, 10 s after a failure; a known descriptor stays until replaced", () => {
    const book = createProcessorDescriptors();
    const own = descriptorWith([{ ...MODEL_ARTIFACT }]);
    expect(book.due([route], 0)).to.deep.equal([route]);
    book.record([{ route: route.id, descriptor: own }], 0);
    expect(book.due([route], DESCRIPTOR_FRESH_MS - 1)).to.deep.equal([]);
    expect(book.due([route], DESCRIPTOR_FRESH_MS)).to.deep.equal([route]);
    book.record([{ route: route.id, descriptor: undefined }], DESCRIPTOR_FRESH_MS);
    expect(book.known().get(route.id)).to.deep.equal(own);
    expect(book.due([route], DESCRIPTOR_FRESH_MS + DESCRIPTOR_RETRY_MS - 1)).to.deep.equal([]);
    expect(book.due([route], DESCRIPTOR_FRESH_MS + DESCRIPTOR_RETRY_MS)).to.deep.equal([route]);
  });
});
