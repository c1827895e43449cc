// GET /metrics (issue 19.6): the Prometheus text of the service's own load, over HTTP, on the
// real app and engine (fake clock). The text is read with a strict parser of the format.
import { expect } from "chai";
import { createPromMetrics, type PromMetrics } from "../../runtime/metrics/prom-metrics.js";
import { parsePrometheusText, valueOf, type MetricFamily } from "../helpers/prometheus-text.js";
import { SUPPLY } from "../rules/engine-fixture.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE } from "./rule-flows.js";

/** Every series of docs/operations.md, with its type. */
const SERIES: Record<string, MetricFamily["type"]> = {
  svc_rule_executions_total: "counter",
  svc_rule_execution_duration_seconds: "histogram",
  svc_scheduler_suppressions_total: "counter",
  svc_scheduler_tick_lag_seconds: "histogram",
  svc_scheduler_queued: "gauge",
  svc_scheduler_in_flight: "gauge",
  svc_rules_enabled: "gauge",
  svc_rules_total: "gauge",
  svc_history_batch_size: "histogram",
  svc_history_write_duration_seconds: "histogram",
  svc_history_pending: "gauge",
  svc_history_dropped_total: "counter",
  svc_reload_duration_seconds: "histogram",
  svc_reload_rules_total: "counter",
  svc_http_request_duration_seconds: "histogram",
  svc_store_pool_used: "gauge",
  svc_store_pool_free: "gauge",
  svc_store_pool_pending_acquires: "gauge",
  svc_store_pool_max: "gauge",
};

