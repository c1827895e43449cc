// Named points at the CLI (issue 17.2): `svc decompile --site` writes the site's names and the
// text compiles back with that site to the same nodes_json; `svc fmt` keeps names as written.
import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { indexSite } from "../../compiler/site/site-index.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { fromRoot, projectRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

const svc = (...argv: string[]): Promise<SvcRun> => runSvc(projectRoot, argv);
const SITE = "test/golden/named-points/site.yaml";
const NUMERIC = readFileSync(fromRoot("test/golden/named-points/valid-key-and-name/numeric.rule"), "utf8");

describe("issue 17.2: named points in svc decompile and svc fmt", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-names-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const site = indexSite(loadSite(readFileSync(fromRoot(SITE), "utf8"), "site.yaml").site!);

  it("issue 17.2: decompile --site writes key.point and \"Name\".point, and compiling that with the site gives the same nodes_json", async () => {
    const compiled = await svc("compile", file("numeric.rule", NUMERIC));
    expect(compiled.code, compiled.err).to.equal(0);
    const { code, out, err } = await svc("decompile", "--site", SITE, file("all.json", compiled.out));
    expect(code, err).to.equal(0);
    expect(out).to.contain("input zone_temp = zone1.room_temp").and.to.contain('input zone2_temp = "Zone 2 controller".room_temp');
    expect(out).to.contain("write ahu1.cooling_stage = 0").and.to.contain("delta energy = meter.energy over 15m");
    const again = compileRuleSource(out, { site });
    expect(again.diagnostics).to.deep.equal([]);
    expect(JSON.stringify(again.rules[0]!.nodes_json)).to.equal(JSON.stringify(compileRuleSource(NUMERIC).rules[0]!.nodes_json));
    const numbers = await svc("decompile", file("all.json", compiled.out));
    expect(numbers.out, "without --site: numbers").to.contain("input zone_temp = measurement(12, 3)");
  });

  it("issue 17.2: decompile --site with a site that has errors reports them in the site file and exits 1", async () => {
    const broken = file("site.yaml", "channels: []\ninstances: [{ id: 1 }]\n");
    const { code, err } = await svc("decompile", "--site", broken, "examples/packs/demo/flows/minimal.flow.json");
    expect(code).to.equal(1);
    expect(err).to.match(new RegExp(`${broken.replace(/[.\\/]/g, "\\$&")}:2:\\d+: error schema/`));
  });

  it("issue 17.2: fmt keeps named points as written", async () => {
    const messy = file("named.rule", `rule "N" {\n  input t=zone1.room_temp\n  write   "Zone 2 controller".heating_valve=t\n}\n`);
    const { code, err } = await svc("fmt", messy);
    expect(code, err).to.equal(0);
    expect(readFileSync(messy, "utf8")).to.equal(`rule "N" {\n  input t = zone1.room_temp\n  write "Zone 2 controller".heating_valve = t\n}\n`);
  });
});
