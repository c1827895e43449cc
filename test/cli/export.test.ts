// `svc export` as a child process against the real service: every rule as DSL and raw JSON,
// DSL only when it compiles back to the same rule, stubs and legacy rules, read-only refusals.
import { expect } from "chai";
import knex from "knex";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient, type ApiClient } from "../../cli/api/api-client.js";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { isIsomorphic } from "../../compiler/topology/canonical-topology.js";
import type { NodesTopology, Rule } from "../../generated/types.js";
import { sqliteKnexConfig } from "../../runtime/store/sqlite-client.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { indexSite, type SiteIndex } from "../../compiler/site/site-index.js";
import { closedPort, runCli, startCliService, type CliService } from "../helpers/cli-service.js";
import { demoSite } from "../helpers/demo-site.js";
import { fromRoot } from "../helpers/paths.js";

const confirmed = { confirmed: true } as const;

/** A rule of a demo .rule file, created through the API as sync would: stub, then settings and flow. */
async function createFromRuleFile(client: ApiClient, file: string, name?: string): Promise<number> {
  const compiled = compileRuleSource(readFileSync(fromRoot("examples/packs/demo/rules", file), "utf8"), { site: demoSite() }).rules[0]!;
  const { id } = await client.createRule({ name: name ?? compiled.name, description: compiled.description }, confirmed);
  const { priority, cooldown_ms, trigger_config, flow_json } = compiled;
  await client.updateRule(id, { priority, cooldown_ms, trigger_config, flow_json }, confirmed);
  return id;
}

/** Changes stored columns directly: what the API never writes (legacy rules, disagreeing columns). */
async function patchStoredRule(service: CliService, id: number, columns: Record<string, string | null>): Promise<void> {
  const db = knex(sqliteKnexConfig(join(service.dir, "svc.sqlite")));
  try {
    await db("rules").where({ id }).update(columns);
  } finally {
    await db.destroy();
  }
}


/** The demo site with a key `i<id>` for every instance, so that every point has a name to write. */
function keyedDemoSite(): string {
  const demo = readFileSync(fromRoot("examples/packs/demo/site.yaml"), "utf8").replace(/^ {4}key: \w+\n/gm, "");
  return demo.replace(/^ {2}- id: (\d+)\n/gm, (line, id: string) => `${line}    key: i${id}\n`);
}

function loadedSite(path: string): SiteIndex {
  const loaded = loadSite(readFileSync(path, "utf8"), path);
  expect(loaded.diagnostics).to.deep.equal([]);
  return indexSite(loaded.site!);
}

function expectSameRule(dslText: string, rule: Rule): void {
  const compiled = compileRuleSource(dslText);
  expect(compiled.diagnostics.filter((d) => d.severity === "error"), rule.name).to.deep.equal([]);
  expect(compiled.rules).to.have.length(1);
  const { flow_json: _flow, nodes_json, ...settings } = compiled.rules[0]!;
  expect(isIsomorphic(nodes_json, rule.nodes_json as NodesTopology), rule.name).to.equal(true);
  const { name, description, priority, cooldown_ms, trigger_config } = rule;
  expect(settings).to.deep.equal({ name, description, priority, cooldown_ms, trigger_config });
}

