// What the scale benchmark stores and sends, all of the demo pack's shape: the demo's 1 s
// interval rule (AHU-1 freeze protection) compiled with the one compile function against the
// demo site, and a 50-node editor flow (bench/fixtures/flow-of-size.ts) moved onto the demo
// site's points, which compiles against that site without a diagnostic.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { compileFlow, compileRuleSource, indexSite, type CompiledRule, type SiteIndex } from "../../compiler/index.js";
import type { FlowJson } from "../../generated/types.js";
import { readSiteFile } from "../../runtime/points/read-site-file.js";
import { flowOfSize } from "../fixtures/flow-of-size.js";

export const DEMO_PACK = "examples/packs/demo";
const DEMO_RULE = "rules/ahu1-freeze-protection.rule";

export interface DemoShape {
  /** The compiled demo rule; stored N times under names `<name> #<i>`. */
  rule: CompiledRule;
  /** The PUT body's flow: 50 nodes on the demo site's points. */
  flow: FlowJson;
  nodes: number;
}

export async function loadDemoShape(nodes = 50): Promise<DemoShape> {
  const loaded = await readSiteFile(join(DEMO_PACK, "site.yaml"));
  if (loaded.site === undefined) throw new Error(`${DEMO_PACK}/site.yaml has errors: ${JSON.stringify(loaded.diagnostics[0])}`);
  const site = indexSite(loaded.site);
  const compiled = compileRuleSource(await readFile(join(DEMO_PACK, DEMO_RULE), "utf8"), { site });
  const rule = compiled.rules[0];
  if (rule === undefined || compiled.diagnostics.length > 0) throw new Error(`${DEMO_RULE} does not compile cleanly: ${JSON.stringify(compiled.diagnostics)}`);
  if (rule.trigger_config?.type !== "interval" || rule.trigger_config.interval_ms !== 1000) throw new Error(`${DEMO_RULE} is no longer a 1 s interval rule`);
  const flow = demoFlowOfSize(nodes);
  checkFlow(flow, site);
  return { rule, flow, nodes };
}

// flow-of-size.ts reads instance 12 points 1-4 and writes instance 7 action 1; the demo site
// has other points there. Each is moved to a demo point of the same kind and range.
const READS: Record<number, { instance: number; point: number }> = {
  1: { instance: 7, point: 1 }, // zone_temp -> ahu1.mixed_air_temp
  2: { instance: 7, point: 2 }, // supply_temp -> ahu1.supply_air_temp
  3: { instance: 12, point: 7 }, // occupied -> zone1.occupancy
  4: { instance: 7, point: 3 }, // co2 -> ahu1.filter_dp
};
const WRITE = { instance: 15, point: 1 }; // fcu1.fan_speed, 0..3 like the fixture's fan speed

function demoFlowOfSize(size: number): FlowJson {
  const flow = flowOfSize(size);
  for (const node of flow.nodes) {
    const config = node.data.config as Record<string, unknown>;
    const moveRead = (ref: { instance: number; point: number }): void => void Object.assign(ref, READS[ref.point]);
    if (Array.isArray(config.variables)) (config.variables as { instance: number; point: number }[]).forEach(moveRead);
    if (node.type === "period_delta") moveRead(config as unknown as { instance: number; point: number });
    if (Array.isArray(config.writes)) for (const write of config.writes as { instance: number; point: number }[]) Object.assign(write, WRITE);
  }
  return flow;
}

function checkFlow(flow: FlowJson, site: SiteIndex): void {
  const compiled = compileFlow(flow, { site });
  if (!compiled.ok) throw new Error(`the benchmark flow does not compile against the demo site: ${JSON.stringify(compiled.diagnostics.slice(0, 3))}`);
  const warnings = compiled.warnings.filter((d) => d.severity !== "info");
  if (warnings.length > 0) throw new Error(`the benchmark flow has diagnostics against the demo site: ${JSON.stringify(warnings.slice(0, 3))}`);
}
