// How a processing call answers (runtime/http/routes/processing-answer.ts; docs/api.md "Data
// processing"), and who may call (spec: Authentication 1-2). The HTTP tests prove the same over
// the wire; these pin every branch of the mapping.
import { expect } from "chai";
import { ROLE_PERMISSIONS } from "../../../runtime/auth/identity.js";
import { ServiceError, statusOf } from "../../../runtime/errors.js";
import { answerOf, processorErrorCode } from "../../../runtime/http/routes/processing-answer.js";
import type { ErrorCategory } from "../../../runtime/processing/client/index.js";
import type { ProcessOutcome, RefusalCode } from "../../../runtime/processing/run/process-outcome.js";

const noHeader = () => expect.fail("no header expected");

function thrown(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(ServiceError);
    return error as ServiceError;
  }
  return expect.fail("expected a ServiceError");
}

describe("data-processing answers and permissions (issue 7 item 6)", () => {
  it("Authentication 1-2: Viewer, Engineer and Admin may read; only Engineer and Admin may run", () => {
    const can = (permission: "data_processing.read" | "data_processing.run") => Object.entries(ROLE_PERMISSIONS).filter(([, p]) => p.includes(permission)).map(([role]) => role).sort();
    expect(can("data_processing.read")).to.deep.equal(["Admin", "Engineer", "Viewer"]);
    expect(can("data_processing.run")).to.deep.equal(["Admin", "Engineer"]);
  });

  it("each refusal answers under its own code and status: 404 unknown, 409 mismatched or disabled, 400 options and as_of, 422 the data", () => {
    const expected: Record<RefusalCode, number> = {
      TASK_NOT_FOUND: 404,
      BINDING_NOT_FOUND: 404,
      TASK_REVISION_MISMATCH: 409,
      BINDING_REVISION_MISMATCH: 409,
      BINDING_DISABLED: 409,
      OPTIONS_INVALID: 400,
      AS_OF_IN_FUTURE: 400,
      QUALITY_REJECTED: 422,
      FRAME_INVALID: 422,
    };
    for (const [code, status] of Object.entries(expected) as Array<[RefusalCode, number]>) {
      const error = thrown(() => answerOf({ kind: "refused", code, message: "m", diagnostics: [] }, "r", noHeader));
      expect([error.code, error.status, error.expose], code).to.deep.equal([code, status, true]);
    }
  });

  it("a failed processor call answers by category: 504 timeout, 503 capacity and unavailable, 502 anything else", () => {
    const categories: Record<ErrorCategory, string> = {
      timeout: "DEADLINE_EXCEEDED",
      capacity: "PROCESSOR_BUSY",
      unavailable: "PROCESSOR_UNAVAILABLE",
      invalid_request: "PROCESSOR_FAILED",
      authorization: "PROCESSOR_FAILED",
      not_found: "PROCESSOR_FAILED",
      resource_limit: "PROCESSOR_FAILED",
      invalid_data: "PROCESSOR_FAILED",
      internal: "PROCESSOR_FAILED",
    };
    const statuses = Object.entries(categories).map(([category, code]) => {
      expect(processorErrorCode({ category: category as ErrorCategory }), category).to.equal(code);
      return [category, statusOf(code as Parameters<typeof statusOf>[0])];
    });
    expect(Object.fromEntries(statuses)).to.include({ timeout: 504, capacity: 503, unavailable: 503, authorization: 502 });
  });

  it("Retry-After is set exactly when the processor said when; the processor's code is named, the token never", () => {
    const headers: Array<[string, string]> = [];
    const outcome = {
      kind: "processor-error",
      request: {},
      error: { code: "PROCESSOR_BUSY", category: "capacity", httpStatus: 429, retryable: true, retryAfterSeconds: 7, message: "x", sent: true },
    } as unknown as ProcessOutcome;
    const error = thrown(() => answerOf(outcome, "r", (name, value) => headers.push([name, value])));
    expect(headers).to.deep.equal([["Retry-After", "7"]]);
    expect([error.code, error.status]).to.deep.equal(["PROCESSOR_BUSY", 503]);
    expect(error.message).to.include("PROCESSOR_BUSY").and.include("429");
  });
});
