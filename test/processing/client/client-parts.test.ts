// The processor client's small parts on their own: URL derivation from the endpoint, media types,
// Retry-After, and the classification of fetch failures by code (TLS and multi-address failures
// are hard to stage on loopback). Spec: Processor route configuration, Errors.
import { expect } from "chai";
import { createProcessorClient } from "../../../runtime/processing/client/index.js";
import { processorUrls } from "../../../runtime/processing/client/endpoint.js";
import { judgeMediaType } from "../../../runtime/processing/client/media-type.js";
import { parseRetryAfter } from "../../../runtime/processing/client/retry-after.js";
import { transportError } from "../../../runtime/processing/client/transport-errors.js";
import { DEADLINE, REQUEST, ROUTE, TOKEN, TOKEN_ENV, errorOf } from "./client-fixture.js";

const fetchFailed = (cause: unknown): TypeError => new TypeError("fetch failed", { cause });
const notTimedOut = { timedOut: false, timeoutMs: 1000, bound: "request_timeout_ms" } as const;

describe("processor client parts", () => {
  it("Processor route configuration: /v1/process and /v1/health are derived from the endpoint, keeping its path", () => {
    expect(processorUrls("http://127.0.0.1:8090")).to.deep.equal({ process: "http://127.0.0.1:8090/v1/process", health: "http://127.0.0.1:8090/v1/health" });
    expect(processorUrls("https://proc.example/forecast//").process).to.equal("https://proc.example/forecast/v1/process");
    expect(processorUrls("https://proc.example/a%20b").health).to.equal("https://proc.example/a%20b/v1/health");
  });

  it("Processor route configuration: an endpoint with credentials, a query, a fragment or another scheme is refused at creation", () => {
    for (const endpoint of ["http://user:pw@127.0.0.1:1", "http://127.0.0.1:1/?x=1", "http://127.0.0.1:1/#f", "ftp://127.0.0.1/", "not a url"]) {
      expect(() => createProcessorClient({ ...ROUTE, endpoint }, { env: {}, now: () => 0 }), endpoint).to.throw(TypeError);
    }
  });

  it("media types: the processor media type in version 1 and application/json are JSON; others are not", () => {
    expect(judgeMediaType("application/vnd.svc.data-processing+json;version=1")).to.equal("json");
    expect(judgeMediaType('Application/VND.svc.data-processing+JSON; Version="1"')).to.equal("json");
    expect(judgeMediaType("application/json")).to.equal("json");
    expect(judgeMediaType("application/vnd.svc.data-processing+json;version=2")).to.equal("other-version");
    expect(judgeMediaType("application/vnd.svc.data-processing+json")).to.equal("other-version");
    expect(judgeMediaType("application/json; charset=latin1")).to.equal("not-json");
    expect(judgeMediaType("text/json")).to.equal("not-json");
    expect(judgeMediaType(null)).to.equal("not-json");
  });

  it("Errors 429: Retry-After is delay-seconds or an IMF date, rounded up from now; anything else is ignored", () => {
    const now = Date.UTC(2026, 2, 1, 12, 0, 0, 250);
    expect(parseRetryAfter("5", now)).to.equal(5);
    expect(parseRetryAfter(" 0 ", now)).to.equal(0);
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:10 GMT", now)).to.equal(10);
    expect(parseRetryAfter("Sun, 01 Mar 2026 11:00:00 GMT", now)).to.equal(0);
    for (const bad of ["-1", "1.5", "soon", "2026-03-01T12:00:10Z", ""]) expect(parseRetryAfter(bad, now), bad).to.equal(undefined);
    expect(parseRetryAfter(null, now)).to.equal(undefined);
  });

  it("Errors: connect failures are PROCESSOR_UNREACHABLE, not sent; failures after sending may have run", () => {
    expect(transportError(fetchFailed(Object.assign(new Error("x"), { code: "ENOTFOUND" })), notTimedOut)).to.include({ code: "PROCESSOR_UNREACHABLE", sent: false });
    expect(transportError(fetchFailed(Object.assign(new Error("x"), { code: "UND_ERR_CONNECT_TIMEOUT" })), notTimedOut)).to.include({ code: "PROCESSOR_CONNECT_TIMEOUT", sent: false, retryable: true });
    const multi = new AggregateError([Object.assign(new Error("a"), { code: "ECONNREFUSED" })], "all failed");
    expect(transportError(fetchFailed(multi), notTimedOut)).to.include({ code: "PROCESSOR_UNREACHABLE", sent: false });
    expect(transportError(fetchFailed(Object.assign(new Error("x"), { code: "ECONNRESET" })), notTimedOut)).to.include({ code: "PROCESSOR_UNREACHABLE", sent: true });
    expect(transportError(new Error("anything"), notTimedOut)).to.include({ code: "PROCESSOR_UNREACHABLE", sent: true });
  });

  it("Errors: a TLS verification failure is PROCESSOR_TLS_FAILED and not retryable", () => {
    for (const code of ["DEPTH_ZERO_SELF_SIGNED_CERT", "CERT_HAS_EXPIRED", "ERR_TLS_CERT_ALTNAME_INVALID", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"]) {
      expect(transportError(fetchFailed(Object.assign(new Error("x"), { code })), notTimedOut), code).to.include({ code: "PROCESSOR_TLS_FAILED", category: "unavailable", retryable: false, sent: false });
    }
  });

  it("Errors: our own timeout wins over whatever the fetch failure says", () => {
    expect(transportError(new DOMException("x", "TimeoutError"), { timedOut: true, timeoutMs: 300, bound: "deadline" })).to.include({ code: "DEADLINE_EXCEEDED", category: "timeout" });
  });

  it("Authentication: a failure message that quotes the token or its header is never copied", async () => {
    const leaky: typeof fetch = async (_url, init) => {
      const header = new Headers(init?.headers).get("authorization");
      throw fetchFailed(Object.assign(new Error(`could not send ${header}`), { code: `X_${TOKEN.toUpperCase()}` }));
    };
    const client = createProcessorClient(ROUTE, { fetch: leaky, env: { [TOKEN_ENV]: TOKEN }, now: () => DEADLINE - 10_000 });
    const error = errorOf(await client.process(REQUEST));
    expect(error).to.include({ code: "PROCESSOR_UNREACHABLE" });
    expect(error.message.toLowerCase()).not.to.include(TOKEN.toLowerCase());
  });

  it("deps.fetch: the client uses the fetch it is given, with redirect 'error' and an abort signal", async () => {
    let seen: RequestInit | undefined;
    const fake: typeof fetch = async (_url, init) => {
      seen = init;
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const call = await createProcessorClient(ROUTE, { fetch: fake, env: { [TOKEN_ENV]: TOKEN }, now: () => DEADLINE - 10_000 }).process(REQUEST);
    expect(call).to.deep.equal({ kind: "result", body: { ok: true }, bytes: 11, status: 200 });
    expect(seen!.redirect).to.equal("error");
    expect(seen!.signal).to.be.instanceOf(AbortSignal);
    expect(seen!.method).to.equal("POST");
  });
});
