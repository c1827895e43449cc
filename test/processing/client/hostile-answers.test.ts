// A hostile processor (issue 7 item 7; PITFALLS: Outbound HTTP): redirects are never followed,
// the deadline and request_timeout_ms are never waited past, a body over max_response_bytes is
// cut off however it is sent, and a 2xx that is not strict JSON in a JSON media type, or that
// stops half-way, is a typed error. Every test is bounded well below the slow answers it meets.
import { expect } from "chai";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { createProcessorClient } from "../../../runtime/processing/client/index.js";
import { clientFor, DEADLINE, errorOf, REQUEST, RESULT_TEXT, ROUTE, TOKEN, TOKEN_ENV, timed } from "./client-fixture.js";
import { endlessJson, hangUp, hangUpMidBody, json, raw, slow, startHostileProcessor, trickle, type HostileProcessor } from "./hostile-processor.js";

const SLOW_MS = 10_000;

describe("processor client: hostile answers (issue 7 items 3 and 7)", function () {
  this.timeout(5000);
  let processor: HostileProcessor;
  beforeEach(async () => {
    processor = await startHostileProcessor();
  });
  afterEach(() => processor.close());

  for (const status of [301, 302, 303, 307, 308]) {
    it(`PITFALLS outbound HTTP: a ${status} redirect to another path is not followed (PROCESSOR_REDIRECT_REFUSED)`, async () => {
      processor.answer((req, res) => {
        if (req.url === "/v1/process") res.writeHead(status, { location: "/elsewhere/v1/process" }).end();
        else res.writeHead(200, { "content-type": "application/json" }).end(RESULT_TEXT);
      });
      const error = errorOf(await clientFor(processor).process(REQUEST));
      expect(error).to.include({ code: "PROCESSOR_REDIRECT_REFUSED", category: "not_found", retryable: false });
      expect(processor.received.map((r) => r.url)).to.deep.equal(["/v1/process"]);
    });
  }

  it("Processor request deadline: a slow processor is abandoned at the deadline with DEADLINE_EXCEEDED", async () => {
    processor.answer(slow(SLOW_MS, json(200, RESULT_TEXT)));
    const { value, ms } = await timed(() => clientFor(processor, { now: () => DEADLINE - 300 }).process(REQUEST));
    const error = errorOf(value);
    expect(error).to.include({ code: "DEADLINE_EXCEEDED", category: "timeout", retryable: true, sent: true });
    expect(error.message).to.include("deadline").and.include("300 ms");
    expect(ms).to.be.within(250, 2000);
  });

  it("Limits: request_timeout_ms bounds the exchange when it is shorter than the time left", async () => {
    processor.answer(slow(SLOW_MS, json(200, RESULT_TEXT)));
    const { value, ms } = await timed(() => clientFor(processor, { route: { request_timeout_ms: 200 } }).process(REQUEST));
    const error = errorOf(value);
    expect(error).to.include({ code: "DEADLINE_EXCEEDED", category: "timeout" });
    expect(error.message).to.include("request_timeout_ms");
    expect(ms).to.be.within(150, 2000);
  });

  it("Processor request deadline: a body that trickles past the deadline is abandoned too", async () => {
    processor.answer(trickle(50));
    const { value, ms } = await timed(() => clientFor(processor, { now: () => DEADLINE - 400 }).process(REQUEST));
    expect(errorOf(value)).to.include({ code: "DEADLINE_EXCEEDED", httpStatus: 200 });
    expect(ms).to.be.within(350, 2000);
    await until(() => processor.abandoned() === 1);
  });

  it("Processor request deadline: a slow health check is bounded by request_timeout_ms", async () => {
    processor.answer(slow(SLOW_MS, json(200, {})));
    const { value, ms } = await timed(() => clientFor(processor, { route: { request_timeout_ms: 200 } }).health());
    expect(errorOf(value)).to.include({ code: "DEADLINE_EXCEEDED" });
    expect(ms).to.be.lessThan(2000);
  });

  it("Limits: a chunked body over max_response_bytes (no Content-Length) is cut off (RESPONSE_TOO_LARGE)", async () => {
    processor.answer(endlessJson(64 * 1024 * 1024));
    const { value, ms } = await timed(() => clientFor(processor, { route: { max_response_bytes: 100_000 } }).process(REQUEST));
    const error = errorOf(value);
    expect(error).to.deep.include({ code: "RESPONSE_TOO_LARGE", category: "resource_limit", httpStatus: 200, retryable: false });
    expect(error.limit!.name).to.equal("max_response_bytes");
    expect(error.limit!.actual).to.be.within(100_001, 100_000 + 64 * 1024);
    expect(ms).to.be.lessThan(2000);
    await until(() => processor.abandoned() === 1);
  });

  it("Limits: a declared Content-Length over max_response_bytes is refused without reading", async () => {
    const big = "x".repeat(5000);
    processor.answer(raw(200, `"${big}"`, { "content-type": "application/json" }));
    const error = errorOf(await clientFor(processor, { route: { max_response_bytes: 1000 } }).process(REQUEST));
    expect(error).to.deep.include({ code: "RESPONSE_TOO_LARGE", limit: { name: "max_response_bytes", max: 1000, actual: 5002 } });
  });

  it("Limits: a body of exactly max_response_bytes is read", async () => {
    processor.answer(json(200, RESULT_TEXT));
    const call = await clientFor(processor, { route: { max_response_bytes: Buffer.byteLength(RESULT_TEXT) } }).process(REQUEST);
    expect(call.kind).to.equal("result");
  });

  for (const [what, contentType] of [
    ["text/html", "text/html; charset=utf-8"],
    ["text/plain", "text/plain"],
    ["another version of the media type", "application/vnd.svc.data-processing+json;version=2"],
    ["the media type without its version", "application/vnd.svc.data-processing+json"],
    ["JSON in another charset", "application/json; charset=iso-8859-1"],
  ] as const) {
    it(`Validation order 1 (media type): a 2xx in ${what} is RESULT_MALFORMED`, async () => {
      processor.answer(raw(200, RESULT_TEXT, { "content-type": contentType }));
      const error = errorOf(await clientFor(processor).process(REQUEST));
      expect(error).to.include({ code: "RESULT_MALFORMED", category: "invalid_data", httpStatus: 200, retryable: false });
    });
  }

  it("Validation order 1 (media type): a 2xx without a Content-Type is RESULT_MALFORMED", async () => {
    processor.answer((_req, res) => {
      res.removeHeader("content-type");
      res.writeHead(200).end(RESULT_TEXT);
    });
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "RESULT_MALFORMED" });
  });

  for (const [what, body] of [
    ["invalid JSON", RESULT_TEXT.slice(0, -2)],
    ["duplicate keys", RESULT_TEXT.replace('"status": "produced"', '"status": "unavailable", "status": "produced"')],
    ["an empty body", ""],
    ["invalid UTF-8", Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])],
  ] as const) {
    it(`Validation order 1 (JSON syntax): a 2xx with ${what} is RESULT_MALFORMED, with no body text in the message`, async () => {
      expect(body.length === 0 || Buffer.from(body).toString() !== RESULT_TEXT).to.equal(true);
      processor.answer(raw(200, body, { "content-type": "application/vnd.svc.data-processing+json;version=1" }));
      const error = errorOf(await clientFor(processor).process(REQUEST));
      expect(error).to.include({ code: "RESULT_MALFORMED", category: "invalid_data", httpStatus: 200 });
      expect(error.message).not.to.include("produced").and.not.to.include("svc.data-processing");
    });
  }

  it("Errors: a connection closed without an answer is PROCESSOR_UNREACHABLE (retryable, may have run)", async () => {
    processor.answer(hangUp());
    const error = errorOf(await clientFor(processor).process(REQUEST));
    expect(error).to.include({ code: "PROCESSOR_UNREACHABLE", category: "unavailable", retryable: true, sent: true });
    expect(error).not.to.have.property("httpStatus");
  });

  it("Errors: a connection closed half-way through a 2xx body is PROCESSOR_CONNECTION_LOST", async () => {
    processor.answer(hangUpMidBody());
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "PROCESSOR_CONNECTION_LOST", category: "unavailable", httpStatus: 200, retryable: true });
  });

  it("Errors: a refused connection is PROCESSOR_UNREACHABLE, not sent", async () => {
    const port = await freePort();
    const client = createProcessorClient({ ...ROUTE, endpoint: `http://127.0.0.1:${port}` }, { env: { [TOKEN_ENV]: TOKEN }, now: () => DEADLINE - 10_000 });
    const error = errorOf(await client.process(REQUEST));
    expect(error).to.include({ code: "PROCESSOR_UNREACHABLE", category: "unavailable", retryable: true, sent: false });
    expect(error.message).to.include("ECONNREFUSED");
    expect(errorOf(await client.health())).to.include({ code: "PROCESSOR_UNREACHABLE" });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits (at most 1 s) for the server to notice what the client did. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).to.equal(true);
}
