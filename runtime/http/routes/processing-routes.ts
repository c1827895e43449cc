// The data-processing routes (spec: Endpoints, application routes; Authentication; Errors),
// mounted only when data processing is composed. Discovery, processor health and derived data are
// reads (`data_processing.read`). A processing call (`data_processing.run`): authenticate,
// authorise (a refusal is audited as denied), read and check the body and x-request-id, confirm
// when the binding's route requires it (`x-svc-confirmed: true`) (a refusal of these is audited as
// invalid: guard.ts acceptMutation), append the audit record (if that fails nothing runs), run the call within the route's max_concurrency, record its outcome,
// and answer (processing-answer.ts). No replay store: every call is audited and may run again.
import { validateProcessTaskRequest } from "../../../generated/index.js";
import type { ProcessTaskRequest } from "../../../generated/types.js";
import { invalidInput, ServiceError } from "../../errors.js";
import { findCommissioned } from "../../processing/binding/index.js";
import { createProcessorDescriptors, listDiscoveryEntries } from "../../processing/discovery/index.js";
import { checkRoutes, HEALTH_TIMEOUT_MS, routesOf, type RouteHealth } from "../../processing/health/index.js";
import type { ProcessOutcome } from "../../processing/run/process-outcome.js";
import { toOutcomeRecord } from "../../processing/run/outcome-record.js";
import { processTask } from "../../processing/run/process-task.js";
import type { ProcessingOutcomeInput } from "../../store/store.js";
import type { AppDeps, ProcessingDeps } from "../app-deps.js";
import { auditEvent } from "../audit-entry.js";
import { acceptMutation, allowRead, appendAllowed, isObject, type AppContext } from "../guard.js";
import { idParam, integerParam, problem, readQuery } from "../request-input.js";
import { validateBody } from "../validate-body.js";
import { answerOf } from "./processing-answer.js";

type Handler = (ctx: AppContext) => Promise<void>;

/** A ResourceId (schemas/data-processing/common.schema.json): request ids and task ids. */
const RESOURCE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const ACTION = "data_processing.process";
const WHAT = "POST /api/v1/data-processing/process";

