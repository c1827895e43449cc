// Rule content for the store tests: two compiled editor documents of the demo pack, so the
// columns hold what the service really stores.
import { readFileSync } from "node:fs";
import { compileFlow } from "../../index.js";
import type { FlowJson, NodesJson, TriggerConfig } from "../../generated/types.js";
import { fromRoot } from "../helpers/paths.js";

function compiled(file: string): { flow_json: FlowJson; nodes_json: NodesJson } {
  const result = compileFlow(JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows", file), "utf8")));
  if (!result.ok) throw new Error(`${file} does not compile`);
  return { flow_json: result.flow_json, nodes_json: result.nodes_json };
}

export const ZONE_COOLING = compiled("zone-cooling.flow.json");
export const MINIMAL = compiled("minimal.flow.json");

export const ON_CHANGE: TriggerConfig = {
  type: "on_change",
  point_refs: [{ instance: 12, point_type: "measurement", point: 3 }],
  time_deadband_ms: 5000,
  value_deadband: { absolute: 0.5 },
};

export const T0 = new Date("2026-03-04T05:06:07.089Z");
export const T1 = new Date("2026-03-04T05:06:08.000Z");
