// The reference forecast processor as a Koa app of its own (not mounted in the service):
// POST /v1/process and GET /v1/health (spec: Processor-facing routes). Every failure is a typed
// svc.data-processing.error.v1 envelope; the clock is injected; there is no `listen` here
// (start-processor.ts does that), so tests can also drive `app.callback()` directly.
import Koa, { type Context, type Middleware } from "koa";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import type { ForecastProcessorContract } from "../../generated/types.js";
import { forecastFor, resultOf } from "./answer-request.js";
import { createBearerCheck } from "./bearer-check.js";
import { checkRequest, readRequestId } from "./check-request.js";
import { DEFAULT_LIMITS, PROCESSOR_MEDIA_TYPE, processorDescriptor, type ProcessorLimits } from "./descriptor.js";
import { REFERENCE_TASKS, type KnownTask } from "./known-tasks.js";
import { checkMediaType } from "./media-type.js";
import { ProcessorError, errorEnvelope } from "./processor-error.js";
import { readRequestBody } from "./read-request-body.js";

export interface ReferenceProcessorOptions {
  /** Epoch milliseconds now: deadlines, issued_at and expires_at. */
  clock: () => number;
  /** When set, every route requires `Authorization: Bearer <token>`. */
  token?: string;
  /** The processor's id (default `reference-forecast`). */
  id?: string;
  /** The processor's version: the package version. */
  version: string;
  /** Overrides of the advertised and enforced limits (DEFAULT_LIMITS). */
  limits?: Partial<ProcessorLimits>;
  /** The tasks served (default REFERENCE_TASKS; see known-tasks.ts). */
  tasks?: readonly KnownTask[];
  /** Unexpected failures (answered 500 PROCESSOR_INTERNAL without detail). */
  onInternalError?: (error: unknown) => void;
}

/** The body of GET /v1/health. */
export interface ProcessorHealth {
  status: "ok";
  processor: { id: string; version: string; contract: string };
  descriptor: ForecastProcessorContract;
  tasks: Array<{ id: string; revision: number }>;
}

interface State {
  requestId: string | null;
}

export function createReferenceProcessor(options: ReferenceProcessorOptions): Koa<State> {
  const id = options.id ?? "reference-forecast";
  const limits: ProcessorLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const descriptor = processorDescriptor(id, options.version, limits);
  const tasks = options.tasks ?? REFERENCE_TASKS;
  const authorize = createBearerCheck(options.token);
  const health: ProcessorHealth = {
    status: "ok",
    processor: { id, version: options.version, contract: descriptor.schema },
    descriptor,
    tasks: tasks.map((t) => ({ id: t.id, revision: t.revision })),
  };
  const processing = { clock: options.clock, descriptor, tasks, limits, onInternalError: options.onInternalError ?? (() => undefined) };

  const app = new Koa<State>();
  app.silent = true;
  app.use(renderErrors(processing.onInternalError));
  app.use(async (ctx, next) => {
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Cache-Control", "no-store");
    await next();
  });
  app.use(async (ctx) => {
    if (ctx.path === "/v1/process") {
      allow(ctx, ["POST"]);
      authorize(ctx.get("authorization") || undefined);
      await answerProcess(ctx, processing);
    } else if (ctx.path === "/v1/health") {
      allow(ctx, ["GET", "HEAD"]);
      authorize(ctx.get("authorization") || undefined);
      ctx.body = health;
    } else {
      throw new ProcessorError("ROUTE_NOT_FOUND", `no route ${ctx.method} ${ctx.path.slice(0, 200)}; this processor serves POST /v1/process and GET /v1/health`, { rule: "route-not-found" });
    }
  });
  return app;
}

interface Processing {
  clock: () => number;
  descriptor: ForecastProcessorContract;
  tasks: readonly KnownTask[];
  limits: ProcessorLimits;
  onInternalError: (error: unknown) => void;
}

async function answerProcess(ctx: Context & { state: State }, p: Processing): Promise<void> {
  checkMediaType(ctx.get("content-type") || undefined);
  const body = await readRequestBody(ctx.req, p.limits.max_request_bytes);
  ctx.state.requestId = readRequestId(body);
  // In the spec's validation order; a request whose deadline has passed is not started (step 2).
  const checked = checkRequest(body, p, p.clock());
  checkDeadline(p.clock(), checked.deadline, "while its request was checked");
  const forecast = forecastFor(checked);
  const issuedAt = p.clock();
  // Never an accepted result after the deadline.
  checkDeadline(issuedAt, checked.deadline, "before its result was ready");
  const result = resultOf(checked, forecast, p.descriptor.processor, issuedAt);
  // The processor's own answer must pass the checks the service will run; if it does not, that
  // is a bug here, reported as one, never sent as a result.
  const own = validateContract(result, { request: checked.request }).diagnostics.filter((d) => d.severity === "error");
  if (own.length > 0) throw new Error(`reference processor built an invalid result: ${JSON.stringify(own.slice(0, 3))}`);
  ctx.status = 200;
  ctx.body = result;
  ctx.set("Content-Type", PROCESSOR_MEDIA_TYPE);
}

function checkDeadline(now: number, deadline: number, when: string): void {
  if (now >= deadline) throw new ProcessorError("DEADLINE_EXCEEDED", `the request's deadline passed ${when}; retry with a fresh deadline`, { rule: "deadline" });
}

function allow(ctx: Context, methods: readonly string[]): void {
  if (methods.includes(ctx.method)) return;
  ctx.set("Allow", methods.join(", "));
  throw new ProcessorError("METHOD_NOT_ALLOWED", `${ctx.method} is not allowed on ${ctx.path}; allowed: ${methods.join(", ")}`, { rule: "method-not-allowed", allow: methods.join(", ") });
}

function renderErrors(onInternalError: (error: unknown) => void): Middleware<State> {
  return async (ctx, next) => {
    ctx.state.requestId = null;
    try {
      await next();
    } catch (error) {
      let known: ProcessorError;
      if (error instanceof ProcessorError) known = error;
      else {
        onInternalError(error);
        known = new ProcessorError("PROCESSOR_INTERNAL", "internal error");
      }
      ctx.status = known.status;
      ctx.body = errorEnvelope(known, ctx.state.requestId);
      ctx.set("Content-Type", PROCESSOR_MEDIA_TYPE);
      if (known.status === 401) ctx.set("WWW-Authenticate", `Bearer realm="processor"`);
    }
  };
}