describe("svc export", function () {
  this.timeout(60_000);
  let service: CliService;
  let env: Record<string, string>;
  let client: ApiClient;
  let dir: string;
  const ids = { zone: 0, boiler: 0, clash: 0, stub: 0, legacy: 0, mismatched: 0 };

  before(async () => {
    service = await startCliService();
    env = await service.env("Engineer");
    client = createApiClient({ baseUrl: service.url, token: env.SVC_ACCESS_TOKEN, timeoutMs: 10_000 });
    // An editor document: POST a stub, PUT its flow_json.
    ids.zone = (await client.createRule({ name: "Zone cooling", description: "drawn in the editor" }, confirmed)).id;
    const flow = JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows/zone-cooling.flow.json"), "utf8"));
    await client.updateRule(ids.zone, { flow_json: flow, priority: 3 }, confirmed);
    await client.setEnabled(ids.zone, true, confirmed);
    ids.boiler = await createFromRuleFile(client, "boiler-enable.rule");
    ids.clash = await createFromRuleFile(client, "zone-lighting.rule", "Boiler enable!");
    ids.stub = (await client.createRule({ name: "Not drawn yet", description: "" }, confirmed)).id;
    // Legacy: compact only (flow_json null), which no API call can make.
    ids.legacy = await createFromRuleFile(client, "chw-setpoint-reset.rule");
    await patchStoredRule(service, ids.legacy, { flow_json: null });
    // Columns that disagree: the DSL from flow_json would not give the stored nodes_json back.
    ids.mismatched = await createFromRuleFile(client, "zone2-heating-valve.rule", "Mismatched columns");
    const other = await client.getRule(ids.boiler);
    await patchStoredRule(service, ids.mismatched, { nodes_json: JSON.stringify(other.nodes_json) });
  });
  after(() => service.stop());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-export-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("--out DIR writes <name>.rule (compiling to the service's nodes_json and settings) and json/<name>.json (GET's data) per rule", async () => {
    writeFileSync(join(dir, "old-rule.rule"), "kept\n");
    const run = await runCli(["export", "--out", dir], { env });
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.equal("");
    const rules = await Promise.all((await client.listRules()).map((s) => client.getRule(s.id)));
    for (const rule of rules) {
      const file = rule.id === ids.clash ? `boiler-enable-${ids.clash}` : rule.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/-$/, "");
      const json = readFileSync(join(dir, "json", `${file}.json`), "utf8");
      expect(json).to.equal(`${JSON.stringify(rule, null, 2)}\n`);
      const dslFile = join(dir, `${file}.rule`);
      if (rule.id === ids.stub || rule.id === ids.mismatched) expect(existsSync(dslFile), rule.name).to.equal(false);
      else expectSameRule(readFileSync(dslFile, "utf8"), rule);
    }
    expect(readdirSync(dir).sort()).to.deep.equal(
      ["boiler-enable.rule", `boiler-enable-${ids.clash}.rule`, "chw-setpoint-reset.rule", "json", "old-rule.rule", "zone-cooling.rule"].sort(),
    );
    expect(readFileSync(join(dir, "old-rule.rule"), "utf8")).to.equal("kept\n");
    expect(run.err).to.contain(`#${ids.zone} "Zone cooling" -> ${join(dir, "zone-cooling.rule")}, ${join(dir, "json", "zone-cooling.json")}\n`);
    expect(run.err).to.match(new RegExp(`#${ids.legacy} "CHW setpoint reset" -> .*chw-setpoint-reset\\.rule, .*; from nodes_json \\(no editor document\\)\\n`, "i"));
    expect(run.err).to.contain(`#${ids.stub} "Not drawn yet" -> ${join(dir, "json", "not-drawn-yet.json")}; stub: no flow yet, JSON only\n`);
    expect(run.err).to.contain(`-${ids.clash} added: rule #${ids.boiler} has the same file name`);
    expect(run.err).to.match(new RegExp(`#${ids.mismatched} "Mismatched columns" -> [^\\n]*; JSON only\\n  warning: not written as DSL: its DSL compiles to a different nodes_json`));
    expect(run.err).to.contain("exported 6 rules");
  });

  it("a legacy rule (flow_json null) is exported from its nodes_json", async () => {
    const legacy = await client.getRule(ids.legacy);
    expect(legacy.flow_json).to.equal(null);
    const run = await runCli(["export", "--out", dir, "--json"], { env });
    expect(run.code, run.err).to.equal(0);
    const report = JSON.parse(run.out) as Array<{ id: number; rule_file: string | null; dsl_from: string | null; note: string | null }>;
    const entry = report.find((r) => r.id === ids.legacy)!;
    expect(entry.dsl_from).to.equal("nodes_json");
    expectSameRule(readFileSync(entry.rule_file!, "utf8"), legacy);
    expect(report.find((r) => r.id === ids.stub)).to.include({ rule_file: null, dsl_from: null, note: "stub: no flow yet" });
  });

  it("without --out prints one DSL text holding every rule that has DSL, in id order; notes on stderr", async () => {
    const run = await runCli(["export"], { env });
    expect(run.code, run.err).to.equal(0);
    const compiled = compileRuleSource(run.out);
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).to.deep.equal([]);
    const expected = [ids.zone, ids.boiler, ids.clash, ids.legacy];
    expect(compiled.rules.map((r) => r.name)).to.deep.equal(await Promise.all(expected.map(async (id) => (await client.getRule(id)).name)));
    for (const [i, id] of expected.entries()) {
      expect(isIsomorphic(compiled.rules[i]!.nodes_json, (await client.getRule(id)).nodes_json as NodesTopology)).to.equal(true);
    }
    expect(run.err).to.contain(`#${ids.stub} "Not drawn yet": stub: no flow yet, left out`);
    expect(run.err).to.contain(`warning: #${ids.mismatched} "Mismatched columns" left out`);
    expect(run.err).to.contain("4 rules of 6 printed as DSL");
  });

  it("--json without --out prints the rules as the API answers them", async () => {
    const run = await runCli(["export", "--json"], { env });
    expect(run.code, run.err).to.equal(0);
    const rules = await Promise.all((await client.listRules()).map((s) => client.getRule(s.id)));
    expect(JSON.parse(run.out)).to.deep.equal(rules);
  });

  it("refuses without SVC_ACCESS_TOKEN (exit 3) and writes nothing", async () => {
    const out = join(dir, "export");
    const run = await runCli(["export", "--out", out], { env: { SVC_BASE_URL: service.url } });
    expect(run.code).to.equal(3);
    expect(run.err).to.contain("SVC_ACCESS_TOKEN is not set");
    expect(existsSync(out)).to.equal(false);
  });

  it("an unreachable service (a closed port) fails with exit 4 and nothing written", async () => {
    const out = join(dir, "export");
    const run = await runCli(["export", "--out", out], { env: { ...env, SVC_BASE_URL: `http://127.0.0.1:${await closedPort()}` } });
    expect(run.code).to.equal(4);
    expect(run.err).to.contain("cannot reach the service");
    expect(existsSync(out)).to.equal(false);
  });

  it("issue 17.2: --site writes points by the site's names; the DSL compiles back with that site to the service's rules", async () => {
    writeFileSync(join(dir, "site.yaml"), keyedDemoSite());
    const run = await runCli(["export", "--site", join(dir, "site.yaml")], { env });
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.match(/ i\d+\.[a-z_]+/);
    const site = loadedSite(join(dir, "site.yaml"));
    const compiled = compileRuleSource(run.out, { site });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).to.deep.equal([]);
    for (const rule of compiled.rules) {
      const stored = (await Promise.all((await client.listRules()).map((r) => client.getRule(r.id)))).find((r) => r.name === rule.name)!;
      expect(isIsomorphic(rule.nodes_json, stored.nodes_json as NodesTopology), rule.name).to.equal(true);
    }
    expect(compileRuleSource(run.out).diagnostics.map((d) => d.code)).to.include("point/no-site");
  });

  it("issue 17.2: --out DIR uses DIR/site.yaml for names, and a second export into it changes no file", async () => {
    writeFileSync(join(dir, "site.yaml"), keyedDemoSite());
    const first = await runCli(["export", "--out", dir], { env });
    expect(first.code, first.err).to.equal(0);
    const boiler = readFileSync(join(dir, "boiler-enable.rule"), "utf8");
    expect(boiler).to.match(/ i\d+\.[a-z_]+/);
    const second = await runCli(["export", "--out", dir], { env });
    expect(second.code, second.err).to.equal(0);
    expect(second.err).to.contain("4 already up to date in their files");
    expect(readFileSync(join(dir, "boiler-enable.rule"), "utf8")).to.equal(boiler);
  });

  it("issue 17.2: --out PACK/rules uses the pack's site.yaml, one folder up", async () => {
    writeFileSync(join(dir, "site.yaml"), keyedDemoSite());
    mkdirSync(join(dir, "rules"));
    const run = await runCli(["export", "--out", join(dir, "rules")], { env });
    expect(run.code, run.err).to.equal(0);
    expect(readFileSync(join(dir, "rules", "boiler-enable.rule"), "utf8")).to.match(/ i\d+\.[a-z_]+/);
  });

  it("issue 17.2: a site with errors stops the export before any request (exit 1, nothing written)", async () => {
    writeFileSync(join(dir, "site.yaml"), "channels: []\ninstances: [{ id: 1 }]\n");
    const out = join(dir, "export");
    const run = await runCli(["export", "--out", out, "--site", join(dir, "site.yaml")], { env });
    expect(run.code).to.equal(1);
    expect(run.err).to.match(/site\.yaml:2:\d+: error schema\//);
    expect(existsSync(out)).to.equal(false);
  });

  it("wrong usage: a positional argument, or --out naming a file (exit 2, no request)", async () => {
    expect((await runCli(["export", "rules/"], { env })).code).to.equal(2);
    writeFileSync(join(dir, "file"), "");
    const run = await runCli(["export", "--out", join(dir, "file")], { env });
    expect(run.code).to.equal(2);
    expect(run.err).to.contain("is a file, not a folder");
  });
});

