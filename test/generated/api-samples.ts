// Valid and invalid values of every HTTP API body schema, for the generated validators' test.
// The valid ones are what the service sends or accepts; each invalid one breaks one rule.
import { readFileSync } from "node:fs";
import { fromRoot } from "../helpers/paths.js";

export interface Samples {
  valid: unknown[];
  invalid: unknown[];
}

const minimalFlow = JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows/minimal.flow.json"), "utf8")) as unknown;
const at = "2026-11-21T05:00:00.123Z";
const digest = "0".repeat(63) + "a";
const diagnostic = { code: "flow/cycle", severity: "error", message: "m", path: "/nodes/1" };

const result = {
  success: false,
  actions: [{ node: "c", target: 7, point_type: "action", point: 1, value: null, success: false, reason: "value is not finite" }],
  path: ["s", "i", "sw", "c", "e"],
  matched: [{ node: "sw", output: "hot", condition: "t > 25" }],
  variables: { t: 26.5, hot: true, unset: null },
  nodes: [{ node: "s", type: "start", outputs: ["default"] }, { node: "e", type: "end", outputs: [] }],
  short_circuit: null,
};
const shortCircuited = { ...result, success: false, actions: [], short_circuit: { node: "i", variable: "t", instance: 7, point_type: "measurement", point: 3, reason: "unavailable" } };
const entry = { id: 5, rule_id: 1, started_at: at, finished_at: at, trigger: "manual", success: false, result, error: null };
const failedEntry = { ...entry, result: {}, error: { code: "history-unavailable", message: "point history could not be read" } };
const auditEvent = {
  sequence: "12", occurredAt: at, tenantId: "t", projectId: "p", subject: { id: "alice", role: "Engineer" }, action: "rule.update",
  resource: { kind: "rule", id: "1" }, outcome: "allowed", risk: "medium", confirmation: "confirmed", correlationId: "c-1", evidenceDigest: digest,
};
// Data processing's HTTP bodies (schemas/data-processing-task-list, processor-health-report, process-task-response, derived-data-page, derived-data-query).
const contract = (name: string): Record<string, unknown> => JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", `${name}.json`), "utf8")) as Record<string, unknown>;
const discoveryEntry = contract("task-discovery-entry");
const derivedData = contract("derived-data");
const healthy = { route: "reference-forecast", processor: { id: "reference-forecast", version: "0.1.0" }, status: "ok", checked_at: "2026-11-21T08:00:00Z" };
const unhealthy = { ...healthy, status: "unavailable", code: "PROCESSOR_UNREACHABLE" };
const suppressed = { deadband_time: 0, deadband_value: 1, cooldown: 0, disabled: 0, running: 0, no_change: 3, input_unavailable: 0, event_dropped: 0 };
// Decision records (issue 18.4): a cooldown run of repeats on an on_change point, a disabled interval rule.
const decision = {
  id: 4, rule_id: 1, kind: "cooldown", count: 37, first_at: "2026-11-21T10:00:01.000Z", last_at: "2026-11-21T10:04:59.000Z",
  point: { instance: 12, point_type: "measurement", point: 3 }, point_name: "zone1.room_temp", value: 23.1,
  context: { cooldown_ms: 300_000, acted_at: "2026-11-21T09:59:58.000Z" },
};
const disabledDecision = { ...decision, id: 3, kind: "disabled", count: 2, point: null, point_name: null, value: null, context: { interval_ms: 60_000 } };
const problem = { ruleId: 2, name: "r", excluded: true, diagnostics: [diagnostic] };
const status = {
  running: true, tick_ms: 100, parallelism: 4, total_rules: 2, enabled_rules: 1, in_flight: 0, queued: 0, executions: 3, failures: 1, dropped_events: 0, last_tick_at: at,
  rules: [
    { id: 1, executions: 3, failures: 1, last_run_at: at, suppressed, last_outcome: { at, success: true, actions_attempted: 1, actions_succeeded: 1, short_circuited: false } },
    { id: 2, executions: 0, failures: 0, last_run_at: null, suppressed, last_outcome: null },
  ],
  next_after_id: null,
  problems: [problem],
};

