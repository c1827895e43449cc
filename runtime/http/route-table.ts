// Every HTTP route of the service, as data: the router mounts a handler per operationId, and the
// OpenAPI document is built from this table and schemas/ (a test proves the two agree).
import type { Permission } from "../auth/identity.js";
import type { ErrorCode } from "../errors.js";

/**
 * How bodies are wrapped:
 * - `api`: success bodies are `{success: true, data: <response>}`, errors the ErrorResponse envelope.
 * - `v1`: the control plane's routes; bodies are the response itself, errors the V1Error envelope.
 * - `raw`: not JSON of ours (the OpenAPI document, the docs page, a server-sent event stream).
 */
export type Envelope = "api" | "v1" | "raw";

export interface RouteSpec {
  operationId: string;
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI path template. */
  path: string;
  tag: "rules" | "site" | "scheduler" | "history" | "control-plane" | "audit" | "data-processing" | "operations" | "docs";
  summary: string;
  /** Absent: public. */
  permission?: Permission;
  /** Whether the body must carry `confirmed: true`. */
  confirmed?: boolean;
  /** Title of the request body's schema in schemas/. */
  request?: string;
  /** Title of the response (the `data` of an `api` envelope) in schemas/; absent for `raw`. */
  response?: string;
  /** HTTP status of a success; default 200. */
  status?: 200 | 201;
  /** Media type of a `raw` response. */
  mediaType?: string;
  /** Query parameters, each described by a property of this schema (title in schemas/). */
  query?: string;
  envelope: Envelope;
  /** Error codes the route can answer besides internal. */
  errors: ErrorCode[];
  /** An optional part of the service the route belongs to: mounted only when it is composed (AppDeps.processing, AppDeps.metrics). */
  requires?: "processing" | "metrics";
}

const AUTH_READ: ErrorCode[] = ["unauthenticated", "permission-denied"];
const MUTATION: ErrorCode[] = ["invalid-input", "confirmation-required", "unauthenticated", "permission-denied", "payload-too-large", "unsupported-media-type"];
/** What a processing call can end in besides success (docs/api.md, "Data processing"). */
const PROCESSING: ErrorCode[] = [
  "OPTIONS_INVALID",
  "AS_OF_IN_FUTURE",
  "TASK_NOT_FOUND",
  "BINDING_NOT_FOUND",
  "TASK_REVISION_MISMATCH",
  "BINDING_REVISION_MISMATCH",
  "BINDING_DISABLED",
  "QUALITY_REJECTED",
  "FRAME_INVALID",
  "RESULT_REJECTED",
  "PROCESSOR_FAILED",
  "PROCESSOR_BUSY",
  "PROCESSOR_UNAVAILABLE",
  "DEADLINE_EXCEEDED",
];

