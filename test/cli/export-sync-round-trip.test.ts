// Issue 8's round trip, as a user does it: an empty service, the demo pack in with svc sync, back
// out with svc export, and the export synced (or imported as JSON) again changes nothing.
import { expect } from "chai";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli, startCliService, type CliService } from "../helpers/cli-service.js";
import { fromRoot } from "../helpers/paths.js";

describe("svc sync, svc export and back", function () {
  this.timeout(120_000);
  let svc: CliService;
  let env: Record<string, string>;
  let out: string;
  before(async () => {
    svc = await startCliService();
    env = await svc.env("Engineer");
    out = mkdtempSync(join(tmpdir(), "svc-export-"));
  });
  after(async () => {
    await svc.stop();
    rmSync(out, { recursive: true, force: true });
  });
  const cli = (...argv: string[]) => runCli(argv, { env });

  it("an empty service gets the demo pack running with svc sync, and svc export brings it back unchanged", async () => {
    expect((await cli("rules", "list", "--json")).out).to.equal("[]\n");
    const synced = await cli("sync", "examples/packs/demo", "--confirmed", "--enable");
    expect(synced.code, synced.err).to.equal(0);
    const rules = JSON.parse((await cli("rules", "list", "--json")).out) as Array<{ name: string; enabled: boolean }>;
    expect(rules.length).to.be.greaterThan(10);
    expect(rules.every((r) => r.enabled)).to.equal(true);

    // An editor-made rule too: its layout is the editor's, not the compiler's.
    const editor = await cli("rules", "create", "--file", "examples/packs/demo/flows/zone-cooling.flow.json", "--name", "Zone cooling (editor)", "--confirmed");
    expect(editor.code, editor.err).to.equal(0);

    const exported = await cli("export", "--out", out);
    expect(exported.code, exported.err).to.equal(0);
    const files = readdirSync(out).filter((f) => f.endsWith(".rule"));
    expect(files).to.have.length(rules.length + 1);
    expect(readdirSync(join(out, "json"))).to.have.length(rules.length + 1);

    const again = await cli("sync", out, "--dry-run", "--json");
    expect(again.code, again.err).to.equal(0);
    const plan = JSON.parse(again.out) as { actions: Array<{ action: string; name: string }> };
    expect(plan.actions.filter((a) => a.action !== "unchanged")).to.deep.equal([]);
    expect(plan.actions).to.have.length(rules.length + 1);

    const applied = await cli("sync", out, "--confirmed", "--prune");
    expect(applied.code, applied.err).to.equal(0);
    expect(applied.out).to.contain("nothing to do");

    const jsonFiles = readdirSync(join(out, "json")).map((f) => join(out, "json", f));
    const imported = await cli("import", ...jsonFiles, "--dry-run", "--json");
    expect(imported.code, imported.err).to.equal(0);
    expect((JSON.parse(imported.out) as { actions: Array<{ action: string }> }).actions.every((a) => a.action === "unchanged")).to.equal(true);
  });
});

describe("svc export into a copy of the pack (issue 16.22)", function () {
  this.timeout(120_000);
  let svc: CliService;
  let env: Record<string, string>;
  let dir: string;
  before(async () => {
    svc = await startCliService();
    env = await svc.env("Engineer");
    dir = mkdtempSync(join(tmpdir(), "svc-export-pack-"));
  });
  after(async () => {
    await svc.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const cli = (...argv: string[]) => runCli(argv, { env });
  const DEMO_RULES = fromRoot("examples/packs/demo/rules");
  const ruleFiles = (folder: string) => readdirSync(folder).filter((f) => /\.rule(\.ya?ml)?$/.test(f)).sort();
  const unchangedPlan = async (pack: string) => {
    const plan = await cli("sync", pack, "--dry-run", "--json");
    expect(plan.code, plan.err).to.equal(0);
    const actions = (JSON.parse(plan.out) as { actions: Array<{ action: string; name: string }> }).actions;
    expect(actions.filter((a) => a.action !== "unchanged" && a.action !== "kept")).to.deep.equal([]);
  };

  it("issue 16.22: exporting a synced pack into its copy changes no rule file, and syncing the copy back is a no-op", async () => {
    const synced = await cli("sync", "examples/packs/demo", "--confirmed");
    expect(synced.code, synced.err).to.equal(0);
    const pack = join(dir, "demo");
    cpSync(fromRoot("examples/packs/demo"), pack, { recursive: true });
    for (const out of [join(pack, "rules"), pack]) {
      const exported = await cli("export", "--out", out);
      expect(exported.code, exported.err).to.equal(0);
      expect(ruleFiles(join(pack, "rules")), out).to.deep.equal(ruleFiles(DEMO_RULES));
      expect(readdirSync(pack).filter((f) => f.endsWith(".rule")), out).to.deep.equal([]);
      for (const file of ruleFiles(DEMO_RULES)) expect(readFileSync(join(pack, "rules", file), "utf8"), `${out}: ${file}`).to.equal(readFileSync(join(DEMO_RULES, file), "utf8"));
      await unchangedPlan(pack);
    }
  });

  it("issue 16.22: a rule changed on the service is written into the file it came from, with its block names", async () => {
    const pack = join(dir, "changed");
    cpSync(fromRoot("examples/packs/demo"), pack, { recursive: true });
    const boiler = (JSON.parse((await cli("rules", "list", "--json")).out) as Array<{ id: number; name: string }>).find((r) => r.name === "Boiler enable")!;
    // Beside a copy of the site: the file names the site's points.
    const scratch = join(dir, "scratch");
    mkdirSync(scratch, { recursive: true });
    cpSync(fromRoot("examples/packs/demo/site.yaml"), join(scratch, "site.yaml"));
    const changed = join(scratch, "boiler-changed.rule");
    writeFileSync(changed, readFileSync(join(DEMO_RULES, "boiler-enable.rule"), "utf8").replace("param outdoor_limit = 12", "param outdoor_limit = 9"));
    expect((await cli("rules", "update", String(boiler.id), "--file", changed, "--confirmed")).code).to.equal(0);
    const exported = await cli("export", "--out", join(pack, "rules"));
    expect(exported.code, exported.err).to.equal(0);
    expect(ruleFiles(join(pack, "rules"))).to.deep.equal(ruleFiles(DEMO_RULES));
    const text = readFileSync(join(pack, "rules", "boiler-enable.rule"), "utf8");
    expect(text).to.contain("outdoor_limit = 9").and.contain("block heat {").and.contain("goto heat");
    for (const file of ruleFiles(DEMO_RULES).filter((f) => f !== "boiler-enable.rule")) {
      expect(readFileSync(join(pack, "rules", file), "utf8"), file).to.equal(readFileSync(join(DEMO_RULES, file), "utf8"));
    }
    await unchangedPlan(pack);
  });

  it("issue 16.22: a rule the pack does not have yet gets a file in the pack's rules folder", async () => {
    const pack = join(dir, "new-rule");
    cpSync(fromRoot("examples/packs/demo"), pack, { recursive: true });
    const created = await cli("rules", "create", "--file", "examples/packs/demo/flows/zone-cooling.flow.json", "--name", "Zone cooling (editor)", "--confirmed");
    expect(created.code, created.err).to.equal(0);
    const exported = await cli("export", "--out", pack);
    expect(exported.code, exported.err).to.equal(0);
    expect(ruleFiles(join(pack, "rules"))).to.deep.equal([...ruleFiles(DEMO_RULES), "zone-cooling-editor.rule"].sort());
    await unchangedPlan(pack);
  });
});
