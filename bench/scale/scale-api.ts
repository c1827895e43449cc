// The benchmark's calls to the served service: the measured rule (a stub made with POST, then
// the 50-node flow PUT once, left disabled so only the seeded rules run), the scheduler's
// counters, and GET /metrics when the service has it.
import type { FlowJson } from "../../generated/types.js";

export interface ApiCaller {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }>;
}

export function apiCaller(url: string, token: string): ApiCaller {
  return {
    async call(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, text: await response.text() };
    },
  };
}

async function ok(api: ApiCaller, method: string, path: string, body?: unknown): Promise<string> {
  const { status, text } = await api.call(method, path, body);
  if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 400)}`);
  return text;
}

export interface MeasuredRule {
  path: string;
  putBody: string;
}

export async function prepareMeasuredRule(api: ApiCaller, flow: FlowJson): Promise<MeasuredRule> {
  const created = JSON.parse(await ok(api, "POST", "/api/rules", { name: "scale benchmark flow", description: "PUT by the scale benchmark", confirmed: true })) as { data: { id: number } };
  const path = `/api/rules/${created.data.id}`;
  const putBody = JSON.stringify({ flow_json: flow, confirmed: true });
  await ok(api, "PUT", path, putBody);
  const stored = (JSON.parse(await ok(api, "GET", path)) as { data: { enabled: boolean; flow_json: { nodes: unknown[] } } }).data;
  if (stored.enabled || stored.flow_json.nodes.length !== flow.nodes.length) throw new Error("the measured rule is not the disabled flow that was PUT");
  return { path, putBody };
}

export interface SchedulerCounters {
  executions: number;
  queued: number;
  inFlight: number;
  enabledRules: number;
}

export async function schedulerCounters(api: ApiCaller): Promise<SchedulerCounters> {
  const { data } = JSON.parse(await ok(api, "GET", "/api/scheduler/status")) as { data: { executions: number; queued: number; in_flight: number; enabled_rules: number } };
  return { executions: data.executions, queued: data.queued, inFlight: data.in_flight, enabledRules: data.enabled_rules };
}

/** The Prometheus text of GET /metrics, or undefined when the service has no such route. */
export async function metricsText(api: ApiCaller): Promise<string | undefined> {
  const { status, text } = await api.call("GET", "/metrics");
  return status === 200 ? text : undefined;
}
