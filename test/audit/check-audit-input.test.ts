// The store refuses a malformed audit event before hashing it, naming the field.
import { expect } from "chai";
import type { AuditEventInput } from "../../runtime/audit/audit-event.js";
import { checkAuditEventInput, InvalidAuditEventError, toEpochMs } from "../../runtime/audit/check-audit-input.js";
import { auditInput } from "./fixtures.js";

function failureOf(input: unknown): string {
  try {
    checkAuditEventInput(input as AuditEventInput);
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidAuditEventError);
    return (error as Error).message;
  }
  throw new Error("expected the input to be refused");
}

describe("checkAuditEventInput", () => {
  it("returns a copy with only the contract's fields; traceId only when given", () => {
    const input = { ...auditInput(), traceId: undefined, extra: "dropped" } as AuditEventInput;
    const checked = checkAuditEventInput(input);
    expect(checked).to.deep.equal(auditInput());
    expect(Object.keys(checked)).not.to.include.members(["traceId", "extra"]);
    expect(checkAuditEventInput(auditInput({ traceId: "t" })).traceId).to.equal("t");
    expect(checkAuditEventInput(auditInput({ resource: { kind: "scheduler", id: null } })).resource).to.deep.equal({ kind: "scheduler", id: null });
  });

  it("names the field and the value that is wrong", () => {
    expect(failureOf({ ...auditInput(), tenantId: "" })).to.equal('audit event: tenantId must be a non-empty string, got ""');
    expect(failureOf({ ...auditInput(), subject: { id: "alice" } })).to.equal("audit event: subject.role must be a non-empty string, got undefined");
    expect(failureOf({ ...auditInput(), resource: "rule" })).to.contain("audit event: resource must be an object");
    expect(failureOf({ ...auditInput(), outcome: "maybe" })).to.equal('audit event: outcome must be one of allowed, denied, invalid, got "maybe"');
    expect(failureOf({ ...auditInput(), correlationId: "\ud800" })).to.contain("correlationId must be well-formed Unicode");
    expect(failureOf({ ...auditInput(), traceId: 7 })).to.contain("traceId must be a non-empty string, got 7");
    expect(failureOf(null)).to.contain("the event must be an object");
  });

  it("occurredAt must be an existing instant in RFC 3339 UTC with milliseconds", () => {
    for (const occurredAt of ["2026-02-30T00:00:00.000Z", "2026-03-04T05:06:07Z", "2026-03-04T05:06:07.089+01:00", "yesterday"]) {
      expect(failureOf({ ...auditInput(), occurredAt })).to.contain(`occurredAt must be an RFC 3339 UTC timestamp`);
    }
    expect(toEpochMs("2026-03-04T05:06:07.089Z")).to.equal(Date.UTC(2026, 2, 4, 5, 6, 7, 89));
  });
});
