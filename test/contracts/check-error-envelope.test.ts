// Issue 6: the error envelope (spec: Errors table; Error envelope: messages and details never
// expose credentials, model filesystem paths, SQL, stack traces).
import { expect } from "chai";
import { leakIn } from "../../compiler/contracts/checks/error/leak-patterns.js";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { ProcessingErrorEnvelope } from "../../generated/types.js";

type Category = ProcessingErrorEnvelope["category"];
const CATEGORIES: Category[] = [
  "invalid_request",
  "authorization",
  "not_found",
  "resource_limit",
  "invalid_data",
  "capacity",
  "internal",
  "unavailable",
  "timeout",
];

const envelope = (category: Category, extra: Partial<ProcessingErrorEnvelope> = {}): ProcessingErrorEnvelope => ({
  schema: "svc.data-processing.error.v1",
  request_id: "req-1",
  code: "SOME_CODE",
  category,
  message: "something went wrong",
  retryable: false,
  ...extra,
});
const codes = (error: ProcessingErrorEnvelope): string[] => validateContract(error).diagnostics.map((d) => d.code);

describe("error envelope checks (compiler/contracts/checks/check-error-envelope.ts)", () => {
  it("retryable is refused exactly for the five never-retryable categories (spec: Errors, Retry column)", () => {
    const never = CATEGORIES.filter((category) => codes(envelope(category, { retryable: true })).includes("error/retryable-category"));
    expect(never).to.deep.equal(["invalid_request", "authorization", "not_found", "resource_limit", "invalid_data"]);
  });

  it("retry_after_seconds is allowed exactly for capacity, unavailable and timeout (spec: 429 honor retry_after_seconds; 503, 504)", () => {
    const allowed = CATEGORIES.filter((category) => !codes(envelope(category, { retry_after_seconds: 5 })).includes("error/retry-after-category"));
    expect(allowed).to.deep.equal(["capacity", "unavailable", "timeout"]);
  });

  it("request_id may be null unless the error needed the request's body (not_found, invalid_data) (spec: Error envelope, request_id)", () => {
    const refused = CATEGORIES.filter((category) => codes(envelope(category, { request_id: null })).includes("error/request-id-missing"));
    expect(refused).to.deep.equal(["not_found", "invalid_data"]);
  });

  it("the leak heuristic flags stack traces, absolute paths, SQL and credentials (spec: never expose credentials, paths, SQL, stack traces)", () => {
    const leaks = [
      "Error: boom\n    at run (/srv/app/model.py:3)",
      "cannot open /home/svc/models/a.onnx",
      "see /var/lib/processor/state",
      "loaded /usr/local/share/model.bin",
      "config /etc/processor.yaml",
      "scratch /tmp/frame-1.json",
      "model at C:\\models\\a.onnx",
      "SELECT value FROM history WHERE id = 1",
      "select * from points",
      "INSERT INTO audit VALUES (1)",
      "Authorization: Bearer abc.def.ghi",
      "login failed for password=hunter2",
      "client_secret: 3f9a",
      "cannot reach postgres://svc:pw@db.internal/history",
      "https://store.example/x?token=abc",
      "-----BEGIN PRIVATE KEY-----",
    ];
    for (const text of leaks) expect(leakIn(text), text).to.be.a("string");
  });

  it("ordinary messages are not flagged (spec: messages are for people)", () => {
    const fine = [
      "the processor is running its maximum number of requests",
      "select an artifact from the descriptor",
      "Select one from the list of models",
      "secret_mode is not supported",
      "the password was rejected",
      "the bearer token was refused",
      "POST /v1/process took longer than the deadline",
      "history feature 'site_load' has 3 missing cells at 2026-03-01T11:45:00Z",
      "FRAME_TOO_LARGE: 250000 cells, limit 200000",
    ];
    for (const text of fine) expect(leakIn(text), text).to.equal(undefined);
  });

  it("a leak is reported at its detail, without repeating the leaked text (spec: diagnostics are logged too)", () => {
    const secret = "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln";
    const { diagnostics } = validateContract(envelope("authorization", { details: { rule: "auth", header: secret } }));
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).to.deep.equal(["error/leaks-internals /details/header"]);
    expect(diagnostics[0]!.message).not.to.contain("eyJ");
  });
});
