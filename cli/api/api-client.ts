// The rule API over HTTP, for the CLI and the MCP server: one method per endpoint of the spec,
// answers unwrapped from the `{success, data}` envelope, failures as ApiError or ServiceFailure.
// Every call is bounded in time and in answer size; mutations carry `confirmed: true`, which
// the caller must have been given (the `Confirmed` parameter makes that visible where it is sent).
import type {
  DecisionPage,
  HistoryPage,
  ManualExecution,
  ReloadSummary,
  Rule,
  RuleBatchResult,
  RuleCreated,
  RuleDeleted,
  RuleOperation,
  RuleSummary,
  RuleSummaryPage,
  RuleUpdateRequest,
  RuleValidateRequest,
  RuleValidation,
  RuleVariables,
  SchedulerStatusReport,
} from "../../generated/types.js";
import { ApiError, ServiceFailure } from "./api-errors.js";
import type { ApiSettings } from "./api-settings.js";
import { isObject } from "../is-object.js";

/** The user's explicit confirmation of a mutation (`--confirmed`, `confirmed: true`). */
export type Confirmed = { confirmed: true };

export type RuleChanges = Omit<RuleUpdateRequest, "confirmed">;

/** A page of GET /api/rules/{id}/history: `order` asc resumes with afterId, desc with beforeId. */
export interface HistoryPageQuery {
  order?: "asc" | "desc";
  afterId?: number;
  beforeId?: number;
  limit?: number;
}

export interface ApiClient {
  /** Every rule, all pages. */
  listRules(): Promise<RuleSummary[]>;
  listPage(page: number, pageSize: number): Promise<RuleSummaryPage>;
  getRule(id: number): Promise<Rule>;
  createRule(input: { name: string; description: string }, confirmed: Confirmed): Promise<RuleCreated>;
  updateRule(id: number, changes: RuleChanges, confirmed: Confirmed): Promise<Rule>;
  deleteRule(id: number, confirmed: Confirmed): Promise<RuleDeleted>;
  setEnabled(id: number, enabled: boolean, confirmed: Confirmed): Promise<Rule>;
  executeRule(id: number, confirmed: Confirmed): Promise<ManualExecution>;
  history(id: number, page: HistoryPageQuery): Promise<HistoryPage>;
  /** GET /api/rules/{id}/decisions: why the rule did not run, newest first. */
  decisions(id: number, page: { beforeId?: number; limit?: number }): Promise<DecisionPage>;
  variables(id: number): Promise<RuleVariables>;
  schedulerStatus(): Promise<SchedulerStatusReport>;
  reloadScheduler(): Promise<ReloadSummary>;
  /** POST /api/rules/batch: every operation in one transaction, or none; one reload after them. */
  applyBatch(operations: RuleOperation[], confirmed: Confirmed): Promise<RuleBatchResult>;
  /** POST /api/rules/validate: compiled with the service's site; nothing is stored. */
  validateRule(request: RuleValidateRequest): Promise<RuleValidation>;
}

