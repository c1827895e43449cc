// Shared pieces of the processor client tests: the sample request and result, a route to the
// hostile processor, a client with a fixed clock and an environment holding the token, and the
// check that no outcome anywhere names the token.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { parseUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { ProcessingErrorEnvelope, ProcessorRequest, ProcessorRouteConfig } from "../../../generated/types.js";
import { createProcessorClient, type ProcessorCall, type ProcessorCallError, type ProcessorClient, type ProcessorHealthCall } from "../../../runtime/processing/client/index.js";
import { fromRoot } from "../../helpers/paths.js";
import type { HostileProcessor } from "./hostile-processor.js";

export const TOKEN = "tok_7f3a9c2e1b5d8f40a6c4e2b9d1f3a5c7";
export const TOKEN_ENV = "SVC_PROCESSOR_TOKEN";

const fixture = (name: string): unknown => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", name), "utf8"));
export const REQUEST = fixture("processor-request.json") as ProcessorRequest;
export const RESULT_TEXT = readFileSync(fromRoot("test/fixtures/contracts/result-produced.json"), "utf8");
export const RESULT = JSON.parse(RESULT_TEXT) as unknown;
export const ROUTE = fixture("processor-route.json") as ProcessorRouteConfig;
export const DEADLINE = parseUtcTime(REQUEST.deadline)!;

export interface ClientOptions {
  route?: Partial<ProcessorRouteConfig>;
  env?: Record<string, string | undefined>;
  /** The clock; by default fixed 10 s before the request's deadline. */
  now?: () => number;
}

export function clientFor(processor: HostileProcessor, options: ClientOptions = {}): ProcessorClient {
  const route = { ...ROUTE, endpoint: processor.endpoint, ...options.route };
  return createProcessorClient(route, { env: options.env ?? { [TOKEN_ENV]: TOKEN }, now: options.now ?? (() => DEADLINE - 10_000) });
}

/** The outcome's error, after checking it is one and that nothing in it names the token. */
export function errorOf(call: ProcessorCall | ProcessorHealthCall): ProcessorCallError {
  expectNoToken(call);
  if (call.kind !== "error") expect.fail(`expected an error, got ${call.kind}`);
  return call.error;
}

/** Nothing in an outcome (message, envelope, anything) contains the token, in any case. */
export function expectNoToken(value: unknown): void {
  expect(JSON.stringify(value).toLowerCase()).not.to.include(TOKEN.toLowerCase());
}

/** A valid error envelope of `category` answering the sample request. */
export function envelope(category: ProcessingErrorEnvelope["category"], code: string, extra: Partial<ProcessingErrorEnvelope> = {}): ProcessingErrorEnvelope {
  const retryable = ["capacity", "unavailable", "timeout", "internal"].includes(category);
  return { schema: "svc.data-processing.error.v1", request_id: REQUEST.request_id, code, category, message: `a ${category} error`, retryable, ...extra };
}

/** Milliseconds `fn` took. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}