export const ROUTES: readonly RouteSpec[] = [
  { operationId: "getHealth", method: "get", path: "/health", tag: "control-plane", summary: "Process liveness; reads no database or external service.", response: "Health", envelope: "v1", errors: [] },
  { operationId: "getPlatform", method: "get", path: "/api/v1/platform", tag: "control-plane", summary: "Static metadata about product boundaries; no I/O, no tenant data.", response: "PlatformMetadata", envelope: "v1", errors: [] },
  { operationId: "listAuditEvents", method: "get", path: "/api/v1/audit/events", tag: "audit", summary: "Audit events of the caller's tenant and project, by sequence.", permission: "audit.event.read", query: "AuditEventQuery", response: "AuditEventPage", envelope: "v1", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "streamAuditEvents", method: "get", path: "/api/v1/audit/events/stream", tag: "audit", summary: "The same result as server-sent events: a finite, resumable snapshot (Last-Event-ID) ending with `: snapshot-complete`.", permission: "audit.event.read", query: "AuditEventQuery", mediaType: "text/event-stream", envelope: "raw", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "verifyAuditChain", method: "get", path: "/api/v1/audit/verify", tag: "audit", summary: "Verifies the hash chain of every tenant's audit events, whole or a range of sequences (`from`, `to`), and names the first broken sequence and why (sequence-gap, digest-mismatch, malformed). Admin JWT only.", permission: "audit.chain.verify", query: "AuditVerifyQuery", response: "AuditChainReport", envelope: "v1", errors: ["invalid-input", ...AUTH_READ] },

  { operationId: "listRules", method: "get", path: "/api/rules", tag: "rules", summary: "Rule summaries by id, a page at a time.", permission: "rule.read", query: "PageQuery", response: "RuleSummaryPage", envelope: "api", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "createRule", method: "post", path: "/api/rules", tag: "rules", summary: "Creates a disabled stub (name and description); the flow and trigger come by PUT.", permission: "rule.write", confirmed: true, request: "RuleCreateRequest", response: "RuleCreated", status: 201, envelope: "api", errors: [...MUTATION, "duplicate-name"] },
  { operationId: "validateRule", method: "post", path: "/api/rules/validate", tag: "rules", summary: "Compiles an editor document (flow_json, with its trigger_config) or a rule file's text (source, DSL or YAML) with the service's loaded site and answers the diagnostics `svc compile` gives for the same content, and the compiled rules. Stores nothing; no confirmation, no audit record.", permission: "rule.read", request: "RuleValidateRequest", response: "RuleValidation", envelope: "api", errors: ["invalid-input", "payload-too-large", "unsupported-media-type", ...AUTH_READ] },
  { operationId: "applyRuleBatch", method: "post", path: "/api/rules/batch", tag: "rules", summary: "Applies rule changes (create a whole rule, update, enable, disable, delete) in order in one store transaction, or none: each is checked and audited as its single route (a flow compiled with the service's site, one audit record per change, written before it), then the scheduler reloads once with every rule changed. Any refusal stores nothing and names the operation (details.operation, diagnostics under /operations/<index>). At most 5000 operations; the body limit is SVC_BATCH_BODY_LIMIT_BYTES (64 MiB by default). svc sync and svc import send their whole plan as one batch.", permission: "rule.write", confirmed: true, request: "RuleBatchRequest", response: "RuleBatchResult", envelope: "api", errors: [...MUTATION, "not-found", "duplicate-name"] },
  { operationId: "getRule", method: "get", path: "/api/rules/{id}", tag: "rules", summary: "The full rule, with both flow columns.", permission: "rule.read", response: "Rule", envelope: "api", errors: ["invalid-input", "not-found", ...AUTH_READ] },
  { operationId: "updateRule", method: "put", path: "/api/rules/{id}", tag: "rules", summary: "Partial update; a flow_json is compiled by the one compile function and both flow columns are replaced together, or nothing is stored.", permission: "rule.write", confirmed: true, request: "RuleUpdateRequest", response: "Rule", envelope: "api", errors: [...MUTATION, "not-found", "duplicate-name"] },
  { operationId: "deleteRule", method: "delete", path: "/api/rules/{id}", tag: "rules", summary: "Removes the rule; its execution history stays.", permission: "rule.write", confirmed: true, request: "ConfirmedRequest", response: "RuleDeleted", envelope: "api", errors: [...MUTATION, "not-found"] },
  { operationId: "enableRule", method: "post", path: "/api/rules/{id}/enable", tag: "rules", summary: "Makes the rule schedulable.", permission: "rule.write", confirmed: true, request: "ConfirmedRequest", response: "Rule", envelope: "api", errors: [...MUTATION, "not-found"] },
  { operationId: "disableRule", method: "post", path: "/api/rules/{id}/disable", tag: "rules", summary: "The scheduler skips the rule.", permission: "rule.write", confirmed: true, request: "ConfirmedRequest", response: "Rule", envelope: "api", errors: [...MUTATION, "not-found"] },
  { operationId: "executeRule", method: "post", path: "/api/rules/{id}/execute", tag: "rules", summary: "Executes the rule now against live values (there is no dry run). An action's success means the local command plane accepted it.", permission: "rule.execute", confirmed: true, request: "ConfirmedRequest", response: "ManualExecution", envelope: "api", errors: [...MUTATION, "not-found", "conflict"] },
  { operationId: "getRuleVariables", method: "get", path: "/api/rules/{id}/variables", tag: "rules", summary: "The variables the rule reads or defines, with live values, for monitoring.", permission: "rule.read", response: "RuleVariables", envelope: "api", errors: ["invalid-input", "not-found", "conflict", ...AUTH_READ] },
  { operationId: "getRuleHistory", method: "get", path: "/api/rules/{id}/history", tag: "history", summary: "The rule's execution records by id: oldest first (resume with after_id) or, with order=desc, newest first (resume with before_id).", permission: "rule.read", query: "HistoryQuery", response: "HistoryPage", envelope: "api", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "getRuleDecisions", method: "get", path: "/api/rules/{id}/decisions", tag: "history", summary: "Why the rule did not run: its suppression records (cooldown, time or value deadband, disabled, unavailable input, running, dropped event), repeats aggregated with a count and the first and last time, newest first (resume with before_id). Records not yet written are written first.", permission: "rule.read", query: "DecisionQuery", response: "DecisionPage", envelope: "api", errors: ["invalid-input", "not-found", ...AUTH_READ] },
  { operationId: "listSitePoints", method: "get", path: "/api/site/points", tag: "site", summary: "The loaded site's points in site-file order, each with its unit, range and the stored rules that read, watch or write it (as of the last reload), and the points stored rules use that the site does not declare.", permission: "rule.read", response: "SitePoints", envelope: "api", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "getSchedulerStatus", method: "get", path: "/api/scheduler/status", tag: "scheduler", summary: "Running flag, rule counts, tick interval and load, with a page of the per-rule statistics by id (after_id, limit: default 100, at most 1,000).", permission: "rule.read", query: "SchedulerStatusQuery", response: "SchedulerStatusReport", envelope: "api", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "reloadScheduler", method: "post", path: "/api/scheduler/reload", tag: "scheduler", summary: "Re-reads every rule from the store (needed only after out-of-band writes).", permission: "scheduler.reload", response: "ReloadSummary", envelope: "api", errors: ["invalid-input", "payload-too-large", "unsupported-media-type", ...AUTH_READ] },

  { operationId: "listProcessingTasks", method: "get", path: "/api/v1/data-processing/tasks", tag: "data-processing", summary: "The tasks this service can run: one discovery entry per enabled commissioned binding, with its features, policy and limits.", permission: "data_processing.read", response: "DataProcessingTaskList", envelope: "v1", requires: "processing", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "getProcessorHealth", method: "get", path: "/api/v1/data-processing/processors/health", tag: "data-processing", summary: "Each processor route's health, checked now with a short timeout; never its endpoint or token.", permission: "data_processing.read", response: "ProcessorHealthReport", envelope: "v1", requires: "processing", errors: ["invalid-input", ...AUTH_READ] },
  { operationId: "processTask", method: "post", path: "/api/v1/data-processing/process", tag: "data-processing", summary: "Runs a task once: assembles the frame, asks the processor, validates the result and stores accepted output as derived data; audited before the processor is called. Headers: optional `x-request-id` (a ResourceId, echoed in the answer); `x-svc-confirmed: true` when the binding's route requires confirmation. Never writes live state, history or devices.", permission: "data_processing.run", request: "ProcessTaskRequest", response: "ProcessTaskResponse", envelope: "v1", requires: "processing", errors: [...MUTATION, ...PROCESSING] },
  { operationId: "listDerivedData", method: "get", path: "/api/v1/data-processing/derived", tag: "data-processing", summary: "One task's accepted results (svc.derived-data.v1), newest first; continue with `before`.", permission: "data_processing.read", query: "DerivedDataQuery", response: "DerivedDataPage", envelope: "v1", requires: "processing", errors: ["invalid-input", ...AUTH_READ] },

  { operationId: "getMetrics", method: "get", path: "/metrics", tag: "operations", summary: "The service's own load in the Prometheus text format (version 0.0.4): executions and failures, suppressions, tick lag, queue depth, history writes, reloads, HTTP durations, store pool, process. Series and alerts: docs/operations.md. Any role's token (`rule.read`), as for GET /api/scheduler/status.", permission: "rule.read", mediaType: "text/plain; version=0.0.4", envelope: "raw", requires: "metrics", errors: AUTH_READ },

  { operationId: "getOpenApi", method: "get", path: "/openapi.json", tag: "docs", summary: "This document.", mediaType: "application/json", envelope: "raw", errors: [] },
  { operationId: "getDocs", method: "get", path: "/docs", tag: "docs", summary: "Interactive API docs (served locally).", mediaType: "text/html", envelope: "raw", errors: [] },
];

/** The WebSocket of live execution results (not an OpenAPI operation; described in the document's info). */
export const LIVE_HISTORY_PATH = "/api/history/live";
