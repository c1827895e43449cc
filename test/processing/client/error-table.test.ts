// The spec's error table as the client maps it (spec: Errors; Authentication 4): every status with
// and without a valid svc.data-processing.error.v1 envelope, Retry-After and retry_after_seconds,
// 503 retryable only when marked, and envelopes that are not kept (another category, another
// request, an echoed token, an invalid body). Messages never carry the body or the token.
import { expect } from "chai";
import type { ProcessingErrorEnvelope } from "../../../generated/types.js";
import { clientFor, DEADLINE, envelope, errorOf, REQUEST, TOKEN } from "./client-fixture.js";
import { json, raw, startHostileProcessor, type HostileProcessor } from "./hostile-processor.js";

interface Row {
  status: number;
  category: ProcessingErrorEnvelope["category"];
  code: string;
  retryable: boolean;
  /** A spec example code for the envelope variant. */
  specCode: string;
}

const TABLE: Row[] = [
  { status: 400, category: "invalid_request", code: "PROCESSOR_REQUEST_INVALID", retryable: false, specCode: "SCHEMA_UNSUPPORTED" },
  { status: 401, category: "authorization", code: "PROCESSOR_AUTH_REQUIRED", retryable: false, specCode: "PROCESSOR_AUTH_REQUIRED" },
  { status: 403, category: "authorization", code: "PROCESSOR_AUTH_DENIED", retryable: false, specCode: "PROCESSOR_AUTH_DENIED" },
  { status: 404, category: "not_found", code: "PROCESSOR_NOT_FOUND", retryable: false, specCode: "MODEL_NOT_FOUND" },
  { status: 413, category: "resource_limit", code: "FRAME_TOO_LARGE", retryable: false, specCode: "FRAME_TOO_LARGE" },
  { status: 422, category: "invalid_data", code: "FRAME_INVALID", retryable: false, specCode: "QUALITY_REJECTED" },
  { status: 429, category: "capacity", code: "PROCESSOR_BUSY", retryable: true, specCode: "PROCESSOR_BUSY" },
  { status: 500, category: "internal", code: "PROCESSOR_INTERNAL", retryable: false, specCode: "PROCESSOR_INTERNAL" },
  { status: 503, category: "unavailable", code: "PROCESSOR_UNAVAILABLE", retryable: false, specCode: "MODEL_RUNTIME_UNAVAILABLE" },
  { status: 504, category: "timeout", code: "DEADLINE_EXCEEDED", retryable: true, specCode: "DEADLINE_EXCEEDED" },
];