export function processingRoutes(deps: AppDeps, processing: ProcessingDeps): Record<string, Handler> {
  // The pack is fixed for the app's lifetime; the processors' descriptors (for the entries'
  // artifact) are learnt from their health answers, by either route.
  const routes = routesOf(processing.pack);
  const descriptors = createProcessorDescriptors();
  const inFlight = new Map<string, number>();
  const now = () => deps.clock.now();
  const checkHealth = async (of: typeof routes): Promise<RouteHealth[]> => {
    const checks = await checkRoutes(of, { clientFor: processing.clientFor, now, timeoutMs: processing.healthTimeoutMs ?? HEALTH_TIMEOUT_MS });
    descriptors.record(checks.map((c) => ({ route: c.entry.route, descriptor: c.descriptor })), now());
    return checks;
  };

  return {
    async listProcessingTasks(ctx) {
      await allowRead(ctx, deps, "data_processing.read");
      readQuery(ctx.querystring, []);
      const due = descriptors.due(routes, now());
      if (due.length > 0) await checkHealth(due);
      ctx.body = { items: listDiscoveryEntries(processing.pack, descriptors.known()) };
    },

    async getProcessorHealth(ctx) {
      await allowRead(ctx, deps, "data_processing.read");
      readQuery(ctx.querystring, []);
      const items = (await checkHealth(routes)).map((c) => c.entry);
      ctx.set("Cache-Control", "no-store");
      ctx.body = { items };
    },

    async listDerivedData(ctx) {
      await allowRead(ctx, deps, "data_processing.read");
      const values = readQuery(ctx.querystring, ["task_id", "limit", "before"]);
      const taskId = values.task_id;
      if (taskId === undefined || !RESOURCE_ID.test(taskId)) {
        throw invalidInput("query parameter 'task_id' must name a task (letters, digits and . _ : -, at most 128)", [problem("/query/task_id", "required: a task id")]);
      }
      const limit = integerParam(values, "limit", { min: 1, max: 500, fallback: 50 })!;
      const before = idParam(values, "before", "derived");
      ctx.body = await deps.store.processing.listDerived(taskId, { limit, ...(before !== undefined ? { before } : {}) });
    },

    async processTask(ctx) {
      const confirmed = ctx.get("x-svc-confirmed") === "true";
      const { input: { request, requestId }, audit } = await acceptMutation(ctx, deps, {
        action: ACTION,
        permission: "data_processing.run",
        confirmed: false,
        resource: { kind: TASK, idOf: (body) => (isObject(body) && typeof body.task_id === "string" && RESOURCE_ID.test(body.task_id) ? body.task_id : null) },
        confirmation: (body) => (confirmed ? "confirmed" : validateProcessTaskRequest(body) && confirmationRequired(body) ? "missing" : "not-required"),
        read: (body) => {
          const request = validateBody(body, validateProcessTaskRequest, WHAT);
          const requestId = requestIdOf(ctx) ?? processing.newId("request");
          ctx.set("x-request-id", requestId);
          if (confirmationRequired(request) && !confirmed) {
            throw new ServiceError("confirmation-required", `binding '${request.binding_id}' runs on a processor route that requires explicit confirmation`, {
              hint: "send the header x-svc-confirmed: true",
            });
          }
          return { request, requestId };
        },
      });
      // Fail closed: when the audit record cannot be written, nothing runs (a 500 without detail).
      await appendAllowed(ctx, deps, auditEvent(audit, ACTION, taskResource(request.task_id), "allowed"));
      const outcome = await run(ctx, request, requestId);
      await record(toOutcomeRecord(outcome, request, requestId, now()), ctx.state.correlationId);
      ctx.body = answerOf(outcome, requestId, (name, value) => ctx.set(name, value));
    },
  };

  function confirmationRequired(request: ProcessTaskRequest): boolean {
    return findCommissioned(processing.pack, request.binding_id, request.expected_binding_revision)?.route.confirmation === "required";
  }

  /** The call within its route's max_concurrency; an unexpected failure is recorded before it becomes a 500. */
  async function run(ctx: AppContext, request: ProcessTaskRequest, requestId: string): Promise<ProcessOutcome> {
    const correlationId = ctx.state.correlationId;
    const route = findCommissioned(processing.pack, request.binding_id, request.expected_binding_revision)?.route;
    if (route !== undefined && (inFlight.get(route.id) ?? 0) >= route.max_concurrency) {
      await record(failure(request, requestId, "PROCESSOR_BUSY", { category: "capacity", rule: "max_concurrency", retryable: true }), correlationId);
      ctx.set("Retry-After", "1");
      throw new ServiceError("PROCESSOR_BUSY", `the processor route already runs its maximum of ${route.max_concurrency} concurrent calls; retry shortly`);
    }
    if (route !== undefined) inFlight.set(route.id, (inFlight.get(route.id) ?? 0) + 1);
    try {
      return await processTask(request, { requestId }, { ...processing, now });
    } catch (error) {
      await record(failure(request, requestId, "INTERNAL_ERROR", { category: "internal" }), correlationId).catch(() => undefined);
      throw error;
    } finally {
      if (route !== undefined) inFlight.set(route.id, inFlight.get(route.id)! - 1);
    }
  }

  /** The terminal record; the correlation id ties it to the call's audit event. If it fails, the call is a 500. */
  async function record(entry: ReturnType<typeof toOutcomeRecord>, correlationId: string): Promise<void> {
    const outcome: ProcessingOutcomeInput = { ...entry.outcome, details: { ...(entry.outcome.details ?? {}), correlation_id: correlationId } };
    await deps.store.processing.recordOutcome(outcome, entry.derived);
  }

  function failure(request: ProcessTaskRequest, requestId: string, code: string, details: Record<string, unknown>): ReturnType<typeof toOutcomeRecord> {
    return {
      outcome: {
        request_id: requestId,
        task: { id: request.task_id, revision: request.expected_task_revision },
        binding: { id: request.binding_id, revision: request.expected_binding_revision },
        outcome: "error",
        code,
        at: now(),
        input_digest: null,
        details,
      },
    };
  }
}

const TASK = "data-processing-task";

function taskResource(id: string | null): { kind: string; id: string | null } {
  return { kind: TASK, id };
}

/** The caller's x-request-id, when sent: a ResourceId, or the call is refused (400). */
function requestIdOf(ctx: AppContext): string | undefined {
  const given = ctx.req.headers["x-request-id"];
  if (given === undefined) return undefined;
  if (typeof given === "string" && RESOURCE_ID.test(given)) return given;
  throw invalidInput("the x-request-id header must be an identifier: a letter or digit, then letters, digits and . _ : -, at most 128 characters", [
    problem("/header/x-request-id", "expected a ResourceId"),
  ]);
}
