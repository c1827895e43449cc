// Asserting a typed processor error: status, code, category, and a valid
// svc.data-processing.error.v1 envelope (the service's own check, leaks included).
import { expect } from "chai";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import { MEDIA_TYPE, type Reply } from "./processor-fixture.js";

export function expectProcessorError(reply: Reply, status: number, code: string, category: string): Record<string, unknown> {
  expect(reply.status, reply.text).to.equal(status);
  expect(reply.headers.get("content-type")).to.equal(MEDIA_TYPE);
  expect(reply.json).to.include({ schema: "svc.data-processing.error.v1", code, category });
  expect(validateContract(reply.json).diagnostics, JSON.stringify(reply.json)).to.deep.equal([]);
  return reply.json as Record<string, unknown>;
}