/** The largest answer read: a page of 500 rules or one rule of a 1 MiB flow fits many times over. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const LIST_PAGE_SIZE = 500;

// The members each answer must have for the CLI to use it (and, for arrays, each element's): a
// base URL that points at something else than this service must end in "not the rule API's
// answer", never in a crash.
type Type = "number" | "string" | "boolean" | "object" | "array" | "object|null";
export interface Shape {
  [member: string]: Type | { each: Shape };
}
const RULE: Shape = { id: "number", name: "string", enabled: "boolean", description: "string", nodes_json: "object" };
const RESULT: Shape = { actions: "array", path: "array", matched: "array" };
const SHAPES = {
  page: { items: { each: { id: "number", name: "string", enabled: "boolean", description: "string" } }, total: "number", page: "number", page_size: "number" },
  rule: RULE,
  created: { id: "number", name: "string" },
  deleted: { id: "number" },
  execution: { rule_id: "number", success: "boolean", actions_attempted: "number", actions_succeeded: "number", result: "object|null" },
  history: { items: { each: { id: "number", started_at: "string", finished_at: "string", success: "boolean", result: "object" } } },
  decisions: { items: { each: { id: "number", kind: "string", count: "number", first_at: "string", last_at: "string" } } },
  variables: { rule_id: "number", variables: { each: { name: "string", kind: "string" } } },
  status: { running: "boolean" },
  reload: { loaded: "number", enabled: "number" },
  batch: { results: { each: { op: "string", id: "number", warnings: "array" } }, reload: "object" },
  validation: { valid: "boolean", diagnostics: { each: { code: "string", severity: "string", message: "string" } }, rules: "array" },
} satisfies Record<string, Shape>;

export function createApiClient(settings: ApiSettings, fetchImpl: typeof fetch = fetch): ApiClient {
  const call = async <T>(method: string, path: string, shape: keyof typeof SHAPES, body?: unknown): Promise<T> => {
    const data = await request<unknown>(settings, fetchImpl, method, path, body);
    const wrong = mismatch(data, SHAPES[shape] as Shape) ?? (shape === "execution" ? resultMismatch(data) : undefined);
    if (wrong !== undefined) throw new ServiceFailure(`${method} ${path} answered data that is not the rule API's (${wrong}): is SVC_BASE_URL (${settings.baseUrl}) this service?`);
    return data as T;
  };
  const rule = (id: number) => `/api/rules/${id}`;
  return {
    async listRules() {
      const all: RuleSummary[] = [];
      for (let page = 1; ; page++) {
        const answer = await call<RuleSummaryPage>("GET", `/api/rules?page=${page}&page_size=${LIST_PAGE_SIZE}`, "page");
        all.push(...answer.items);
        if (answer.items.length < LIST_PAGE_SIZE || all.length >= answer.total) return all;
      }
    },
    listPage: (page, pageSize) => call("GET", `/api/rules?page=${page}&page_size=${pageSize}`, "page"),
    getRule: (id) => call("GET", rule(id), "rule"),
    createRule: (input, confirmed) => call("POST", "/api/rules", "created", { ...input, ...confirmed }),
    updateRule: (id, changes, confirmed) => call("PUT", rule(id), "rule", { ...changes, ...confirmed }),
    deleteRule: (id, confirmed) => call("DELETE", rule(id), "deleted", confirmed),
    setEnabled: (id, enabled, confirmed) => call("POST", `${rule(id)}/${enabled ? "enable" : "disable"}`, "rule", confirmed),
    executeRule: (id, confirmed) => call("POST", `${rule(id)}/execute`, "execution", confirmed),
    history: (id, { order, afterId, beforeId, limit }) => {
      const query = new URLSearchParams();
      if (order !== undefined) query.set("order", order);
      if (afterId !== undefined) query.set("after_id", String(afterId));
      if (beforeId !== undefined) query.set("before_id", String(beforeId));
      if (limit !== undefined) query.set("limit", String(limit));
      const text = query.toString();
      return call("GET", `${rule(id)}/history${text ? `?${text}` : ""}`, "history");
    },
    decisions: (id, { beforeId, limit }) => {
      const query = new URLSearchParams();
      if (beforeId !== undefined) query.set("before_id", String(beforeId));
      if (limit !== undefined) query.set("limit", String(limit));
      const text = query.toString();
      return call("GET", `${rule(id)}/decisions${text ? `?${text}` : ""}`, "decisions");
    },
    variables: (id) => call("GET", `${rule(id)}/variables`, "variables"),
    schedulerStatus: () => call("GET", "/api/scheduler/status", "status"),
    reloadScheduler: () => call("POST", "/api/scheduler/reload", "reload", {}),
    applyBatch: (operations, confirmed) => call("POST", "/api/rules/batch", "batch", { ...confirmed, operations }),
    validateRule: (body) => call("POST", "/api/rules/validate", "validation", body),
  };
}

/**
 * One request; the answer unwrapped from the `{success, data}` envelope, or with `v1` (the
 * control plane's routes, which answer the body itself) as it came.
 */
