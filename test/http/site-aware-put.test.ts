// Issue 17 item 4 over HTTP: PUT (and with it `svc import` and `svc sync`) compiles the flow with
// the service's loaded site and the trigger the rule will have; a flow or trigger that names a
// point the site does not declare is refused with the usual diagnostics and nothing is stored.
// The engine fixture's site has one instance (7, AHU-1): measurements 1, 2, 4; actions 1, 2, 4.
import { expect } from "chai";
import type { Diagnostic } from "../../generated/types.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE, flowOf } from "./rule-flows.js";

describe("issue 17.4: PUT checks the flow against the service's loaded site", () => {
  let f: HttpFixture;
  let engineer: string;
  beforeEach(async () => {
    f = await startHttpFixture();
    engineer = await f.token("Engineer");
  });
  afterEach(() => f.close());

  const create = async (name = "r"): Promise<number> => {
    const reply = await f.request("POST", "/api/rules", { token: engineer, body: { name, confirmed: true } });
    return reply.json.data.id as number;
  };
  const put = (id: number, body: Record<string, unknown>) => f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...body, confirmed: true } });
  const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);

  it("issue 17.4: PUT of a flow writing an undeclared point is 400 (node id, /flow_json path) and the stored row stays byte-identical", async () => {
    const id = await create();
    expect((await put(id, { ...VALVE_RULE })).status).to.equal(200);
    const before = (await f.request("GET", `/api/rules/${id}`, { token: engineer })).text;
    const row = JSON.stringify(await f.store.rules.get(id));
    const bad = flowOf("trigger every 1s\ninput t = measurement(7, 1)\nwrite action(13, 9) = 1");
    const reply = await put(id, { ...bad, name: "renamed" });
    expect(reply.status, reply.text).to.equal(400);
    expect(reply.json.error.code).to.equal("invalid-input");
    const diagnostics: Diagnostic[] = reply.json.error.details.diagnostics;
    const change = bad.flow_json.nodes.findIndex((n) => n.type === "change");
    const found = diagnostics.find((d) => d.code === "point/unknown-instance");
    expect(found, JSON.stringify(diagnostics)).to.not.equal(undefined);
    expect(found!.nodeId).to.equal(bad.flow_json.nodes[change]!.id);
    expect(found!.path).to.match(new RegExp(`^/flow_json/nodes/${change}/`));
    expect((await f.request("GET", `/api/rules/${id}`, { token: engineer })).text).to.equal(before);
    expect(JSON.stringify(await f.store.rules.get(id))).to.equal(row);
  });

  it("issue 17.4: PUT of a flow reading a point its instance does not have is 400 point/unknown-point; nothing is stored", async () => {
    const id = await create();
    const row = JSON.stringify(await f.store.rules.get(id));
    const reply = await put(id, flowOf("trigger every 1s\ninput t = measurement(7, 3)\nwrite action(7, 2) = t"));
    expect(reply.status, reply.text).to.equal(400);
    expect(codes(reply.json.error.details.diagnostics)).to.include("point/unknown-point");
    expect(JSON.stringify(await f.store.rules.get(id))).to.equal(row);
  });

  it("issue 17.4: a trigger_config alone is checked with the stored flow: an undeclared on_change point is 400 at /trigger_config/point_refs/<k>", async () => {
    const id = await create();
    expect((await put(id, { ...VALVE_RULE })).status).to.equal(200);
    const row = JSON.stringify(await f.store.rules.get(id));
    const trigger_config = { type: "on_change", point_refs: [{ instance: 7, point_type: "measurement", point: 1 }, { instance: 99, point_type: "measurement", point: 3 }] };
    const reply = await put(id, { trigger_config });
    expect(reply.status, reply.text).to.equal(400);
    const diagnostics: Diagnostic[] = reply.json.error.details.diagnostics;
    expect(diagnostics.map((d) => [d.code, d.path]), JSON.stringify(diagnostics)).to.deep.include(["point/unknown-trigger-point", "/trigger_config/point_refs/1"]);
    expect(JSON.stringify(await f.store.rules.get(id))).to.equal(row);
  });

  it("issue 17.4: a stub (no flow yet) given a trigger watching an undeclared point is refused too; nothing is stored", async () => {
    const id = await create();
    const row = JSON.stringify(await f.store.rules.get(id));
    const reply = await put(id, { trigger_config: { type: "on_change", point_refs: [{ instance: 99, point_type: "measurement", point: 3 }] } });
    expect(reply.status, reply.text).to.equal(400);
    expect((reply.json.error.details.diagnostics as Diagnostic[]).map((d) => [d.code, d.path])).to.deep.equal([["point/unknown-trigger-point", "/trigger_config/point_refs/0"]]);
    expect(JSON.stringify(await f.store.rules.get(id))).to.equal(row);
  });

  it("issue 17.4: a stub given a trigger within the site stores it and answers no warnings", async () => {
    const id = await create();
    const reply = await put(id, { trigger_config: { type: "on_change", point_refs: [{ instance: 7, point_type: "measurement", point: 1 }] } });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.json.warnings).to.deep.equal([]);
    expect(reply.json.data.flow_json).to.equal(null);
  });

  it("issue 17.4: the flow is checked with the trigger given beside it, not the stored one (the self-trigger warning follows the new trigger, once)", async () => {
    const id = await create();
    const { flow_json } = flowOf("trigger every 1s\ninput v = measurement(7, 1)\nwrite action(7, 2) = 10");
    const trigger_config = { type: "on_change", point_refs: [{ instance: 7, point_type: "action", point: 2 }] };
    const reply = await put(id, { flow_json, trigger_config });
    expect(reply.status, reply.text).to.equal(200);
    const warnings: Diagnostic[] = reply.json.warnings;
    expect(warnings.filter((w) => w.code === "rule/self-trigger")).to.have.length(1);
    expect(warnings.every((w) => w.severity === "warning")).to.equal(true);
  });

  it("issue 17.4: a PUT that does not touch flow or trigger (a rename) is not refused for a stored flow the site no longer matches", async () => {
    const id = await create();
    // Stored out of band (as by an older version): the service's checks never saw it.
    const stale = flowOf("trigger every 1s\ninput t = measurement(7, 1)\nwrite action(13, 9) = 1");
    const { compileFlow } = await import("../../compiler/index.js");
    const compiled = compileFlow(stale.flow_json);
    if (!compiled.ok) throw new Error("fixture flow must compile without a site");
    await f.store.rules.update(id, { flow: { flow_json: compiled.flow_json, nodes_json: compiled.nodes_json } }, new Date());
    const reply = await put(id, { name: "renamed" });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.json.data.name).to.equal("renamed");
    expect((reply.json.warnings as Diagnostic[]).every((w) => w.severity === "warning")).to.equal(true);
  });

  it("issue 17.4: a flow within the site is stored as before, with no warnings", async () => {
    const id = await create();
    const reply = await put(id, { ...VALVE_RULE });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.json.warnings).to.deep.equal([]);
  });
});
