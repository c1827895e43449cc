// `svc sync` and `svc import` when the pack's site and the service's differ (issue 17, CLI
// fixes): the service checks every rule to write (a dry run with POST /api/rules/validate, a real
// run in its one batch, issue 19.1) and a refused rule changes nothing, reported at its file; the local compile's warnings are
// printed; --site picks the site the files compile with (also for svc rules create --file).
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient, type ApiClient } from "../../cli/api/api-client.js";
import { compileRuleSource, indexSite } from "../../compiler/index.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { openStore } from "../../runtime/store/open-store.js";
import { runCli, startCliService, type CliRun, type CliService } from "../helpers/cli-service.js";
import { fromRoot } from "../helpers/paths.js";

// The demo site (the service's) and one more instance, which only the pack's site has.
const PROBE = `
  - id: 99
    key: probe
    name: Probe
    model: probe
    channel: virtual-1
    points:
      - { type: measurement, point: 1, name: temp, unit: degC, min: -40, max: 50 }
`;

const FITS = `rule "Fits both sites" {
  trigger every 1m
  input outdoor = weather.outdoor_temp
  when outdoor > 30 { write ahu1.outdoor_damper = 50 }
}
`;

const PROBE_RULE = `// reads a point only the pack's site has
rule "Probe alarm" {
  trigger every 1m
  input probe = probe.temp
  when probe > 30 { write ahu1.outdoor_damper = 100 }
}
`;