describe("issue 17: svc export --out PACK, a rule file of two rules and a site that lacks a point", function () {
  this.timeout(60_000);
  let service: CliService;
  let env: Record<string, string>;
  let client: ApiClient;
  let dir: string;
  const RULES = `rule "Cooling A" {\n  trigger every 1m\n  input t = measurement(5, 1)\n  when t > 30 { write action(7, 1) = 1 }\n}\n\nrule "Cooling B" {\n  trigger every 1m\n  input t = measurement(12, 3)\n  when t > 25 { write action(7, 1) = 2 }\n}\n`;

  before(async () => {
    service = await startCliService();
    env = await service.env("Engineer");
    client = createApiClient({ baseUrl: service.url, token: env.SVC_ACCESS_TOKEN, timeoutMs: 10_000 });
    for (const rule of compileRuleSource(RULES).rules) {
      const { id } = await client.createRule({ name: rule.name, description: rule.description }, confirmed);
      const { priority, cooldown_ms, trigger_config, flow_json } = rule;
      await client.updateRule(id, { priority, cooldown_ms, trigger_config, flow_json }, confirmed);
    }
  });
  after(() => service.stop());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "svc-export-pack-"));
    mkdirSync(join(dir, "rules"));
    // The pack's site has no weather station (instance 5), which the service's site has.
    const site = readFileSync(fromRoot("examples/packs/demo/site.yaml"), "utf8").replace(/\n {2}- id: 5\n(?: {4}.*\n)+/, "\n");
    expect(site).to.not.contain("key: weather");
    writeFileSync(join(dir, "site.yaml"), site);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("issue 17: each rule of rules/cooling.rule gets its own json/<name>.json", async () => {
    writeFileSync(join(dir, "rules", "cooling.rule"), RULES);
    const run = await runCli(["export", "--out", dir], { env });
    expect(run.code, run.err).to.equal(0);
    const a = JSON.parse(readFileSync(join(dir, "json", "cooling-a.json"), "utf8")) as Rule;
    const b = JSON.parse(readFileSync(join(dir, "json", "cooling-b.json"), "utf8")) as Rule;
    expect([a.name, b.name]).to.deep.equal(["Cooling A", "Cooling B"]);
    expect(existsSync(join(dir, "json", "cooling.json"))).to.equal(false);
  });

  it("issue 17: a rule reading a point the pack's site lacks is written as DSL (that point numeric) with 'does not match the site', and a second export changes nothing", async () => {
    const first = await runCli(["export", "--out", dir], { env });
    expect(first.code, first.err).to.equal(0);
    expect(first.err).to.match(/#\d+ "Cooling A" -> [^\n]*cooling-a\.rule, [^\n]*\n {2}warning: does not match the site: point\/unknown-instance/);
    expect(first.err).to.not.contain("decompiler bug");
    const text = readFileSync(join(dir, "rules", "cooling-a.rule"), "utf8");
    expect(text).to.contain("measurement(5, 1)");
    expect(text).to.contain("write ahu1.cooling_stage = 1");
    const second = await runCli(["export", "--out", dir], { env });
    expect(second.code, second.err).to.equal(0);
    expect(second.err).to.contain("2 already up to date in their files");
    expect(readdirSync(join(dir, "rules")).sort()).to.deep.equal(["cooling-a.rule", "cooling-b.rule"]);
  });
});
