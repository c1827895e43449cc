// The processor client (spec: Processor request, Processor-facing routes, Authentication, Errors;
// issue 7 item 3). The endpoint, limits and token variable come from the route configuration
// alone; the environment, clock and (optionally) fetch are passed in; the default fetch bounds the
// connection by connect_timeout_ms (http-fetch.ts). Every call ends as data: a body for the
// caller to validate, or a typed error.
import { parseUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { ProcessorRequest, ProcessorRouteConfig } from "../../../generated/types.js";
import { bearerToken } from "./bearer-token.js";
import { deadlinePassed, timedOut } from "./client-errors.js";
import { processorUrls } from "./endpoint.js";
import { exchange } from "./exchange.js";
import { createHttpFetch } from "./http-fetch.js";
import { interpretAnswer } from "./interpret-answer.js";
import { PROCESSOR_MEDIA_TYPE } from "./media-type.js";
import { prepareRequest } from "./prepare-request.js";
import type { ProcessorCall, ProcessorCallError, ProcessorClient, ProcessorClientDeps, ProcessorHealthCall } from "./types.js";

/** Error bodies are small envelopes; more than this of one is not read. */
const MAX_ERROR_BYTES = 64 * 1024;

const failed = (error: ProcessorCallError): { kind: "error"; error: ProcessorCallError } => ({ kind: "error", error });

/** Throws only for an endpoint the route checks refuse (not http(s), credentials, query, fragment). */
export function createProcessorClient(route: ProcessorRouteConfig, deps: ProcessorClientDeps): ProcessorClient {
  const urls = processorUrls(route.endpoint);
  const fetchFn = deps.fetch ?? createHttpFetch({ connectTimeoutMs: route.connect_timeout_ms });
  const limits = { maxBytes: route.max_response_bytes, maxErrorBytes: MAX_ERROR_BYTES, connectTimeoutMs: route.connect_timeout_ms };
  const authorization = (token: string | undefined): Record<string, string> => (token === undefined ? {} : { authorization: `Bearer ${token}` });

  return {
    async process(request: ProcessorRequest): Promise<ProcessorCall> {
      const auth = bearerToken(route, deps.env);
      if (!auth.ok) return failed(auth.error);
      const deadline = parseUtcTime(request.deadline);
      if (deadline === undefined) throw new TypeError("a processor request's deadline must be a UTC time; validate requests before sending them");
      if (deadline <= deps.now()) return failed(deadlinePassed());
      const prepared = prepareRequest(request, route);
      if (!prepared.ok) return failed(prepared.error);
      // Measured after serialising, which takes a while for a large frame.
      const remaining = deadline - deps.now();
      if (remaining <= 0) return failed(deadlinePassed());
      const bound = remaining < route.request_timeout_ms ? "deadline" : "request_timeout_ms";
      const timeoutMs = Math.min(remaining, route.request_timeout_ms);
      const answer = await exchange({
        fetch: fetchFn,
        url: urls.process,
        method: "POST",
        headers: { "content-type": PROCESSOR_MEDIA_TYPE, accept: PROCESSOR_MEDIA_TYPE, ...authorization(auth.token) },
        body: prepared.body,
        timeoutMs,
        bound,
        ...limits,
      });
      if (!answer.ok) return failed(answer.error);
      const now = deps.now();
      const outcome = interpretAnswer(answer, { requestId: request.request_id, token: auth.token, now });
      if (!outcome.ok) return failed(outcome.error);
      // A result completed after the deadline is never returned (the processor must not return one either).
      if (now > deadline) return failed(timedOut(timeoutMs, "deadline", outcome.status));
      return { kind: "result", body: outcome.body, bytes: outcome.bytes, status: outcome.status };
    },

    async health(): Promise<ProcessorHealthCall> {
      const auth = bearerToken(route, deps.env);
      if (!auth.ok) return failed(auth.error);
      const answer = await exchange({
        fetch: fetchFn,
        url: urls.health,
        method: "GET",
        headers: { accept: `${PROCESSOR_MEDIA_TYPE}, application/json;q=0.9`, ...authorization(auth.token) },
        timeoutMs: route.request_timeout_ms,
        bound: "request_timeout_ms",
        ...limits,
      });
      if (!answer.ok) return failed(answer.error);
      const outcome = interpretAnswer(answer, { requestId: null, token: auth.token, now: deps.now() });
      if (!outcome.ok) return failed(outcome.error);
      return { kind: "health", body: outcome.body, bytes: outcome.bytes, status: outcome.status };
    },
  };
}
