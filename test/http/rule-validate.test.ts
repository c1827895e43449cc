// Issue 17 item 4: POST /api/rules/validate compiles an editor document or a rule file's text with
// the service's loaded site and answers what `svc compile` says about the same content with the
// same site; it stores nothing and audits nothing. Permission rule.read.
import { expect } from "chai";
import { compileRuleSource, compileRuleYaml, indexSite } from "../../compiler/index.js";
import type { Diagnostic } from "../../generated/types.js";
import { testSite } from "../rules/engine-fixture.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE, flowOf } from "./rule-flows.js";

const SITE = indexSite(testSite());

/** Two rules: one clean, one writing a point the site does not declare, plus a syntax slip in a third. */
const DSL = `rule "valve" {
  trigger every 1s
  input t = measurement(7, 1)
  write action(7, 2) = 10
}

rule "stale" {
  trigger every 1s
  write action(13, 9) = 1
}

rule "slip" {
  trigger every 1s
  write action(7, 2) = (1 +
}
`;

const YAML = `rules:
  - name: valve
    trigger: { every: 1s }
    steps:
      - input:
          t: measurement(7, 1)
      - write: action(7, 2)
        value: 10
`;

describe("issue 17.4: POST /api/rules/validate", () => {
  let f: HttpFixture;
  let viewer: string;
  beforeEach(async () => {
    f = await startHttpFixture();
    viewer = await f.token("Viewer");
  });
  afterEach(() => f.close());

  const validate = (body: unknown, token: string | undefined = viewer) => f.request("POST", "/api/rules/validate", { ...(token !== undefined ? { token } : {}), body });

  it("issue 17.4: DSL text answers exactly the diagnostics svc compile gives for the same text and site, and the rules that compiled", async () => {
    const reply = await validate({ source: DSL, format: "dsl" });
    expect(reply.status, reply.text).to.equal(200);
    const local = compileRuleSource(DSL, { site: SITE });
    expect(reply.json.data.diagnostics).to.deep.equal(JSON.parse(JSON.stringify(local.diagnostics)));
    expect(reply.json.data.valid).to.equal(false);
    expect(reply.json.data.rules).to.deep.equal(JSON.parse(JSON.stringify(local.rules.map(({ name, flow_json, nodes_json }) => ({ name, flow_json, nodes_json })))));
  });

  it("issue 17: an answer carries at most 1,000 diagnostics and says how many more there are (a 30 KB body of bad characters made 10,000)", async () => {
    const reply = await validate({ source: "@\n".repeat(10_000), format: "dsl" });
    expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
    const diagnostics = reply.json.data.diagnostics as Diagnostic[];
    expect(diagnostics).to.have.length(1001);
    expect(diagnostics[999]).to.include({ code: "dsl/unexpected-character" });
    expect(diagnostics[999]!.span?.start.line).to.equal(1000);
    expect(diagnostics[1000]).to.include({ code: "validate/truncated", severity: "warning" });
    expect(diagnostics[1000]!.message).to.match(/^9000 more diagnostics are not shown/);
    expect(reply.json.data.valid).to.equal(false);
  });

  it("issue 17.4: DSL text writing an undeclared point answers point/unknown-instance at its line and column", async () => {
    const reply = await validate({ source: DSL, format: "dsl" });
    const found = (reply.json.data.diagnostics as Diagnostic[]).find((d) => d.code === "point/unknown-instance");
    expect(found, JSON.stringify(reply.json.data.diagnostics)).to.not.equal(undefined);
    expect(found!.span?.start.line).to.equal(9);
    expect(reply.json.data.rules.map((r: { name: string }) => r.name)).to.deep.equal(["valve"]);
  });

  it("issue 17.4: YAML text answers what compileRuleYaml gives with the site; a valid file answers valid with its nodes_json", async () => {
    const reply = await validate({ source: YAML, format: "yaml" });
    expect(reply.status, reply.text).to.equal(200);
    const local = compileRuleYaml(YAML, { site: SITE });
    expect(reply.json.data.diagnostics).to.deep.equal(JSON.parse(JSON.stringify(local.diagnostics)));
    expect(reply.json.data.valid).to.equal(true);
    expect(reply.json.data.rules).to.have.length(1);
    expect(reply.json.data.rules.map((r: { nodes_json: unknown }) => r.nodes_json)).to.deep.equal(JSON.parse(JSON.stringify(local.rules.map((r) => r.nodes_json))));
  });

  it("issue 17.4: flow_json answers valid with the nodes_json the PUT would store, and warnings with the trigger given", async () => {
    const valid = await validate({ flow_json: VALVE_RULE.flow_json, trigger_config: VALVE_RULE.trigger_config });
    expect(valid.status, valid.text).to.equal(200);
    expect(valid.json.data).to.include({ valid: true });
    expect(valid.json.data.diagnostics).to.deep.equal([]);
    const id = (await f.request("POST", "/api/rules", { token: await f.token("Engineer"), body: { name: "r", confirmed: true } })).json.data.id;
    const put = await f.request("PUT", `/api/rules/${id}`, { token: await f.token("Engineer"), body: { ...VALVE_RULE, confirmed: true } });
    expect(valid.json.data.rules).to.deep.equal([{ flow_json: put.json.data.flow_json, nodes_json: put.json.data.nodes_json }]);

    const { flow_json } = flowOf("trigger every 1s\ninput v = measurement(7, 1)\nwrite action(7, 2) = 10");
    const looping = await validate({ flow_json, trigger_config: { type: "on_change", point_refs: [{ instance: 7, point_type: "action", point: 2 }] } });
    expect(looping.json.data.valid).to.equal(true);
    expect((looping.json.data.diagnostics as Diagnostic[]).map((d) => [d.code, d.severity])).to.deep.equal([["rule/self-trigger", "warning"]]);
    // Paths point into the document itself, as svc compile gives them for a .flow.json file.
    expect(looping.json.data.diagnostics[0].path).to.match(/^\/nodes\/\d+\/data\/config\/writes\/0$/);
  });

  it("issue 17.4: flow_json writing an undeclared point answers valid false with point/unknown-instance (node id, path into the document) and no rules", async () => {
    const { flow_json } = flowOf("trigger every 1s\nwrite action(13, 9) = 1");
    const reply = await validate({ flow_json });
    expect(reply.status).to.equal(200);
    expect(reply.json.data.valid).to.equal(false);
    const found = (reply.json.data.diagnostics as Diagnostic[]).find((d) => d.code === "point/unknown-instance");
    expect(found, JSON.stringify(reply.json.data.diagnostics)).to.not.equal(undefined);
    expect(found!.nodeId).to.be.a("string");
    expect(found!.path).to.match(/^\/nodes\/\d+\//);
    expect(reply.json.data.rules).to.deep.equal([]);
  });

  it("issue 17.4: a malformed editor document is answered, not refused: valid false with the compile function's diagnostics", async () => {
    const reply = await validate({ flow_json: { nodes: [{ id: "s", type: "start" }] } });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.json.data.valid).to.equal(false);
    expect(reply.json.data.diagnostics.length).to.be.greaterThan(0);
  });

  it("issue 17.4: stores nothing and writes no audit record", async () => {
    const audit = async () => (await f.store.audit.list({ tenantId: "default", projectId: "default", limit: 500 })).items.length;
    const before = await audit();
    await validate({ source: DSL, format: "dsl" });
    await validate({ flow_json: VALVE_RULE.flow_json });
    expect(await f.store.rules.count()).to.equal(0);
    expect(await audit()).to.equal(before);
  });

  it("issue 17.4: the body is checked against its schema: one of flow_json or source (with format), nothing else", async () => {
    for (const body of [{}, { source: DSL }, { format: "dsl" }, { source: DSL, format: "python" }, { flow_json: VALVE_RULE.flow_json, source: DSL, format: "dsl" }, { source: DSL, format: "dsl", confirmed: true }, { trigger_config: null }]) {
      const reply = await validate(body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
      expect(reply.json.error.code).to.equal("invalid-input");
      expect(reply.json.error.details.diagnostics.length).to.be.greaterThan(0);
    }
    expect((await f.request("POST", "/api/rules/validate", { token: viewer })).status).to.equal(400);
  });

  it("issue 17.4: the caller is authenticated before the body is read (401 for a malformed body without a token); 415 for another media type", async () => {
    const reply = await f.request("POST", "/api/rules/validate", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(reply.status).to.equal(401);
    const text = await f.request("POST", "/api/rules/validate", { token: viewer, body: "rule", headers: { "content-type": "text/plain" } });
    expect(text.status).to.equal(415);
  });
});

describe("issue 17.4: POST /api/rules/validate has the body limit of the other routes", () => {
  it("issue 17.4: a body over the limit is 413", async () => {
    const f = await startHttpFixture({ bodyLimitBytes: 2048 });
    try {
      const reply = await f.request("POST", "/api/rules/validate", { token: await f.token("Viewer"), body: { source: "#".repeat(4096), format: "dsl" } });
      expect(reply.status).to.equal(413);
    } finally {
      await f.close();
    }
  });
});