describe("GET /metrics (issue 19.6)", () => {
  let f: HttpFixture;
  let metrics: PromMetrics;
  let viewer: string;
  beforeEach(async () => {
    metrics = createPromMetrics();
    f = await startHttpFixture({ metrics });
    // As runtime/main.ts composes it; the history writer's queue is a stand-in until it lands.
    metrics.observe({ status: () => f.engine.runtime.status(), pool: () => f.store.poolUse!(), historyPending: () => 3 });
    viewer = await f.token("Viewer");
  });
  afterEach(() => f.close());

  const scrape = async (): Promise<Map<string, MetricFamily>> => {
    const reply = await f.request("GET", "/metrics", { token: viewer });
    expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
    expect(reply.headers.get("content-type")).to.equal("text/plain; version=0.0.4; charset=utf-8");
    return parsePrometheusText(reply.text);
  };
  const routes = (families: Map<string, MetricFamily>): string[] =>
    [...new Set(families.get("svc_http_request_duration_seconds")!.samples.map((s) => s.labels.route!))].sort();

  it("issue 19.6: /metrics parses as Prometheus text and carries each series after an execution, a suppression and a request", async () => {
    const engineer = await f.token("Engineer");
    const create = async (name: string): Promise<number> => {
      const id = (await f.request("POST", "/api/rules", { token: engineer, body: { name, description: "", confirmed: true } })).json.data.id as number;
      expect((await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } })).status).to.equal(200);
      return id;
    };
    const running = await create("runs");
    await create("stays disabled"); // due every second: suppressed as `disabled`
    await f.request("POST", `/api/rules/${running}/enable`, { token: engineer, body: { confirmed: true } });
    await f.advance(1100); // its input is unavailable yet: stopped short
    f.engine.plane.setMeasurement(SUPPLY, 21);
    await f.advance(1000);
    expect((await f.request("POST", `/api/rules/${running}/execute`, { token: engineer, body: { confirmed: true } })).status).to.equal(200);
    expect((await f.request("GET", `/api/rules/${running}`, { token: viewer })).status).to.equal(200);

    const families = await scrape();
    for (const [name, type] of Object.entries(SERIES)) expect(families.get(name)?.type, name).to.equal(type);
    for (const name of ["process_cpu_user_seconds_total", "process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes"]) {
      expect(families.has(name), name).to.equal(true);
    }
    expect(valueOf(families, "svc_rule_executions_total", { trigger: "interval", outcome: "short_circuit" })).to.be.at.least(1);
    expect(valueOf(families, "svc_rule_executions_total", { trigger: "interval", outcome: "success" })).to.be.at.least(1);
    expect(valueOf(families, "svc_rule_executions_total", { trigger: "manual", outcome: "success" })).to.equal(1);
    expect(valueOf(families, "svc_rule_executions_total", { trigger: "on_change", outcome: "failure" }), "present at 0 before the first").to.equal(0);
    expect(valueOf(families, "svc_rule_execution_duration_seconds_count", { trigger: "manual" })).to.equal(1);
    expect(valueOf(families, "svc_scheduler_suppressions_total", { kind: "disabled" })).to.be.at.least(1);
    expect(valueOf(families, "svc_scheduler_suppressions_total", { kind: "event_dropped" })).to.equal(0);
    expect(valueOf(families, "svc_scheduler_tick_lag_seconds_count")).to.be.at.least(10);
    expect(valueOf(families, "svc_rules_enabled")).to.equal(1);
    expect(valueOf(families, "svc_rules_total")).to.equal(2);
    expect(valueOf(families, "svc_scheduler_in_flight")).to.equal(0);
    expect(valueOf(families, "svc_scheduler_queued")).to.equal(0);
    expect(valueOf(families, "svc_history_pending")).to.equal(3);
    expect(valueOf(families, "svc_store_pool_max")).to.equal(1); // SQLite: one connection
    expect(valueOf(families, "svc_store_pool_pending_acquires")).to.equal(0);
    expect(valueOf(families, "svc_reload_duration_seconds_count", { kind: "full" })).to.be.at.least(1);
    expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "GET", route: "/api/rules/{id}", status: "200" })).to.equal(1);
    expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "POST", route: "/api/rules/{id}/execute", status: "200" })).to.equal(1);
  });

  it("issue 19.6: the HTTP route label is the route's template; paths no route matches share one label, however many are tried", async () => {
    for (const id of [1, 2, 3]) await f.request("GET", `/api/rules/${id}`, { token: viewer });
    await f.request("GET", "/no/such/path/0");
    const before = routes(await scrape());
    expect(before).to.include.members(["/api/rules/{id}", "unmatched"]);
    expect(before.filter((r) => /\d/.test(r)), "no raw id in a label").to.deep.equal([]);
    for (let i = 1; i <= 20; i++) await f.request(i % 2 === 0 ? "GET" : "DELETE", `/no/such/path/${i}?q=${i}`);
    await f.request("GET", "/api/rules/1/no-such-part", { token: viewer });
    await f.request("GET", "/%2e%2e/etc/passwd");
    const families = await scrape();
    expect(routes(families), "no new route label").to.deep.equal([...before, "/metrics"].filter((r, i, all) => all.indexOf(r) === i).sort());
    expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "GET", route: "unmatched", status: "404" })).to.be.at.least(11);
  });

  it("issue 19: a known path with a method it does not take (405) carries its route's template, not unmatched", async () => {
    expect((await f.request("POST", "/metrics", { token: viewer })).status).to.equal(405);
    expect((await f.request("PATCH", "/api/rules/7", { token: viewer })).status).to.equal(405);
    expect((await f.request("GET", "/api/rules/validate", { token: viewer })).status).to.equal(405);
    const families = await scrape();
    expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "POST", route: "/metrics", status: "405" })).to.equal(1);
    expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "PATCH", route: "/api/rules/{id}", status: "405" })).to.equal(1);
    expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "GET", route: "/api/rules/validate", status: "405" })).to.equal(1);
  });

  it("issue 19.6: /metrics needs a token of any role (rule.read), as GET /api/scheduler/status; without one it is a 401 and nothing is scraped", async () => {
    const anonymous = await f.request("GET", "/metrics");
    expect(anonymous.status).to.equal(401);
    expect(anonymous.json.error.code).to.equal("unauthenticated");
    expect(anonymous.headers.get("www-authenticate")).to.match(/^Bearer/);
    const bad = await f.request("GET", "/metrics", { headers: { authorization: "Bearer not-a-token" } });
    expect(bad.status).to.equal(401);
    for (const role of ["Viewer", "Engineer", "Admin"] as const) {
      expect((await f.request("GET", "/metrics", { token: await f.token(role) })).status, role).to.equal(200);
    }
    expect((await f.request("GET", "/metrics?x=1", { token: viewer })).status, "no query parameters").to.equal(400);
  });
});

describe("GET /metrics without metrics composed (issue 19.6)", () => {
  it("issue 19.6: an app given no metrics does not mount /metrics (404) and times nothing", async () => {
    const f = await startHttpFixture();
    try {
      const reply = await f.request("GET", "/metrics", { token: await f.token("Viewer") });
      expect(reply.status).to.equal(404);
    } finally {
      await f.close();
    }
  });
});