export async function request<T>(settings: ApiSettings, fetchImpl: typeof fetch, method: string, path: string, body: unknown, envelope: "api" | "v1" = "api"): Promise<T> {
  const url = `${settings.baseUrl}${path}`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (settings.token !== undefined) headers.authorization = `Bearer ${settings.token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, { method, headers, signal, redirect: "error", ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    text = await readLimited(response);
  } catch (error) {
    throw failureOf(error, settings, `${method} ${path}`);
  }
  const correlationId = response.headers.get("x-correlation-id") ?? undefined;
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ServiceFailure(`${method} ${path} answered ${response.status} with a body that is not JSON: is SVC_BASE_URL (${settings.baseUrl}) this service?`, response.status, correlationId);
  }
  if (envelope === "v1" && response.ok) return answer as T;
  if (isEnvelope(answer) && answer.success === true && response.ok) return answer.data as T;
  const error = isObject(answer) && isObject(answer.error) ? answer.error : undefined;
  if (!response.ok && error !== undefined && typeof error.code === "string" && typeof error.message === "string") {
    const id = typeof error.correlationId === "string" ? error.correlationId : correlationId;
    throw new ApiError(response.status, error.code, error.message, id, isObject(error.details) ? (error.details as ApiError["details"]) : undefined);
  }
  throw new ServiceFailure(`${method} ${path} answered ${response.status} with a body that is not the rule API's envelope: is SVC_BASE_URL (${settings.baseUrl}) this service?`, response.status, correlationId);
}

/** The first member of `shape` that `data` lacks or has of another type; undefined when it fits. */
export function mismatch(data: unknown, shape: Shape, at = ""): string | undefined {
  if (!isObject(data)) return `${at || "the answer"} is not an object`;
  for (const [key, expected] of Object.entries(shape)) {
    const value = data[key];
    const where = `${at}/${key}`;
    if (typeof expected === "object") {
      if (!Array.isArray(value)) return `${where} is not an array`;
      for (const [i, item] of value.entries()) {
        const wrong = mismatch(item, expected.each, `${where}/${i}`);
        if (wrong !== undefined) return wrong;
      }
      continue;
    }
    const actual = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
    if (!expected.split("|").includes(actual)) return `${where} is ${value === undefined ? "missing" : actual}, not ${expected.replace("|", " or ")}`;
  }
  return undefined;
}

/** An execution's result, when it has one, must have the lists the CLI prints. */
function resultMismatch(data: unknown): string | undefined {
  const result = (data as { result: unknown }).result;
  return result === null ? undefined : mismatch(result, RESULT, "/result");
}

/** The body as text, refusing answers larger than MAX_ANSWER_BYTES without reading them whole. */
async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_ANSWER_BYTES) throw new AnswerTooLarge();
  if (response.body === null) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw new AnswerTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

class AnswerTooLarge extends Error {}

function failureOf(error: unknown, settings: ApiSettings, what: string): ServiceFailure {
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError") return new ServiceFailure(`${what}: no answer from ${settings.baseUrl} within ${settings.timeoutMs} ms (SVC_TIMEOUT_MS)`);
  if (error instanceof AnswerTooLarge) return new ServiceFailure(`${what}: the answer is larger than ${MAX_ANSWER_BYTES} bytes; refused`);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message;
  return new ServiceFailure(`cannot reach the service at ${settings.baseUrl} (${reason}): is it running (npm start), and is SVC_BASE_URL right?`);
}

function isEnvelope(value: unknown): value is { success: boolean; data?: unknown } {
  return isObject(value) && typeof value.success === "boolean";
}
