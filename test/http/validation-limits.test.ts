// Issue 19: one authenticated request must not freeze the service through schema validation.
// An array past its schema's maxItems is refused without checking its items; within the limits,
// the diagnostics are capped (the first 100, then how many more). Over real HTTP on SQLite.
import { expect } from "chai";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";

interface Diagnostic {
  code: string;
  message: string;
  path: string;
}

describe("schema validation limits over HTTP (issue 19)", function () {
  this.timeout(60_000);
  let f: HttpFixture;
  let engineer: string;
  beforeEach(async () => {
    f = await startHttpFixture();
    engineer = await f.token("Engineer", { sub: "alice" });
  });
  afterEach(() => f.close());

  const zeros = (count: number) => new Array<number>(count).fill(0);
  const createRule = async () => {
    const reply = await f.request("POST", "/api/rules", { token: engineer, body: { name: "Boiler", confirmed: true } });
    expect(reply.status, reply.text).to.equal(201);
    return reply.json.data.id as number;
  };

  it("issue 19: PUT of a flow_json with 100,000 wrong-typed nodes is a 400 naming the node limit, with no diagnostic per node", async () => {
    const id = await createRule();
    const reply = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { flow_json: { nodes: zeros(100_000), edges: [] }, confirmed: true } });
    expect(reply.status, reply.text.slice(0, 500)).to.equal(400);
    expect(reply.json.error.code).to.equal("invalid-input");
    expect(reply.json.error.message).to.equal(`the body of PUT /api/rules/${id} is invalid: /flow_json/nodes: must have at most 1000 items`);
    const diagnostics = reply.json.error.details.diagnostics as Diagnostic[];
    expect(diagnostics.map((d) => [d.code, d.path, d.message])).to.deep.equal([["schema/max-items", "/flow_json/nodes", "must have at most 1000 items"]]);
    expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).json.data.flow_json).to.equal(null);
  });

  it("issue 19: POST /api/rules/batch of a create whose flow_json has 100,000 wrong-typed nodes is a 400 naming the node limit, nothing stored", async () => {
    const operations = [{ op: "create", name: "Boiler", flow_json: { nodes: zeros(100_000), edges: [] } }];
    const reply = await f.request("POST", "/api/rules/batch", { token: engineer, body: { confirmed: true, operations } });
    expect(reply.status, reply.text.slice(0, 500)).to.equal(400);
    const diagnostics = reply.json.error.details.diagnostics as Diagnostic[];
    expect(diagnostics.map((d) => [d.code, d.path, d.message])).to.deep.equal([["schema/max-items", "/operations/0/flow_json/nodes", "must have at most 1000 items"]]);
    expect((await f.store.rules.list({ offset: 0, limit: 1 })).total).to.equal(0);
  });

  it("issue 19: PUT and POST /api/rules/batch of 1,000 wrong-typed nodes (within the limit) list the first 100 problems and then how many more there were", async () => {
    const id = await createRule();
    const flow_json = { nodes: zeros(1000), edges: [] };
    const put = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { flow_json, confirmed: true } });
    const batch = await f.request("POST", "/api/rules/batch", { token: engineer, body: { confirmed: true, operations: [{ op: "update", id, flow_json }] } });
    for (const [reply, prefix] of [[put, "/flow_json"], [batch, "/operations/0/flow_json"]] as const) {
      expect(reply.status, reply.text.slice(0, 500)).to.equal(400);
      const diagnostics = reply.json.error.details.diagnostics as Diagnostic[];
      expect(diagnostics).to.have.length(101);
      expect(diagnostics[0]).to.include({ code: "schema/type", path: `${prefix}/nodes/0`, message: "expected an object, got an integer" });
      expect(diagnostics[99]).to.include({ path: `${prefix}/nodes/99` });
      expect(diagnostics[100]).to.include({ code: "schema/too-many-problems", message: "900 more problems not listed: only the first 100 are" });
    }
  });

  it("issue 19: an unknown op in a batch names all five operations", async () => {
    const reply = await f.request("POST", "/api/rules/batch", { token: engineer, body: { confirmed: true, operations: [{ op: "rename", id: 1 }] } });
    expect(reply.status, reply.text).to.equal(400);
    const diagnostics = reply.json.error.details.diagnostics as Diagnostic[];
    expect(diagnostics.map((d) => [d.path, d.message])).to.deep.equal([["/operations/0/op", 'unknown op "rename"; expected one of create, update, enable, disable, delete']]);
  });

  // The review found the batch route taking text/plain; it already shares readJsonBody with every
  // JSON route (415), so this only keeps it so.
  it("POST /api/rules/batch refuses a body that is not application/json (415), after authentication and authorisation", async () => {
    const text = JSON.stringify({ confirmed: true, operations: [{ op: "create", name: "Boiler", flow_json: { nodes: [], edges: [] } }] });
    const send = (token?: string) => f.request("POST", "/api/rules/batch", { ...(token ? { token } : {}), body: text, headers: { "content-type": "text/plain" } });
    expect((await send()).status).to.equal(401);
    expect((await send(await f.token("Viewer", { sub: "victor" }))).status).to.equal(403);
    const reply = await send(engineer);
    expect(reply.status, reply.text).to.equal(415);
    expect(reply.json.error).to.include({ code: "unsupported-media-type", message: "the request body must be application/json, not text/plain" });
    expect((await f.store.rules.list({ offset: 0, limit: 1 })).total).to.equal(0);
  });
});
