// A processor's non-2xx answer as a typed error (spec: Errors). The HTTP status fixes the
// category; a valid svc.data-processing.error.v1 body that answers this request refines the code
// and whether a retry may help, and is kept for the audit. Without one (no body, another media
// type, bad JSON, a schema or semantic problem, another category or request id, the token echoed
// back), the status alone decides, so a proxy's HTML error page maps as well as a processor's
// envelope.
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import type { ProcessingErrorEnvelope } from "../../../generated/types.js";
import { redirectRefused } from "./client-errors.js";
import { parseRetryAfter } from "./retry-after.js";
import type { ErrorCategory, ProcessorCallError } from "./types.js";

interface StatusRule {
  category: ErrorCategory;
  /** The code used when the processor sent no valid envelope. */
  code: string;
  /** Without an envelope: always, never, or when the answer says when to retry (Retry-After). */
  retryable: boolean | "when-marked";
}

const RULES: ReadonlyMap<number, StatusRule> = new Map([
  [400, { category: "invalid_request", code: "PROCESSOR_REQUEST_INVALID", retryable: false }],
  [401, { category: "authorization", code: "PROCESSOR_AUTH_REQUIRED", retryable: false }],
  [403, { category: "authorization", code: "PROCESSOR_AUTH_DENIED", retryable: false }],
  [404, { category: "not_found", code: "PROCESSOR_NOT_FOUND", retryable: false }],
  [413, { category: "resource_limit", code: "FRAME_TOO_LARGE", retryable: false }],
  [422, { category: "invalid_data", code: "FRAME_INVALID", retryable: false }],
  [429, { category: "capacity", code: "PROCESSOR_BUSY", retryable: true }],
  [500, { category: "internal", code: "PROCESSOR_INTERNAL", retryable: false }],
  [502, { category: "unavailable", code: "PROCESSOR_UNAVAILABLE", retryable: "when-marked" }],
  [503, { category: "unavailable", code: "PROCESSOR_UNAVAILABLE", retryable: "when-marked" }],
  [504, { category: "timeout", code: "DEADLINE_EXCEEDED", retryable: true }],
] as const);

const OTHER_CLIENT_ERROR: StatusRule = { category: "invalid_request", code: "PROCESSOR_REQUEST_INVALID", retryable: false };
const OTHER_SERVER_ERROR: StatusRule = { category: "internal", code: "PROCESSOR_INTERNAL", retryable: false };
const RETRY_AFTER_CATEGORIES: ReadonlySet<ErrorCategory> = new Set(["capacity", "unavailable", "timeout"]);

export interface StatusContext {
  status: number;
  retryAfter: string | null;
  /** The parsed error body, when there was a JSON one. */
  body: unknown;
  /** The request's id (null for health checks, which have none). */
  requestId: string | null;
  /** The bearer token sent, if any: an envelope that repeats it is not kept. */
  token: string | undefined;
  now: number;
}

export function statusError(context: StatusContext): ProcessorCallError {
  const { status } = context;
  if (status >= 300 && status < 400) return redirectRefused(status);
  const rule = RULES.get(status) ?? (status < 500 ? OTHER_CLIENT_ERROR : OTHER_SERVER_ERROR);
  const envelope = acceptedEnvelope(context, rule.category);
  const retryAfterSeconds = RETRY_AFTER_CATEGORIES.has(rule.category)
    ? (envelope?.retry_after_seconds ?? parseRetryAfter(context.retryAfter, context.now))
    : undefined;
  const retryable = envelope?.retryable ?? (rule.retryable === "when-marked" ? retryAfterSeconds !== undefined : rule.retryable);
  const code = envelope?.code ?? rule.code;
  const about = envelope !== undefined ? "" : context.body === undefined ? " (no error envelope)" : " (its error body is not a valid svc.data-processing.error.v1 envelope for this request)";
  return {
    code,
    category: rule.category,
    httpStatus: status,
    retryable,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    message: `the processor answered ${status}: ${code} (${rule.category})${about}`,
    sent: true,
    ...(envelope !== undefined ? { processorError: envelope } : {}),
  };
}

function acceptedEnvelope(context: StatusContext, category: ErrorCategory): ProcessingErrorEnvelope | undefined {
  const { body } = context;
  if (body === undefined) return undefined;
  if (validateContract(body, { contract: "error" }).diagnostics.some((d) => d.severity === "error")) return undefined;
  const envelope = body as ProcessingErrorEnvelope;
  if (envelope.category !== category) return undefined;
  if (context.requestId !== null && envelope.request_id !== null && envelope.request_id !== context.requestId) return undefined;
  if (context.token !== undefined && JSON.stringify(envelope).includes(context.token)) return undefined;
  return envelope;
}
