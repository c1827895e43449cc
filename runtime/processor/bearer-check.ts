// Processor authentication (spec: Authentication, 4): when a token is configured, every processor
// route needs `Authorization: Bearer <token>`; none (or not a bearer) is 401
// PROCESSOR_AUTH_REQUIRED, another token 403 PROCESSOR_AUTH_DENIED. The comparison is of SHA-256
// digests with timingSafeEqual: equal lengths, so it never throws and leaks no length (PITFALLS).
import { createHash, timingSafeEqual } from "node:crypto";
import { ProcessorError } from "./processor-error.js";

export type BearerCheck = (authorization: string | undefined) => void;

export function createBearerCheck(token: string | undefined): BearerCheck {
  if (token === undefined) return () => undefined;
  if (token.trim() === "" || token !== token.trim()) throw new TypeError("the processor token must be non-empty, without surrounding whitespace");
  const expected = digestOf(token);
  return (authorization) => {
    const match = /^Bearer +([^ ]+) *$/i.exec(authorization ?? "");
    if (match === null) throw new ProcessorError("PROCESSOR_AUTH_REQUIRED", "this processor requires bearer authentication: send the processor token in the Authorization header", {
        rule: "bearer-token-required",
      });
    if (!timingSafeEqual(digestOf(match[1]!), expected)) throw new ProcessorError("PROCESSOR_AUTH_DENIED", "the bearer token is not accepted by this processor", { rule: "bearer-token-denied" });
  };
}

function digestOf(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