export const API_SAMPLES = {
  RuleCreateRequest: {
    valid: [{ name: "r", confirmed: true }, { name: "r", description: "why", confirmed: true }],
    invalid: [{ name: "r" }, { name: "r", confirmed: "true" }, { name: "", confirmed: true }, { name: "r", confirmed: true, enabled: true }, { name: "x".repeat(201), confirmed: true }],
  },
  RuleUpdateRequest: {
    valid: [{ confirmed: true }, { name: "r", description: "", priority: -3, cooldown_ms: 0, trigger_config: null, flow_json: minimalFlow, confirmed: true }, { trigger_config: { type: "interval", interval_ms: 500 }, confirmed: true }],
    invalid: [{ enabled: true, confirmed: true }, { trigger_config: { type: "interval" }, confirmed: true }, { flow_json: null, confirmed: true }, { cooldown_ms: -1, confirmed: true }, { name: "r" }],
  },
  RuleValidateRequest: {
    valid: [{ flow_json: minimalFlow }, { flow_json: minimalFlow, trigger_config: { type: "interval", interval_ms: 500 } }, { source: 'rule "r" {}', format: "dsl" }, { source: "", format: "yaml" }],
    invalid: [{ source: "x" }, { format: "dsl" }, { trigger_config: null }, { source: "x", format: "json" }, { flow_json: [] }, { flow_json: minimalFlow, confirmed: true }],
  },
  RuleValidation: {
    valid: [{ valid: true, diagnostics: [], rules: [] }, { valid: false, diagnostics: [diagnostic], rules: [] }],
    invalid: [{ valid: true, diagnostics: [] }, { valid: "yes", diagnostics: [], rules: [] }, { valid: true, diagnostics: [{ code: "x" }], rules: [] }],
  },
  SitePoints: {
    valid: [
      { points: [], undeclared: [] },
      {
        points: [{ instance: 7, instance_name: "AHU-1", instance_key: "ahu1", point_type: "action", point: 1, name: "cooling_stage", unit: "", min: 0, max: 2, readers: [{ rule_id: 3, rule: "r", access: "read" }], writers: [{ rule_id: 3, rule: "r", priority: 20 }] }],
        undeclared: [{ ref: "action(13, 9)", instance: 13, point_type: "action", point: 9, readers: [{ rule_id: 3, rule: "r", access: "trigger" }], writers: [{ rule_id: 3, rule: "r", priority: 0 }] }],
      },
    ],
    invalid: [{ points: [] }, { points: [{ instance: 7 }], undeclared: [] }, { points: [], undeclared: [{ ref: "x", instance: 1, point_type: "action", point: 1, readers: [{ rule_id: 1, rule: "r", access: "write" }], writers: [] }] }],
  },
  ConfirmedRequest: { valid: [{ confirmed: true }], invalid: [{}, { confirmed: false }, { confirmed: true, force: true }] },
  PageQuery: { valid: [{}, { page: "1", page_size: "500" }, { page: "42", page_size: "7" }], invalid: [{ page: "0" }, { page_size: "501" }, { page: 1 }, { page: "1.5" }, { size: "5" }] },
  HistoryQuery: { valid: [{}, { after_id: "0", limit: "50" }], invalid: [{ after_id: "-1" }, { limit: "0" }, { limit: "05" }] },
  AuditEventQuery: {
    valid: [{}, { action: "rule.update", cursor: "12", from: "2026-11-21T05:00:00Z", to: "2026-11-21T06:00:00.5+01:00", limit: "10", resourceId: "1", resourceKind: "rule", subjectId: "alice" }],
    invalid: [{ tenantId: "t" }, { cursor: "01" }, { from: "yesterday" }, { limit: "1000" }],
  },
  Health: { valid: [{ status: "ok", service: "svc", version: "0.1.0" }], invalid: [{ status: "degraded", service: "svc", version: "0.1.0" }, { status: "ok" }] },
  PlatformMetadata: {
    valid: [
      {
        name: "svc", role: "automation service",
        authority: { livePointState: "a", physicalControl: "b", tenantIdentity: "c", desiredRevision: "d", placementPolicy: "e", actualInfrastructure: "f" },
        multiCloud: { providerModel: "g", executionEngines: ["h"], stateIsolation: "i" },
      },
    ],
    invalid: [{ name: "svc", role: "r", authority: {}, multiCloud: { providerModel: "g", executionEngines: "h", stateIsolation: "i" } }],
  },
  AuditEvent: {
    valid: [auditEvent, { ...auditEvent, resource: { kind: "scheduler", id: null }, traceId: "tr" }],
    invalid: [{ ...auditEvent, sequence: 12 }, { ...auditEvent, evidenceDigest: "ABC" }, { ...auditEvent, outcome: "maybe" }, { ...auditEvent, occurredAt: "today" }],
  },
  AuditEventPage: {
    valid: [{ items: [], nextCursor: null }, { items: [auditEvent], nextCursor: "12" }, { items: [auditEvent], nextCursor: null, gaps: [{ from: "3", to: "11" }], digestMismatches: ["12"] }],
    invalid: [{ items: [], nextCursor: 12 }, { items: [], nextCursor: "x" }, { items: [] }, { items: [], nextCursor: null, gaps: [{ from: "3" }] }, { items: [], nextCursor: null, digestMismatches: [12] }],
  },
  AuditVerifyQuery: { valid: [{}, { from: "1", to: "1000" }], invalid: [{ from: "0x1" }, { to: 5 }, { cursor: "1" }] },
  AuditChainReport: {
    valid: [
      { ok: true, from: "1", to: null, checked: 0, firstBroken: null, last: null, guards: { intact: true, problems: [] } },
      { ok: false, from: "1", to: "3", checked: 2, firstBroken: { sequence: "3", kind: "digest-mismatch", reason: "r" }, last: { sequence: "2", evidenceDigest: digest }, guards: { intact: false, problems: ["p"] } },
    ],
    invalid: [
      { ok: true, from: 1, to: null, checked: 0, firstBroken: null, last: null },
      { ok: false, from: "1", to: "3", checked: 2, firstBroken: { sequence: "3", kind: "forged", reason: "r" }, last: null },
      { ok: true, from: "1", to: "2", checked: 2, firstBroken: null },
      { ok: true, from: "1", to: null, checked: 0, firstBroken: null, last: null },
      { ok: true, from: "1", to: null, checked: 0, firstBroken: null, last: null, guards: { intact: true } },
    ],
  },
  V1Error: { valid: [{ error: { code: "unauthenticated", message: "m", correlationId: "c" } }], invalid: [{ success: false, error: { code: "unauthenticated", message: "m", correlationId: "c" } }, { error: { code: "x" } }] },
  ErrorResponse: {
    valid: [
      { success: false, error: { code: "not-found", message: "rule 9 does not exist", correlationId: "c" } },
      { success: false, error: { code: "invalid-input", message: "m", correlationId: "c", details: { diagnostics: [diagnostic], hint: "h" } } },
    ],
    invalid: [{ success: true, error: { code: "not-found", message: "m", correlationId: "c" } }, { success: false, error: { code: "teapot", message: "m", correlationId: "c" } }],
  },
  RuleSummaryPage: {
    valid: [{ items: [], page: 1, page_size: 50, total: 0 }, { items: [{ id: 1, name: "r", enabled: false, description: "" }], page: 1, page_size: 1, total: 3 }],
    invalid: [{ items: [{ id: 1, name: "r" }], page: 1, page_size: 50, total: 1 }, { items: [], page: 0, page_size: 50, total: 0 }],
  },
  RuleCreated: { valid: [{ id: 1, name: "r", status: "created" }], invalid: [{ id: 1, name: "r", status: "ok" }] },
  RuleDeleted: { valid: [{ id: 1, status: "deleted" }], invalid: [{ id: "1", status: "deleted" }] },
  RuleBatchRequest: {
    valid: [
      { confirmed: true, operations: [{ op: "create", name: "r", flow_json: minimalFlow }] },
      {
        confirmed: true,
        operations: [
          { op: "create", name: "r", description: "", priority: 1, cooldown_ms: 0, trigger_config: { type: "interval", interval_ms: 500 }, flow_json: minimalFlow, enabled: true },
          { op: "update", id: 2, priority: 3 },
          { op: "enable", id: 2 },
          { op: "disable", id: 3 },
          { op: "delete", id: 4 },
        ],
      },
    ],
    invalid: [
      { operations: [{ op: "delete", id: 1 }] },
      { confirmed: true, operations: [] },
      { confirmed: true, operations: [{ op: "create", name: "stub without a flow" }] },
      { confirmed: true, operations: [{ op: "update", id: 1, enabled: true }] },
      { confirmed: true, operations: [{ op: "delete", id: 1, name: "r" }] },
      { confirmed: true, operations: [{ op: "rename", id: 1 }] },
      { confirmed: true, operations: Array.from({ length: 5001 }, () => ({ op: "delete", id: 1 })) },
    ],
  },
  RuleBatchResult: {
    valid: [{ results: [{ op: "create", id: 1, warnings: [] }, { op: "update", id: 2, warnings: [diagnostic] }], reload: { loaded: 1, enabled: 1, problems: [] } }],
    invalid: [{ results: [{ op: "create", id: 1 }], reload: { loaded: 1, enabled: 1, problems: [] } }, { results: [] }],
  },
  ExecutionResult: {
    valid: [result, shortCircuited],
    invalid: [{ ...result, variables: { t: "hot" } }, { ...result, actions: [{ ...result.actions[0], point_type: "measurement" }] }, { ...result, short_circuit: { node: "i" } }],
  },
  ManualExecution: {
    valid: [
      { rule_id: 1, success: true, actions_attempted: 1, actions_succeeded: 1, history_id: 5, result, error: null },
      { rule_id: 1, success: false, actions_attempted: 0, actions_succeeded: 0, history_id: null, result: null, error: { code: "history-unavailable", message: "m" } },
    ],
    invalid: [{ rule_id: 1, success: true, actions_attempted: -1, actions_succeeded: 0, history_id: 5, result, error: null }, { rule_id: 1, success: true }],
  },
  RuleVariables: {
    valid: [
      {
        rule_id: 1,
        variables: [
          { name: "t", kind: "input", node: "i", instance: 7, point_type: "measurement", point: 3, point_name: "temp", unit: "degC", value: null, updated_at: null },
          { name: "d", kind: "period_delta", node: "pd", instance: 7, point_type: "measurement", point: 3, period_ms: 60000 },
          { name: "k", kind: "param", node: "i", value: 2 },
          { name: "c", kind: "calc", node: "calc", expr: "t * k" },
        ],
      },
    ],
    invalid: [{ rule_id: 1, variables: [{ name: "t", kind: "point", node: "i" }] }, { rule_id: 1, variables: [{ name: "t", kind: "input", node: "i", updated_at: "now" }] }],
  },
  HistoryEntry: {
    valid: [entry, failedEntry, { ...entry, result: shortCircuited, trigger: "on_change" }],
    invalid: [{ ...entry, trigger: "cron" }, { ...entry, result: { success: true } }, { ...entry, started_at: "2026-11-21 05:00:00" }],
  },
  HistoryPage: { valid: [{ items: [], next_after_id: null, next_before_id: null }, { items: [entry, failedEntry], next_after_id: 5, next_before_id: null }, { items: [failedEntry, entry], next_after_id: null, next_before_id: 4 }], invalid: [{ items: [entry], next_after_id: "5", next_before_id: null }, { items: [entry], next_after_id: null }] },
  LiveHistoryMessage: {
    valid: [{ type: "execution", data: entry }, { type: "decision", data: decision }, { type: "error", error: { code: "unauthenticated", message: "m" } }],
    invalid: [{ type: "execution" }, { type: "history", data: entry }, { type: "error", error: { code: "x" } }, { type: "decision", data: entry }],
  },
  DecisionRecord: {
    valid: [decision, disabledDecision, { ...decision, kind: "input_unavailable", point: null, point_name: null, value: null, context: null }],
    invalid: [{ ...decision, kind: "no_change" }, { ...decision, count: 0 }, { ...decision, last_at: "10:04:59" }, { ...decision, context: { cooldown_ms: -1 } }, { ...decision, point: { instance: 1 } }],
  },
  DecisionQuery: { valid: [{}, { before_id: "7", limit: "50" }], invalid: [{ before_id: "0" }, { limit: "501" }, { order: "asc" }] },
  DecisionPage: {
    valid: [{ items: [], next_before_id: null }, { items: [decision, disabledDecision], next_before_id: 3 }],
    invalid: [{ items: [decision] }, { items: [decision], next_before_id: "3" }, { items: [decision], next_before_id: null, next_after_id: null }],
  },
  ReloadSummary: { valid: [{ loaded: 2, enabled: 1, problems: [] }, { loaded: 1, enabled: 1, problems: [problem] }], invalid: [{ loaded: 2, enabled: 1, problems: [{ ruleId: 2 }] }] },
  SchedulerStatusReport: {
    valid: [status, { ...status, running: false, last_tick_at: null, rules: [], problems: [] }, { ...status, rules: [status.rules[0]], next_after_id: 1 }],
    invalid: [{ ...status, rules: [{ ...status.rules[0], suppressed: { cooldown: 1 } }] }, { ...status, tickMs: 100 }, { ...status, last_tick_at: 0 }, { ...status, next_after_id: 0 }, { ...status, next_after_id: undefined }],
  },
  SchedulerStatusQuery: { valid: [{}, { after_id: "0", limit: "1000" }, { after_id: "1200", limit: "1" }], invalid: [{ limit: "0" }, { limit: "1001" }, { limit: "05" }, { after_id: "-1" }, { page: "1" }] },
  DataProcessingTaskList: { valid: [{ items: [] }, { items: [discoveryEntry] }], invalid: [{ items: [{ ...discoveryEntry, deadline_ms: 0 }] }, { entries: [] }] },
  ProcessorHealthReport: {
    valid: [{ items: [] }, { items: [healthy, unhealthy] }],
    invalid: [{ items: [{ ...healthy, code: "PROCESSOR_UNREACHABLE" }] }, { items: [{ ...unhealthy, code: undefined }] }, { items: [{ ...healthy, endpoint: "http://127.0.0.1:8090" }] }, { items: [{ ...healthy, status: "degraded" }] }],
  },
  ProcessTaskResponse: {
    valid: [
      { outcome: "produced", request_id: "req-1", derived_data: derivedData },
      { outcome: "unavailable", request_id: "req-2", unavailable: { reason_code: "INSUFFICIENT_HISTORY", retryable: true, retry_after_seconds: 60 } },
    ],
    invalid: [
      { outcome: "produced", request_id: "req-1" },
      { outcome: "unavailable", request_id: "req-2", derived_data: derivedData, unavailable: { reason_code: "X", retryable: false } },
      { outcome: "rejected", request_id: "req-3" },
      { outcome: "produced", request_id: "has space", derived_data: derivedData },
    ],
  },
  DerivedDataPage: { valid: [{ items: [], nextCursor: null }, { items: [derivedData], nextCursor: 7 }], invalid: [{ items: [], nextCursor: "7" }, { items: [{ ...derivedData, schema: "x" }], nextCursor: null }, { items: [] }] },
  DerivedDataQuery: { valid: [{ task_id: "site-load-forecast" }, { task_id: "t", limit: "10", before: "12" }], invalid: [{}, { task_id: "t", before: "0" }, { task_id: "t", binding: "b" }, { task_id: "t", limit: "0" }] },
} satisfies Record<string, Samples>;
