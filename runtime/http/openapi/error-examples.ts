// One readable example per error code, for the error responses of the OpenAPI document. Without
// them swagger-ui invents examples from the schemas: random strings up to the patterns' limits,
// and the first code of the enum (invalid-input) under every status.
import type { ErrorCode } from "../../errors.js";
import type { JsonObject } from "./schema-components.js";

const CORRELATION_ID = "0b5e6f2a-8c1d-4e3f-9a7b-2c4d6e8f0a1b";

const MESSAGES: Record<ErrorCode, string> = {
  "invalid-input": "query parameter 'limit' must be an integer from 1 to 500, got '0'",
  "confirmation-required": 'rule.update changes the running system and needs "confirmed": true in the JSON body',
  unauthenticated: "missing credentials: send the header Authorization: Bearer <token>",
  "permission-denied": "this needs the permission rule.write, which the role Viewer does not grant",
  "not-found": "rule 42 does not exist",
  "method-not-allowed": "PATCH is not allowed on /api/rules/{id}; allowed: GET, PUT, DELETE",
  "duplicate-name": 'another rule (7) is already named "Boiler enable": rule names are unique',
  conflict: "the rule's flow does not compile against the current site: execute refused",
  "payload-too-large": "the request body is larger than 1048576 bytes",
  "unsupported-media-type": "the request body must be application/json, not text/plain",
  "service-unavailable": "the service holds its limit of 256 live WebSocket connections; try again later",
  internal: "internal error; the service log has the details under this correlation id",
  OPTIONS_INVALID: "options.horizon_steps must be from 1 to 96",
  AS_OF_IN_FUTURE: "as_of 2026-11-21T09:00:00Z is in the future",
  TASK_NOT_FOUND: "no enabled task site-load-forecast",
  BINDING_NOT_FOUND: "no binding for task site-load-forecast",
  TASK_REVISION_MISMATCH: "expected task revision 2, the task is at revision 3",
  BINDING_REVISION_MISMATCH: "expected binding revision 1, the binding is at revision 2",
  BINDING_DISABLED: "the binding of task site-load-forecast is disabled",
  QUALITY_REJECTED: "the frame has 12 missing cells and the task's missing_policy is reject",
  FRAME_INVALID: "the frame failed its schema: /series/0/values/3 must be a number or null",
  RESULT_REJECTED: "the processor's result failed validation: /forecast/0/p50 is missing",
  PROCESSOR_FAILED: "the processor answered 500 INTERNAL",
  PROCESSOR_BUSY: "the processor route is at its max_concurrency of 2",
  PROCESSOR_UNAVAILABLE: "the processor could not be reached",
  DEADLINE_EXCEEDED: "the processor did not answer within 5000 ms",
};

const DIAGNOSTIC = { code: "http/invalid-parameter", severity: "error", message: "expected an integer from 1 to 500", path: "/query/limit" };

/** The `examples` of one error response: one per code, in the route family's envelope. */
export function errorExamples(codes: readonly ErrorCode[], envelope: "api" | "v1"): Record<string, JsonObject> {
  const examples: Record<string, JsonObject> = {};
  for (const code of codes) {
    const error: JsonObject = { code, message: MESSAGES[code], correlationId: CORRELATION_ID };
    if (envelope === "api" && code === "invalid-input") error.details = { diagnostics: [DIAGNOSTIC] };
    examples[code] = { summary: code, value: envelope === "api" ? { success: false, error } : { error } };
  }
  return examples;
}
