// What the processor receives and what a good answer gives back (spec: Processor request,
// Processor-facing routes, Authentication 3; issue 7 item 3): POST {endpoint}/v1/process with the
// media type, the bearer token from the variable the route names (and none when it names none),
// the request JSON as the body; limits and the deadline refused before any connection.
import { expect } from "chai";
import { frameCells } from "../../../compiler/contracts/checks/request/descriptor.js";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import { createProcessorClient } from "../../../runtime/processing/client/index.js";
import { clientFor, DEADLINE, errorOf, expectNoToken, REQUEST, RESULT, RESULT_TEXT, ROUTE, TOKEN, TOKEN_ENV } from "./client-fixture.js";
import { json, MEDIA_TYPE, startHostileProcessor, type HostileProcessor } from "./hostile-processor.js";

describe("processor client: the request (issue 7 item 3)", function () {
  this.timeout(5000);
  let processor: HostileProcessor;
  beforeEach(async () => {
    processor = await startHostileProcessor();
    processor.answer(json(200, RESULT_TEXT));
  });
  afterEach(() => processor.close());

  it("Processor-facing routes: POSTs the request JSON to {endpoint}/v1/process with the processor media type", async () => {
    const call = await clientFor(processor).process(REQUEST);
    expect(call.kind).to.equal("result");
    expect(processor.received).to.have.length(1);
    const [received] = processor.received;
    expect(received!.method).to.equal("POST");
    expect(received!.url).to.equal("/v1/process");
    expect(received!.headers["content-type"]).to.equal(MEDIA_TYPE);
    expect(received!.headers.accept).to.equal(MEDIA_TYPE);
    expect(JSON.parse(received!.body)).to.deep.equal(REQUEST);
    expect(received!.body).to.equal(JSON.stringify(REQUEST));
    expect(received!.headers["content-length"]).to.equal(String(Buffer.byteLength(received!.body)));
  });

  it("Authentication 3: sends the bearer token from the variable bearer_token_env names", async () => {
    await clientFor(processor).process(REQUEST);
    expect(processor.received[0]!.headers.authorization).to.equal(`Bearer ${TOKEN}`);
  });

  it("Authentication 3: sends no Authorization header when the route names no token variable", async () => {
    const { bearer_token_env: _unused, ...route } = ROUTE;
    const client = createProcessorClient({ ...route, endpoint: processor.endpoint }, { env: { [TOKEN_ENV]: TOKEN }, now: () => DEADLINE - 10_000 });
    expect((await client.process(REQUEST)).kind).to.equal("result");
    expect(processor.received[0]!.headers).not.to.have.property("authorization");
  });

  for (const [name, env] of [
    ["unset", {}],
    ["empty", { [TOKEN_ENV]: "" }],
  ] as const) {
    it(`Authentication 3: a token variable that is ${name} is PROCESSOR_TOKEN_MISSING before any connection`, async () => {
      const error = errorOf(await clientFor(processor, { env }).process(REQUEST));
      expect(error).to.include({ code: "PROCESSOR_TOKEN_MISSING", category: "authorization", retryable: false, sent: false });
      expect(error.message).to.include(TOKEN_ENV);
      expect(processor.connections()).to.equal(0);
    });
  }

  it("Authentication 3: a token that cannot be a header value is PROCESSOR_TOKEN_INVALID, and never named", async () => {
    const bad = `${TOKEN}\r\nx-injected: 1`;
    const call = await clientFor(processor, { env: { [TOKEN_ENV]: bad } }).process(REQUEST);
    expect(errorOf(call)).to.include({ code: "PROCESSOR_TOKEN_INVALID", category: "authorization", sent: false });
    expect(processor.connections()).to.equal(0);
  });

  it("endpoint only from configuration: a base path is kept, with or without a trailing slash", async () => {
    await clientFor(processor, { route: { endpoint: `${processor.endpoint}/forecast/` } }).process(REQUEST);
    await clientFor(processor, { route: { endpoint: `${processor.endpoint}/forecast` } }).process(REQUEST);
    expect(processor.received.map((r) => r.url)).to.deep.equal(["/forecast/v1/process", "/forecast/v1/process"]);
  });

  it("Result envelope: a 2xx JSON body is returned as data, with its size, for the caller to validate", async () => {
    const call = await clientFor(processor).process(REQUEST);
    if (call.kind !== "result") expect.fail(call.error.message);
    expect(call.body).to.deep.equal(RESULT);
    expect(call).to.include({ status: 200, bytes: Buffer.byteLength(RESULT_TEXT) });
    expect(validateContract(call.body, { request: REQUEST }).diagnostics.filter((d) => d.severity === "error")).to.deep.equal([]);
    expectNoToken(call);
  });

  it("media type: plain application/json and a charset parameter are read as well", async () => {
    processor.answer(json(200, RESULT_TEXT, { "content-type": "application/json; charset=utf-8" }));
    expect((await clientFor(processor).process(REQUEST)).kind).to.equal("result");
    processor.answer(json(200, RESULT_TEXT, { "content-type": "application/vnd.svc.data-processing+json; version=1; charset=UTF-8" }));
    expect((await clientFor(processor).process(REQUEST)).kind).to.equal("result");
  });

  it("Limits: max_request_bytes is checked on the serialised body before any connection (FRAME_TOO_LARGE)", async () => {
    const size = Buffer.byteLength(JSON.stringify(REQUEST));
    const error = errorOf(await clientFor(processor, { route: { max_request_bytes: size - 1 } }).process(REQUEST));
    expect(error).to.deep.include({ code: "FRAME_TOO_LARGE", category: "resource_limit", retryable: false, sent: false, limit: { name: "max_request_bytes", max: size - 1, actual: size } });
    expect(error).not.to.have.property("httpStatus");
    expect(processor.connections()).to.equal(0);
    expect((await clientFor(processor, { route: { max_request_bytes: size } }).process(REQUEST)).kind).to.equal("result");
  });

  it("Limits: max_frame_cells (timestamps x features over all segments) is checked before any connection", async () => {
    const cells = frameCells(REQUEST);
    const error = errorOf(await clientFor(processor, { route: { max_frame_cells: cells - 1 } }).process(REQUEST));
    expect(error).to.deep.include({ code: "FRAME_TOO_LARGE", category: "resource_limit", sent: false, limit: { name: "max_frame_cells", max: cells - 1, actual: cells } });
    expect(processor.connections()).to.equal(0);
    expect((await clientFor(processor, { route: { max_frame_cells: cells } }).process(REQUEST)).kind).to.equal("result");
  });

  it("Processor request deadline: a deadline already passed is DEADLINE_EXCEEDED before any connection", async () => {
    for (const now of [DEADLINE, DEADLINE + 1]) {
      const error = errorOf(await clientFor(processor, { now: () => now }).process(REQUEST));
      expect(error).to.include({ code: "DEADLINE_EXCEEDED", category: "timeout", retryable: true, sent: false });
    }
    expect(processor.connections()).to.equal(0);
  });

  it("Processor request deadline: a result that completes after the deadline is not returned", async () => {
    // The clock passes the deadline once the processor has the request.
    const now = (): number => (processor.received.length === 0 ? DEADLINE - 5_000 : DEADLINE + 1);
    const error = errorOf(await clientFor(processor, { now }).process(REQUEST));
    expect(error).to.include({ code: "DEADLINE_EXCEEDED", category: "timeout", httpStatus: 200, sent: true });
  });

  it("Processor-facing routes: health GETs {endpoint}/v1/health with the token and returns the body", async () => {
    const health = { status: "ok", processor: { id: "reference-forecast" } };
    processor.answer(json(200, health, { "content-type": "application/json" }));
    const call = await clientFor(processor, { route: { endpoint: `${processor.endpoint}/p` } }).health();
    expect(call).to.deep.equal({ kind: "health", body: health, bytes: JSON.stringify(health).length, status: 200 });
    const [received] = processor.received;
    expect(received).to.deep.include({ method: "GET", url: "/p/v1/health", body: "" });
    expect(received!.headers.authorization).to.equal(`Bearer ${TOKEN}`);
  });

  it("Errors: an unhealthy processor's 503 is a typed error; a missing token fails health the same way", async () => {
    processor.answer(json(503, "", { "retry-after": "2" }));
    expect(errorOf(await clientFor(processor).health())).to.include({ code: "PROCESSOR_UNAVAILABLE", category: "unavailable", httpStatus: 503, retryable: true, retryAfterSeconds: 2 });
    const before = processor.connections();
    expect(errorOf(await clientFor(processor, { env: {} }).health())).to.include({ code: "PROCESSOR_TOKEN_MISSING" });
    expect(processor.connections()).to.equal(before);
  });
});
