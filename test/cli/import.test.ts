// `svc import` as a user runs it: the real binary as a child process against the real service.
// Import is sync without deletion, over the files named (rule files, or rules as the API returns them).
import { expect } from "chai";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient, type ApiClient } from "../../cli/api/api-client.js";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { isIsomorphic } from "../../compiler/topology/canonical-topology.js";
import type { NodesTopology, Rule } from "../../generated/types.js";
import { runCli, startCliService, type CliRun, type CliService } from "../helpers/cli-service.js";
import { demoSite } from "../helpers/demo-site.js";
import { fromRoot } from "../helpers/paths.js";

const DEMO = "examples/packs/demo";
const confirmed = { confirmed: true } as const;

function clientOf(service: CliService, token: string): ApiClient {
  return createApiClient({ baseUrl: service.url, token, timeoutMs: 10_000 });
}

/** Every rule of the service in full, by name. */
async function rulesByName(client: ApiClient): Promise<Map<string, Rule>> {
  const rules = await Promise.all((await client.listRules()).map((s) => client.getRule(s.id)));
  return new Map(rules.map((r) => [r.name, r]));
}

const linesOf = (run: CliRun, action: string): string[] => run.out.split("\n").filter((line) => line.startsWith(`${action} `));

describe("svc import (issue 8 item 3)", function () {
  this.timeout(60_000);
  let service: CliService;
  let env: Record<string, string>;
  let admin: ApiClient;
  let dir: string;
  const importing = (...args: string[]): Promise<CliRun> => runCli(["import", ...args], { env });

  before(async () => {
    service = await startCliService();
    env = await service.env("Engineer");
    admin = clientOf(service, await service.token("Admin"));
    dir = mkdtempSync(join(tmpdir(), "svc-import-"));
  });
  after(async () => {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates the rules of the files named and never deletes another rule", async () => {
    const { id: other } = await admin.createRule({ name: "Not in the files", description: "" }, confirmed);
    const run = await importing(`${DEMO}/rules/boiler-enable.rule`, `${DEMO}/rules/zone-lighting.rule`, "--confirmed");
    expect(run.code, run.err).to.equal(0);
    expect(linesOf(run, "create")).to.have.length(2);
    expect(run.out).to.contain("2 created, 0 updated, 0 unchanged; scheduler reloaded");
    expect(run.out).not.to.contain("Not in the files");
    expect((await admin.listRules()).map((r) => r.name).sort()).to.deep.equal(["Boiler enable", "Not in the files", "Zone lighting"]);
    await admin.deleteRule(other, confirmed);
  });

  it("takes a rule as the API returns it (svc export's json/<name>.json): the same rule is unchanged, a renamed one created", async () => {
    const boiler = (await rulesByName(admin)).get("Boiler enable")!;
    writeFileSync(join(dir, "boiler-enable.json"), JSON.stringify(boiler, null, 2));
    const same = await importing(join(dir, "boiler-enable.json"), "--confirmed");
    expect(same.code, same.err).to.equal(0);
    expect(same.out).to.contain(`unchanged #${boiler.id} "Boiler enable"`);
    expect(same.out).to.contain("nothing to do");
    writeFileSync(join(dir, "renamed.json"), JSON.stringify({ ...boiler, name: "Boiler enable (copy)", enabled: true }));
    const renamed = await importing(join(dir, "renamed.json"), "--confirmed");
    expect(renamed.code, renamed.err).to.equal(0);
    const copy = (await rulesByName(admin)).get("Boiler enable (copy)")!;
    expect(copy.enabled, "a file's enabled is ignored: created rules are disabled").to.equal(false);
    expect(copy.flow_json).to.deep.equal(boiler.flow_json);
  });

  it("a legacy compact-only rule (flow_json null) is decompiled and compiled: it gets an editor document with the same topology", async () => {
    const compiled = compileRuleSource(readFileSync(fromRoot(DEMO, "rules/ahu1-alarms.rule"), "utf8"), { site: demoSite() }).rules[0]!;
    const { flow_json: _flow, nodes_json, ...settings } = compiled;
    writeFileSync(join(dir, "legacy.json"), JSON.stringify({ ...settings, name: "Legacy alarms", flow_json: null, nodes_json }));
    const run = await importing(join(dir, "legacy.json"), "--confirmed");
    expect(run.code, run.err).to.equal(0);
    const legacy = (await rulesByName(admin)).get("Legacy alarms")!;
    expect(legacy.flow_json).to.not.equal(null);
    expect(isIsomorphic(legacy.nodes_json as NodesTopology, nodes_json)).to.equal(true);
    expect(legacy.trigger_config).to.deep.equal(settings.trigger_config);
  });

  it("issue 19: a rule file outside a pack that names site points says to give the site with --site; with it, the file compiles", async () => {
    const outside = join(dir, "outside");
    mkdirSync(outside, { recursive: true });
    cpSync(fromRoot(DEMO, "rules/ahu1-alarms.rule"), join(outside, "ahu1-alarms.rule"));
    const run = await importing(join(outside, "ahu1-alarms.rule"), "--confirmed", "--dry-run");
    expect(run.code, run.err).to.equal(1);
    expect(run.err).to.match(/error point\/no-site: ahu1\.filter_dp names a point of the site, but no site\.yaml was found for the file .*: give the site with --site SITE\.yaml \(svc import \.\.\. --site SITE\.yaml\)/);
    const given = await importing(join(outside, "ahu1-alarms.rule"), "--confirmed", "--dry-run", "--site", fromRoot(DEMO, "site.yaml"));
    expect(given.code, given.err).to.equal(0);
  });

  it("a stub in JSON is skipped with a note; a wrong field is an error with the file's line and column, nothing sent", async () => {
    writeFileSync(join(dir, "stub.json"), JSON.stringify({ id: 4, name: "A stub", description: "", flow_json: null, nodes_json: {} }));
    const flow = compileRuleSource(readFileSync(fromRoot(DEMO, "rules/zone-lighting.rule"), "utf8"), { site: demoSite() }).rules[0]!.flow_json;
    writeFileSync(join(dir, "bad.json"), `{\n  "name": "Bad priority",\n  "priority": "high",\n  "flow_json": ${JSON.stringify(flow)}\n}\n`);
    const run = await importing(join(dir, "stub.json"), join(dir, "bad.json"), "--confirmed");
    expect(run.code).to.equal(1);
    expect(run.err).to.contain(`${join(dir, "stub.json")}: skipped: a stub (nodes_json {}) has no flow to import`);
    expect(run.err).to.match(new RegExp(`${join(dir, "bad.json")}:3:15: error`));
    expect((await rulesByName(admin)).has("Bad priority")).to.equal(false);
  });

  it("in a folder, *.json are not read (svc export writes each rule as DSL and JSON): no duplicate names", async () => {
    const exported = join(dir, "exported");
    mkdirSync(join(exported, "json"), { recursive: true });
    cpSync(fromRoot(DEMO, "rules/zone-lighting.rule"), join(exported, "zone-lighting.rule"));
    cpSync(fromRoot(DEMO, "site.yaml"), join(exported, "site.yaml")); // its named points need the site
    writeFileSync(join(exported, "json/zone-lighting.json"), JSON.stringify((await rulesByName(admin)).get("Zone lighting")));
    const run = await importing(exported, "--dry-run");
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.contain('unchanged #');
    expect(run.out).to.contain("nothing to do");
  });

  it("--enable enables the imported rules; usage: no --prune (import never deletes)", async () => {
    const run = await importing(`${DEMO}/rules/zone-lighting.rule`, "--confirmed", "--enable");
    expect(run.code, run.err).to.equal(0);
    expect(linesOf(run, "enable")).to.have.length(1);
    expect((await rulesByName(admin)).get("Zone lighting")!.enabled).to.equal(true);
    const prune = await importing(DEMO, "--confirmed", "--prune");
    expect(prune.code).to.equal(2);
    expect(prune.err).to.contain("import never deletes");
  });
});
