// The document describes the real service: every route is called over HTTP (successes and
// errors), and each answer's status is one the document lists for the operation and its body
// validates against the schema the document gives for that status.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "chai";
import { SCHEMAS } from "../../generated/schemas.js";
import { buildOpenApi, type JsonObject } from "../../runtime/http/openapi/build-openapi.js";
import { ROUTES } from "../../runtime/http/route-table.js";
import { createPromMetrics } from "../../runtime/metrics/prom-metrics.js";
import type { RunningProcessor } from "../../runtime/processor/start-processor.js";
import { databaseBackends } from "../store/backends.js";
import { START } from "../rules/engine-fixture.js";
import { demoPack, loadForecast, processingDeps, startReference, syntheticSources } from "./data-processing-fixture.js";
import { startHttpFixture, type HttpFixture, type Reply } from "./http-fixture.js";
import { VALVE_RULE } from "./rule-flows.js";

const DOC_ID = "https://svc.example/openapi.json";
const doc = buildOpenApi(ROUTES, SCHEMAS, { title: "svc", version: "0.0.0-test" }) as { paths: Record<string, Record<string, { responses: Record<string, JsonObject> }>> };
const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true, formats: { "date-time": true } });
ajv.addSchema(doc, DOC_ID);

const pointer = (...tokens: string[]) => tokens.map((t) => t.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function responseValidator(operationId: string, status: number): ValidateFunction | "no-json" {
  const route = ROUTES.find((r) => r.operationId === operationId)!;
  const response = doc.paths[route.path]![route.method]!.responses[String(status)];
  expect(response, `${operationId} answered ${status}, which the document does not list`).to.not.equal(undefined);
  if (!("application/json" in (response!.content as JsonObject))) return "no-json";
  return ajv.compile({ $ref: `${DOC_ID}#/${pointer("paths", route.path, route.method, "responses", String(status), "content", "application/json", "schema")}` });
}

for (const [name, backend] of databaseBackends()) {
  describe(`OpenAPI document against the running service on ${name} (issue 5 item 6: no second copy of any shape)`, () => {
    let fixture: HttpFixture;
    let processor: RunningProcessor;
    const seen = new Set<string>();
    // Data processing with the demo pack and the reference processor; a frame cut a day before
    // the fixture's time has no history (so its quality is refused: 422).
    const pack = demoPack();

    before(async () => {
      processor = await startReference(pack);
      fixture = await startHttpFixture({
        store: await backend.open("openapi"),
        metrics: createPromMetrics({ processMetrics: false }),
        processing: processingDeps({
          pack,
          endpoint: () => processor.url,
          readSources: async (c, asOf, horizon) => (asOf < START - 86_400_000 ? { ...syntheticSources(c, asOf, horizon), history: {} } : syntheticSources(c, asOf, horizon)),
        }),
      });
    });
    after(async () => {
      await fixture.close();
      await processor.close();
      await backend.cleanup();
    });

    async function call(operationId: string, method: string, path: string, options: Parameters<HttpFixture["request"]>[2] = {}): Promise<Reply> {
      const reply = await fixture.request(method, path, options);
      const validate = responseValidator(operationId, reply.status);
      if (validate !== "no-json") expect(validate(reply.json), `${operationId} ${reply.status} ${reply.text.slice(0, 300)}\n${JSON.stringify(validate.errors)}`).to.equal(true);
      expect(reply.headers.get("x-correlation-id"), operationId).to.be.a("string");
      seen.add(operationId);
      return reply;
    }

    it("every route's answers match the document, successes and errors", async () => {
      const admin = await fixture.token("Admin");
      const viewer = await fixture.token("Viewer");
      const confirmed = { confirmed: true };
      await call("getHealth", "GET", "/health");
      await call("getPlatform", "GET", "/api/v1/platform");
      await call("listRules", "GET", "/api/rules?page=0", { token: viewer });
      await call("createRule", "POST", "/api/rules", { token: viewer, body: { name: "r", confirmed: true } });
      await call("createRule", "POST", "/api/rules", { token: admin, body: { name: "r" } });
      const created = await call("createRule", "POST", "/api/rules", { token: admin, body: { name: "r", description: "d", confirmed: true } });
      const id = (created.json as { data: { id: number } }).data.id;
      await call("listRules", "GET", "/api/rules?page_size=1", { token: viewer });
      await call("getRule", "GET", `/api/rules/${id}`, { token: viewer });
      await call("getRule", "GET", "/api/rules/999", { token: viewer });
      await call("updateRule", "PUT", `/api/rules/${id}`, { token: admin, body: { ...VALVE_RULE, confirmed: true } });
      await call("updateRule", "PUT", `/api/rules/${id}`, { token: admin, body: { enabled: true, confirmed: true } });
      await call("updateRule", "PUT", `/api/rules/${id}`, { token: admin, body: { flow_json: { nodes: [], edges: [] }, confirmed: true } });
      await call("validateRule", "POST", "/api/rules/validate", { token: viewer, body: { source: 'rule "v" {\n  write action(7, 2) = 10\n}', format: "dsl" } });
      await call("validateRule", "POST", "/api/rules/validate", { token: viewer, body: { flow_json: { nodes: [] } } });
      await call("validateRule", "POST", "/api/rules/validate", { token: viewer, body: { source: "x" } });
      await call("validateRule", "POST", "/api/rules/validate", { body: { source: "x", format: "dsl" } });
      await call("listSitePoints", "GET", "/api/site/points", { token: viewer });
      await call("listSitePoints", "GET", "/api/site/points?x=1", { token: viewer });
      await call("enableRule", "POST", `/api/rules/${id}/enable`, { token: admin, body: confirmed });
      const status = await call("getSchedulerStatus", "GET", "/api/scheduler/status", { token: viewer });
      expect((status.json as { data: { rules: unknown[] } }).data.rules).to.have.length(1);
      await call("getSchedulerStatus", "GET", "/api/scheduler/status?after_id=0&limit=1000", { token: viewer });
      await call("getSchedulerStatus", "GET", "/api/scheduler/status?limit=1001", { token: viewer });
      await call("disableRule", "POST", `/api/rules/${id}/disable`, { token: admin, body: confirmed });
      await call("executeRule", "POST", `/api/rules/${id}/execute`, { token: admin, body: confirmed });
      await call("getRuleVariables", "GET", `/api/rules/${id}/variables`, { token: viewer });
      await call("getRuleHistory", "GET", `/api/rules/${id}/history?limit=1`, { token: viewer });
      await call("getRuleDecisions", "GET", `/api/rules/${id}/decisions?limit=1`, { token: viewer });
      await call("getRuleDecisions", "GET", `/api/rules/${id}/decisions?before_id=x`, { token: viewer });
      await call("getRuleDecisions", "GET", "/api/rules/999/decisions", { token: viewer });
      await call("getRuleDecisions", "GET", `/api/rules/${id}/decisions`);
      await call("reloadScheduler", "POST", "/api/scheduler/reload", { token: admin });
      const batched = await call("applyRuleBatch", "POST", "/api/rules/batch", { token: admin, body: { confirmed: true, operations: [{ op: "create", name: "batched", ...VALVE_RULE }, { op: "disable", id }] } });
      expect(batched.status, batched.text.slice(0, 300)).to.equal(200);
      await call("applyRuleBatch", "POST", "/api/rules/batch", { token: admin, body: { confirmed: true, operations: [{ op: "delete", id: 999 }] } });
      await call("applyRuleBatch", "POST", "/api/rules/batch", { token: admin, body: { confirmed: true, operations: [{ op: "create", name: "batched", ...VALVE_RULE }] } });
      await call("applyRuleBatch", "POST", "/api/rules/batch", { token: viewer, body: { confirmed: true, operations: [] } });
      await call("listAuditEvents", "GET", "/api/v1/audit/events?limit=2", { token: admin });
      await call("listAuditEvents", "GET", "/api/v1/audit/events", { token: viewer });
      await call("listAuditEvents", "GET", "/api/v1/audit/events?cursor=x", { token: admin });
      const stream = await call("streamAuditEvents", "GET", "/api/v1/audit/events/stream", { token: admin, headers: { "Last-Event-ID": "1" } });
      expect(stream.headers.get("content-type")).to.match(/^text\/event-stream/);
      await call("verifyAuditChain", "GET", "/api/v1/audit/verify", { token: admin });
      await call("verifyAuditChain", "GET", "/api/v1/audit/verify?from=x", { token: admin });
      await call("verifyAuditChain", "GET", "/api/v1/audit/verify", { token: viewer });
      await call("deleteRule", "DELETE", `/api/rules/${id}`, { token: admin, body: confirmed });
      await call("deleteRule", "DELETE", `/api/rules/${id}`, { token: admin, body: confirmed });
      await call("listProcessingTasks", "GET", "/api/v1/data-processing/tasks", { token: viewer });
      await call("listProcessingTasks", "GET", "/api/v1/data-processing/tasks");
      await call("listProcessingTasks", "GET", "/api/v1/data-processing/tasks?all=1", { token: viewer });
      await call("getProcessorHealth", "GET", "/api/v1/data-processing/processors/health", { token: viewer });
      const engineer = await fixture.token("Engineer");
      const processed = await call("processTask", "POST", "/api/v1/data-processing/process", { token: engineer, body: loadForecast(), headers: { "x-request-id": "req-openapi-1" } });
      expect(processed.status, processed.text.slice(0, 300)).to.equal(200);
      await call("processTask", "POST", "/api/v1/data-processing/process", { token: viewer, body: loadForecast() });
      await call("processTask", "POST", "/api/v1/data-processing/process", { token: engineer, body: { ...loadForecast(), frame: {} } });
      await call("processTask", "POST", "/api/v1/data-processing/process", { token: engineer, body: loadForecast({ task_id: "pv-forecast" }) });
      await call("processTask", "POST", "/api/v1/data-processing/process", { token: engineer, body: loadForecast({ expected_task_revision: 2 }) });
      await call("processTask", "POST", "/api/v1/data-processing/process", { token: engineer, body: loadForecast({ options: { kind: "forecast", horizon_steps: 4, quantiles: [0.5] } }) });
      const refused = await call("processTask", "POST", "/api/v1/data-processing/process", { token: engineer, body: loadForecast({ as_of: new Date(START - 2 * 86_400_000).toISOString() }) });
      expect(refused.status, refused.text.slice(0, 300)).to.equal(422);
      const derived = await call("listDerivedData", "GET", "/api/v1/data-processing/derived?task_id=site-load-forecast&limit=1", { token: viewer });
      expect(derived.json.items).to.have.length(1);
      await call("listDerivedData", "GET", "/api/v1/data-processing/derived?limit=1", { token: viewer });
      const metrics = await call("getMetrics", "GET", "/metrics", { token: viewer });
      expect(metrics.headers.get("content-type")).to.match(/^text\/plain; version=0\.0\.4/);
      await call("getMetrics", "GET", "/metrics");
      await call("getOpenApi", "GET", "/openapi.json");
      await call("getDocs", "GET", "/docs");
      expect([...seen].sort()).to.deep.equal(ROUTES.map((r) => r.operationId).sort());
    });
  });
}
