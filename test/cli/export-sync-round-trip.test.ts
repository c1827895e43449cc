// Issue 8's round trip, as a user does it: an empty service, the demo pack in with svc sync, back
// out with svc export, and the export synced (or imported as JSON) again changes nothing.
import { expect } from "chai";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli, startCliService, type CliService } from "../helpers/cli-service.js";

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
