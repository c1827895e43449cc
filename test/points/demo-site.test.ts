// The demo pack's site model (examples/packs/demo/site.yaml) declares every point the demo rules
// read, write or trigger on, and gives each point a rule reads a value from the start, so the demo
// runs on the virtual channels. The rules are found and compiled exactly as `svc compile` does.
import { expect } from "chai";
import { main } from "../../cli/main.js";
import { compileWithSites } from "../../cli/compile-with-sites.js";
import { collectSourceFiles, type CompiledOutput } from "../../cli/source-files.js";
import type { PointRef } from "../../generated/types.js";
import type { LoadedSite } from "../../runtime/points/load-site.js";
import { createPointPlane } from "../../runtime/points/point-plane.js";
import { pointRefText } from "../../runtime/points/point-text.js";
import { readSiteFile } from "../../runtime/points/read-site-file.js";
import { createSimulator } from "../../runtime/points/virtual/simulate.js";
import { fromRoot, projectRoot } from "../helpers/paths.js";
import { manualClock, manualTimer } from "./point-fixtures.js";

const SITE_FILE = "examples/packs/demo/site.yaml";

interface Use {
  ref: PointRef;
  how: "read" | "write" | "trigger";
  where: string;
}

function pointsUsed(output: CompiledOutput, where: string): Use[] {
  const uses: Use[] = [];
  for (const node of Object.values(output.nodes_json.nodes)) {
    if (node?.type === "input") for (const v of node.variables) uses.push({ ref: v, how: "read", where });
    if (node?.type === "period_delta") uses.push({ ref: node, how: "read", where });
    if (node?.type === "change") for (const w of node.writes) uses.push({ ref: w, how: "write", where });
  }
  const trigger = output.metadata?.trigger_config;
  if (trigger?.type === "on_change") for (const ref of trigger.point_refs) uses.push({ ref, how: "trigger", where });
  return uses;
}

async function demoUses(): Promise<Use[]> {
  const files = await collectSourceFiles(["examples/packs/demo"], projectRoot);
  const { results } = await compileWithSites(files, projectRoot, { kind: "find" });
  return results.flatMap((result) => {
    expect(result.diagnostics, result.file).to.deep.equal([]);
    return result.outputs.flatMap((output) => pointsUsed(output, output.metadata?.name ?? result.file));
  });
}

describe("demo site (examples/packs/demo/site.yaml)", () => {
  let site: LoadedSite["site"];
  before(async () => void ({ site } = await readSiteFile(fromRoot(SITE_FILE))));

  it("loads without diagnostics (read from the file, as the runtime does)", async () => {
    const { diagnostics } = await readSiteFile(fromRoot(SITE_FILE));
    expect(diagnostics).to.deep.equal([]);
    expect(site).to.not.equal(undefined);
  });

  it("declares every point the demo rules and flows read, write or trigger on", async () => {
    const uses = await demoUses();
    expect(uses.length).to.be.greaterThan(40);
    const plane = createPointPlane({ site: site!, clock: manualClock() });
    const undeclared = uses.filter((u) => plane.catalog.lookup({ instance: u.ref.instance, point_type: u.ref.point_type, point: u.ref.point }) === undefined);
    expect(undeclared.map((u) => `${u.where}: ${u.how} ${pointRefText(u.ref)}`)).to.deep.equal([]);
  });

  it("gives every point a demo rule reads a value from the start (initial or simulated), so no rule waits forever on an unavailable input", async () => {
    const clock = manualClock();
    const plane = createPointPlane({ site: site!, clock });
    createSimulator({ plane, clock, timer: manualTimer().timer });
    const unavailable = (await demoUses()).filter((u) => u.how === "read" && Number.isNaN(plane.read(plane.catalog.lookup(u.ref)!.index)));
    expect(unavailable.map((u) => `${u.where}: ${pointRefText(u.ref)}`)).to.deep.equal([]);
  });

  it("leaves `svc compile --check` on the pack unchanged: site.yaml is not a rule file", async () => {
    const files = await collectSourceFiles(["examples/packs/demo"], projectRoot);
    expect(files.map((f) => f.name)).to.not.include(SITE_FILE);
    let err = "";
    const code = await main(["compile", "--check", "examples/packs/demo"], { out: () => undefined, err: (t) => (err += t) }, projectRoot);
    expect(code, err).to.equal(0);
  });
});