describe("processor client: the error table (spec: Errors)", function () {
  this.timeout(5000);
  let processor: HostileProcessor;
  beforeEach(async () => {
    processor = await startHostileProcessor();
  });
  afterEach(() => processor.close());

  for (const row of TABLE) {
    it(`Errors ${row.status} ${row.category}: without an envelope the status maps to ${row.code}`, async () => {
      processor.answer(raw(row.status, "<html><body>Bad things happened</body></html>", { "content-type": "text/html" }));
      const error = errorOf(await clientFor(processor).process(REQUEST));
      expect(error).to.deep.equal({
        code: row.code,
        category: row.category,
        httpStatus: row.status,
        retryable: row.retryable,
        sent: true,
        message: `the processor answered ${row.status}: ${row.code} (${row.category}) (no error envelope)`,
      });
    });

    it(`Errors ${row.status} ${row.category}: a valid envelope gives its code (${row.specCode}) and is kept`, async () => {
      const body = envelope(row.category, row.specCode);
      processor.answer(json(row.status, body));
      const error = errorOf(await clientFor(processor).process(REQUEST));
      expect(error).to.deep.include({ code: row.specCode, category: row.category, httpStatus: row.status, retryable: body.retryable, processorError: body });
      expect(error.message).not.to.include(body.message);
    });
  }

  it("Errors 429: retry_after_seconds comes from the envelope before the Retry-After header", async () => {
    processor.answer(json(429, envelope("capacity", "PROCESSOR_BUSY", { retry_after_seconds: 7 }), { "retry-after": "30" }));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ category: "capacity", retryable: true, retryAfterSeconds: 7 });
  });

  it("Errors 429: without an envelope, Retry-After in seconds or as an HTTP date", async () => {
    processor.answer(raw(429, "", { "retry-after": "12" }));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "PROCESSOR_BUSY", retryable: true, retryAfterSeconds: 12 });
    const base = DEADLINE - 10_000;
    processor.answer(raw(429, "", { "retry-after": new Date(base + 20_000).toUTCString() }));
    // 19.5 s from now: rounded up, never early.
    expect(errorOf(await clientFor(processor, { now: () => base + 500 }).process(REQUEST))).to.include({ retryAfterSeconds: 20 });
    processor.answer(raw(429, "", { "retry-after": "soon" }));
    expect(errorOf(await clientFor(processor).process(REQUEST))).not.to.have.property("retryAfterSeconds");
  });

  it("Errors 503: retryable as marked (envelope retryable, or a Retry-After); a bare 503 is not", async () => {
    processor.answer(json(503, envelope("unavailable", "MODEL_RUNTIME_UNAVAILABLE", { retryable: true, retry_after_seconds: 3 })));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "MODEL_RUNTIME_UNAVAILABLE", retryable: true, retryAfterSeconds: 3 });
    processor.answer(json(503, envelope("unavailable", "MODEL_RUNTIME_UNAVAILABLE", { retryable: false })));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ retryable: false });
    processor.answer(raw(503, ""));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "PROCESSOR_UNAVAILABLE", retryable: false });
    processor.answer(raw(503, "", { "retry-after": "5" }));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ retryable: true, retryAfterSeconds: 5 });
  });

  it("Errors 401: PROCESSOR_AUTH_REQUIRED, not retryable, and the token sent is not named", async () => {
    processor.answer(json(401, envelope("authorization", "PROCESSOR_AUTH_REQUIRED", { request_id: null })));
    const error = errorOf(await clientFor(processor).process(REQUEST));
    expect(error).to.include({ code: "PROCESSOR_AUTH_REQUIRED", category: "authorization", httpStatus: 401, retryable: false });
    expect(processor.received[0]!.headers.authorization).to.equal(`Bearer ${TOKEN}`);
  });

  it("Errors: an envelope of another category than its status is not kept; the status decides", async () => {
    processor.answer(json(429, envelope("internal", "PROCESSOR_INTERNAL")));
    const error = errorOf(await clientFor(processor).process(REQUEST));
    expect(error).to.include({ code: "PROCESSOR_BUSY", category: "capacity", retryable: true });
    expect(error).not.to.have.property("processorError");
    expect(error.message).to.include("not a valid svc.data-processing.error.v1 envelope");
  });

  it("Errors: an envelope answering another request is not kept", async () => {
    processor.answer(json(422, envelope("invalid_data", "QUALITY_REJECTED", { request_id: "someone-else" })));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "FRAME_INVALID" }).and.not.to.have.property("processorError");
  });

  it("Errors: an envelope that breaks its own contract (a retryable 400, unknown members, another version) is not kept", async () => {
    for (const body of [
      envelope("invalid_request", "OPTION_UNKNOWN", { retryable: true }),
      { ...envelope("invalid_request", "OPTION_UNKNOWN"), vendor_command: "reboot" },
      { ...envelope("invalid_request", "OPTION_UNKNOWN"), schema: "svc.data-processing.error.v2" },
    ]) {
      processor.answer(json(400, body));
      const error = errorOf(await clientFor(processor).process(REQUEST));
      expect(error).to.include({ code: "PROCESSOR_REQUEST_INVALID", retryable: false }).and.not.to.have.property("processorError");
    }
  });

  it("Errors: an envelope that echoes the bearer token is not kept, and nothing returned names it", async () => {
    processor.answer((req, res) => {
      const echoed = envelope("authorization", "PROCESSOR_AUTH_DENIED", { message: `token ${String(req.headers.authorization).slice(7)} is not allowed`, details: { got: String(req.headers.authorization) } });
      res.writeHead(403, { "content-type": "application/json" }).end(JSON.stringify(echoed));
    });
    const error = errorOf(await clientFor(processor).process(REQUEST));
    expect(error).to.include({ code: "PROCESSOR_AUTH_DENIED", category: "authorization" }).and.not.to.have.property("processorError");
  });

  it("Errors: a JSON error body with duplicate keys or bad syntax is no envelope; the status decides", async () => {
    const text = JSON.stringify(envelope("capacity", "PROCESSOR_BUSY"));
    for (const body of [text.replace("{", '{"code":"X",'), text.slice(0, -1)]) {
      processor.answer(json(429, body));
      expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "PROCESSOR_BUSY" }).and.not.to.have.property("processorError");
    }
  });

  it("Errors: statuses outside the table map by class (other 4xx invalid_request, 502 unavailable, other 5xx internal)", async () => {
    for (const [status, category, code] of [
      [405, "invalid_request", "PROCESSOR_REQUEST_INVALID"],
      [415, "invalid_request", "PROCESSOR_REQUEST_INVALID"],
      [502, "unavailable", "PROCESSOR_UNAVAILABLE"],
      [501, "internal", "PROCESSOR_INTERNAL"],
      [300, "not_found", "PROCESSOR_REDIRECT_REFUSED"],
      [304, "not_found", "PROCESSOR_REDIRECT_REFUSED"],
    ] as const) {
      processor.answer(raw(status, ""));
      expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ httpStatus: status, category, code });
    }
  });

  it("Errors: a huge error body is not read past 64 KiB; the status still maps", async () => {
    processor.answer(json(500, { ...envelope("internal", "PROCESSOR_INTERNAL"), details: { pad: "x".repeat(100_000) } }));
    expect(errorOf(await clientFor(processor).process(REQUEST))).to.include({ code: "PROCESSOR_INTERNAL", httpStatus: 500 }).and.not.to.have.property("processorError");
  });
});