/** `line:col` of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe("issue 17: svc sync and svc import against a service whose site differs from the pack's", function () {
  this.timeout(60_000);
  let service: CliService;
  let env: Record<string, string>;
  let admin: ApiClient;
  let dir: string;
  let pack: string;
  const run = (...args: string[]): Promise<CliRun> => runCli(args, { env });
  const names = async (): Promise<string[]> => (await admin.listRules()).map((r) => r.name).sort();

  before(async () => {
    service = await startCliService();
    env = await service.env("Engineer");
    admin = createApiClient({ baseUrl: service.url, token: await service.token("Admin"), timeoutMs: 10_000 });
  });
  after(() => service.stop());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "svc-sync-site-"));
    pack = join(dir, "pack");
    mkdirSync(join(pack, "rules"), { recursive: true });
    writeFileSync(join(pack, "site.yaml"), readFileSync(fromRoot("examples/packs/demo/site.yaml"), "utf8") + PROBE);
    writeFileSync(join(pack, "rules", "fits.rule"), FITS);
    writeFileSync(join(pack, "rules", "probe.rule"), PROBE_RULE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("issue 17: sync changes nothing when the service's site refuses a rule: the problem at the rule's file:line:col with the rule's name and node id, exit 1, nothing created (no stub)", async () => {
    const probe = join(pack, "rules", "probe.rule");
    const result = await run("sync", pack, "--confirmed");
    expect(result.code, result.out + result.err).to.equal(1);
    expect(result.err).to.contain(`${probe}:${at(PROBE_RULE, "probe.temp")}: error point/unknown-instance: `);
    expect(result.err).to.match(/the service's site refuses rule "Probe alarm", at \/nodes\/\d+\/[^ ]+ of its flow_json\) \(node '[\w-]+'\)/);
    expect(result.err).to.contain("svc sync: the service's site refuses 1 rule of 1 file (checked by POST /api/rules/batch, which stores all or nothing); nothing was changed");
    expect(result.err).to.not.contain("nothing was stored");
    expect(result.out).to.not.contain("svc sync again completes it");
    expect(await names(), "not even the rule that fits, nor a stub").to.deep.equal([]);
  });

  it("issue 17: a settings-only change of a stored rule the service's site no longer matches is sent alone and goes through, as its PUT does; a flow change is still checked", async () => {
    // Stored as a service with the pack's site would have stored it (the service's site lacks instance 99).
    const compiled = compileRuleSource(PROBE_RULE, { site: indexSite(loadSite(readFileSync(join(pack, "site.yaml"), "utf8"), "site.yaml").site!) }).rules[0]!;
    const store = await openStore(`sqlite:${join(service.dir, "svc.sqlite")}`);
    try {
      const { name, description, priority, cooldown_ms, trigger_config, flow_json, nodes_json } = compiled;
      await store.rules.importRule({ name, description, enabled: false, priority, cooldown_ms, trigger_config, flow_json, nodes_json }, new Date());
    } finally {
      await store.close();
    }
    try {
      rmSync(join(pack, "rules", "fits.rule"));
      writeFileSync(join(pack, "rules", "probe.rule"), PROBE_RULE.replace("trigger every 1m", "priority 7\n  trigger every 1m"));
      const settings = await run("sync", pack, "--confirmed");
      expect(settings.code, settings.out + settings.err).to.equal(0);
      expect(settings.out).to.contain("update    #").and.contain('"Probe alarm"  (priority)');
      const [stored] = await admin.listRules();
      expect(await admin.getRule(stored!.id)).to.include({ name: "Probe alarm", priority: 7 });
      writeFileSync(join(pack, "rules", "probe.rule"), PROBE_RULE.replace("> 30", "> 31"));
      const flow = await run("sync", pack, "--confirmed");
      expect(flow.code, flow.err).to.equal(1);
      expect(flow.err).to.contain("error point/unknown-instance");
    } finally {
      for (const { id } of await admin.listRules()) await admin.deleteRule(id, { confirmed: true });
    }
  });

  it("issue 17: --dry-run reports the same problems after its plan (exit 1, nothing written); --json prints them as svc compile --format json does", async () => {
    const dry = await run("sync", pack, "--dry-run");
    expect(dry.code, dry.err).to.equal(1);
    expect(dry.out).to.contain(`create    "Probe alarm"`);
    expect(dry.err).to.contain("error point/unknown-instance");
    expect(dry.err).to.contain("the plan cannot be applied");
    const json = await run("sync", pack, "--dry-run", "--json");
    expect(json.code).to.equal(1);
    const diagnostics = JSON.parse(json.out) as Array<{ file: string; code: string; line: number }>;
    expect(diagnostics.map((d) => [d.file, d.code, d.line])).to.deep.equal([[join(pack, "rules", "probe.rule"), "point/unknown-instance", 4]]);
    expect(await names()).to.deep.equal([]);
  });

  it("issue 17: svc import does the same; without the refused rule it creates the other", async () => {
    const refused = await run("import", join(pack, "rules"), "--confirmed");
    expect(refused.code, refused.err).to.equal(1);
    expect(refused.err).to.contain("svc import: the service's site refuses 1 rule");
    expect(await names()).to.deep.equal([]);
    const fits = await run("import", join(pack, "rules", "fits.rule"), "--confirmed");
    expect(fits.code, fits.err).to.equal(0);
    expect(await names()).to.deep.equal(["Fits both sites"]);
    for (const { id } of await admin.listRules()) await admin.deleteRule(id, { confirmed: true });
  });

  it("issue 17: sync prints the local compile's warnings on stderr as svc compile does, once", async () => {
    writeFileSync(join(pack, "rules", "probe.rule"), FITS.replace("Fits both sites", "Also writes the damper").replace("= 50", "= 60"));
    const compile = await runCli(["compile", "--check", pack]);
    const warnings = compile.err.split("\n").filter((line) => / warning rule\/shared-write: /.test(line));
    expect(warnings, compile.err).to.have.length(2);
    const dry = await run("sync", pack, "--dry-run");
    expect(dry.code, dry.err).to.equal(0);
    for (const line of warnings) expect(dry.err.split(line).length - 1, line).to.equal(1);
  });

  it("issue 17: --site compiles the files with the site given instead of the nearest site.yaml (sync, import, rules create --file)", async () => {
    const other = join(dir, "other-site.yaml");
    writeFileSync(other, readFileSync(join(pack, "site.yaml"), "utf8").replace("key: probe", "key: sensor"));
    // With the pack's site, `sensor` is unknown; with --site it resolves (and the service still refuses instance 99).
    writeFileSync(join(pack, "rules", "probe.rule"), PROBE_RULE.replace("probe.temp", "sensor.temp"));
    const local = await run("sync", pack, "--dry-run");
    expect(local.code).to.equal(1);
    expect(local.err).to.contain("error point/unknown-instance: ");
    expect(local.err).to.contain("failed to compile; nothing was sent");
    const given = await run("sync", pack, "--dry-run", "--site", other);
    expect(given.err).to.not.contain("failed to compile");
    expect(given.err).to.contain("the service's site refuses 1 rule");
    const imported = await run("import", join(pack, "rules", "probe.rule"), "--dry-run", "--site", other);
    expect(imported.err).to.contain("the service's site refuses 1 rule");
    const create = await run("rules", "create", "--file", join(pack, "rules", "probe.rule"), "--site", other, "--confirmed");
    expect(create.err, "compiled with --site: sent, and the service refuses it").to.not.contain("does not compile");
    const missing = await run("sync", pack, "--dry-run", "--site", join(dir, "none.yaml"));
    expect(missing.code).to.equal(2);
    expect(missing.err).to.contain("no such file");
    for (const { id } of await admin.listRules()) await admin.deleteRule(id, { confirmed: true });
  });
});
