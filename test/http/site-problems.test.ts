// Issue 17 item 4: stored rules that no longer match the loaded site (stored out of band, by an
// older version, or before the site changed) are reported by reload in the scheduler status's
// `problems`, and GET /api/site/points lists the site's points with their readers and writers
// among stored rules, and the points rules use that the site does not declare.
import { expect } from "chai";
import { fetchSitePoints } from "../../cli/api/site-points-client.js";
import { pointsText } from "../../cli/points-report.js";
import { compileFlow } from "../../compiler/index.js";
import type { Diagnostic } from "../../generated/types.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { flowOf } from "./rule-flows.js";

describe("issue 17.4: stored rules against the loaded site (status problems, GET /api/site/points)", () => {
  let f: HttpFixture;
  let engineer: string;
  let viewer: string;
  beforeEach(async () => {
    f = await startHttpFixture();
    engineer = await f.token("Engineer");
    viewer = await f.token("Viewer");
  });
  afterEach(() => f.close());

  /** Creates a rule through the API (checked against the site), enabled unless told not to. */
  const addRule = async (name: string, body: string, options: { enabled?: boolean; priority?: number } = {}): Promise<number> => {
    const id = (await f.request("POST", "/api/rules", { token: engineer, body: { name, confirmed: true } })).json.data.id as number;
    const put = await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...flowOf(body), priority: options.priority ?? 0, confirmed: true } });
    expect(put.status, put.text).to.equal(200);
    if (options.enabled !== false) await f.request("POST", `/api/rules/${id}/enable`, { token: engineer, body: { confirmed: true } });
    return id;
  };
  /** Stores a rule as an older version or another tool might have: no site check. */
  const storeOutOfBand = async (name: string, body: string, enabled: boolean): Promise<number> => {
    const { flow_json, trigger_config } = flowOf(body);
    const compiled = compileFlow(flow_json);
    if (!compiled.ok) throw new Error("fixture flow must compile without a site");
    const rule = await f.store.rules.importRule({ name, description: "", enabled, priority: 0, cooldown_ms: 0, trigger_config, flow_json: compiled.flow_json, nodes_json: compiled.nodes_json }, new Date());
    return rule.id;
  };
  const status = async () => (await f.request("GET", "/api/scheduler/status", { token: viewer })).json.data as { problems: Array<{ ruleId: number; excluded: boolean; diagnostics: Diagnostic[] }>; enabled_rules: number };

  it("issue 17.4: after a reload, an enabled stored rule writing an undeclared point is a problem (point/unknown-instance, /flow_json path) and still runs", async () => {
    const id = await storeOutOfBand("stale", "trigger every 1s\ninput t = measurement(7, 1)\nwrite action(13, 9) = 1", true);
    await f.request("POST", "/api/scheduler/reload", { token: engineer });
    const report = await status();
    const problem = report.problems.find((p) => p.ruleId === id);
    expect(problem, JSON.stringify(report.problems)).to.not.equal(undefined);
    expect(problem!.excluded).to.equal(false);
    const found = problem!.diagnostics.find((d) => d.code === "point/unknown-instance");
    expect(found, JSON.stringify(problem!.diagnostics)).to.not.equal(undefined);
    expect(found!.path).to.match(/^\/flow_json\/nodes\/\d+\//);
    expect(report.enabled_rules).to.equal(1);
    // It runs: its write fails at run time and the execution record says so.
    await f.advance(1000);
    expect((await f.history(id)).map((e) => e.success)).to.include(false);
  });

  it("issue 17.4: a disabled stored rule that no longer matches the site is reported too, never as excluded", async () => {
    const id = await storeOutOfBand("stale and off", "trigger every 1s\ninput t = measurement(7, 3)\nwrite action(7, 2) = t", false);
    await f.request("POST", "/api/scheduler/reload", { token: engineer });
    const problem = (await status()).problems.find((p) => p.ruleId === id);
    expect(problem, "a problem for the disabled rule").to.not.equal(undefined);
    expect(problem!.excluded).to.equal(false);
    expect(problem!.diagnostics.map((d) => d.code)).to.include("point/unknown-point");
  });

  it("issue 17.4: a disabled stored rule whose trigger re-triggers it is reported with its warning (site checks run on every stored rule)", async () => {
    const { flow_json } = flowOf("trigger every 1s\ninput v = measurement(7, 1)\nwrite action(7, 2) = 10");
    const id = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "loop", confirmed: true } })).json.data.id as number;
    const trigger_config = { type: "on_change", point_refs: [{ instance: 7, point_type: "action", point: 2 }] };
    expect((await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { flow_json, trigger_config, confirmed: true } })).status).to.equal(200);
    const problem = (await status()).problems.find((p) => p.ruleId === id);
    expect(problem?.diagnostics.map((d) => [d.code, d.severity])).to.deep.equal([["rule/self-trigger", "warning"]]);
    expect(problem!.diagnostics[0]!.path).to.match(/^\/flow_json\/nodes\/\d+\/data\/config\/writes\/0$/);
  });

  it("issue 17.4: an undeclared on_change point of a stored rule is reported once (the engine's and the site check's findings are not both given)", async () => {
    const id = await storeOutOfBand("watches nothing", "trigger on_change(measurement(99, 3))\ninput t = measurement(7, 1)\nwrite action(7, 2) = t", true);
    await f.request("POST", "/api/scheduler/reload", { token: engineer });
    const problem = (await status()).problems.find((p) => p.ruleId === id);
    expect(problem?.excluded).to.equal(false);
    expect(problem!.diagnostics.filter((d) => d.code.endsWith("/unknown-trigger-point")).map((d) => d.path)).to.have.length(1);
  });

  it("issue 17.4: GET /api/site/points lists the site's points in file order with their readers and writers (rule id, name, priority)", async () => {
    const a = await addRule("valve", "trigger every 1s\ninput t = measurement(7, 1)\nwrite action(7, 2) = 10", { priority: 5 });
    const b = await addRule("also valve", "trigger on_change(measurement(7, 1))\nwrite action(7, 2) = 20", { enabled: false });
    const reply = await f.request("GET", "/api/site/points", { token: viewer });
    expect(reply.status, reply.text).to.equal(200);
    const { points, undeclared } = reply.json.data;
    expect(points.map((p: { point_type: string; point: number }) => `${p.point_type}(${p.point})`)).to.deep.equal(["measurement(1)", "measurement(4)", "action(1)", "action(4)", "action(2)", "measurement(2)"]);
    const supply = points[0];
    expect(supply).to.deep.equal({
      instance: 7, instance_name: "AHU-1", instance_key: null, point_type: "measurement", point: 1, name: "supply_temp", unit: "degC", min: -30, max: 60,
      readers: [{ rule_id: a, rule: "valve", access: "read" }, { rule_id: b, rule: "also valve", access: "trigger" }],
      writers: [],
    });
    const valve = points.find((p: { point_type: string; point: number }) => p.point_type === "action" && p.point === 2);
    expect(valve.writers).to.deep.equal([{ rule_id: a, rule: "valve", priority: 5 }, { rule_id: b, rule: "also valve", priority: 0 }]);
    expect(undeclared).to.deep.equal([]);
  });

  it("issue 17.4: GET /api/site/points lists in `undeclared` each point stored rules use that the site does not declare, with its readers and writers", async () => {
    const id = await storeOutOfBand("stale", "trigger on_change(measurement(99, 3))\ninput t = measurement(7, 1)\nwrite action(13, 9) = 1", true);
    await f.request("POST", "/api/scheduler/reload", { token: engineer });
    const { undeclared } = (await f.request("GET", "/api/site/points", { token: viewer })).json.data;
    expect(undeclared).to.deep.equal([
      { ref: "action(13, 9)", instance: 13, point_type: "action", point: 9, readers: [], writers: [{ rule_id: id, rule: "stale", priority: 0 }] },
      { ref: "measurement(99, 3)", instance: 99, point_type: "measurement", point: 3, readers: [{ rule_id: id, rule: "stale", access: "trigger" }], writers: [] },
    ]);
  });

  it("issue 17.3/17.4: svc points over the API reads the service's answer, undeclared points included (the shapes are one)", async () => {
    await storeOutOfBand("stale", "trigger every 1s\nwrite action(13, 9) = 1", true);
    await f.request("POST", "/api/scheduler/reload", { token: engineer });
    const report = await fetchSitePoints({ baseUrl: f.url, token: viewer, timeoutMs: 5000 });
    const text = pointsText(report);
    expect(text).to.contain("Points the rules use that the site does not declare:");
    expect(text).to.match(/action\(13, 9\)\s+-\s+stale/);
  });

  it("issue 17.4: GET /api/site/points follows changes: each change reloads, and a deleted rule is no longer a writer", async () => {
    const id = await addRule("valve", "trigger every 1s\nwrite action(7, 2) = 10");
    const writers = async () => (await f.request("GET", "/api/site/points", { token: viewer })).json.data.points.find((p: { point_type: string; point: number }) => p.point_type === "action" && p.point === 2).writers;
    expect(await writers()).to.have.length(1);
    await f.request("DELETE", `/api/rules/${id}`, { token: engineer, body: { confirmed: true } });
    expect(await writers()).to.deep.equal([]);
  });

  it("issue 17.4: GET /api/site/points needs rule.read: 401 without a token; unknown query parameters are 400", async () => {
    expect((await f.request("GET", "/api/site/points")).status).to.equal(401);
    expect((await f.request("GET", "/api/site/points?all=1", { token: viewer })).status).to.equal(400);
  });
});
