// The decompiler with a site (issue 17.2): points by key, by a unique name in quotes, else by
// number; and the text compiles back with the same site to the same nodes_json.
import { expect } from "chai";
import { decompileFlow } from "../../../compiler/decompiler/index.js";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import { indexSite } from "../../../compiler/site/site-index.js";
import type { SiteModel } from "../../../generated/types.js";

const SITE: SiteModel = {
  channels: [{ id: "c", protocol: "virtual" }],
  instances: [
    { id: 7, key: "ahu1", name: "AHU-1", model: "m", channel: "c", points: [{ type: "action", point: 1, name: "cooling_stage", unit: "" }, { type: "measurement", point: 2, name: "supply_temp", unit: "degC" }] },
    { id: 12, name: "Zone 1", model: "m", channel: "c", points: [{ type: "measurement", point: 3, name: "room_temp", unit: "degC" }] },
    { id: 41, name: "Pump", model: "m", channel: "c", points: [{ type: "measurement", point: 1, name: "status", unit: "" }] },
    { id: 42, name: "Pump", model: "m", channel: "c", points: [{ type: "measurement", point: 1, name: "status", unit: "" }] },
  ],
};

const NUMERIC = `rule "r" {
  trigger on_change(measurement(12, 3), measurement(41, 1))

  input t = measurement(12, 3)
  input p = measurement(41, 1)
  input stage = action(7, 1)
  input other = measurement(12, 4)
  write action(7, 1) = t > 24 && p > 0 ? 2 : stage
}
`;

function compiledNumeric() {
  const result = compileRuleSource(NUMERIC);
  expect(result.diagnostics).to.deep.equal([]);
  return result.rules[0]!;
}

describe("issue 17.2: decompiling with a site", () => {
  const site = indexSite(SITE);

  it("issue 17.2: writes a key, a unique name in quotes, and numbers for a shared name or an undeclared point", () => {
    const { flow_json, nodes_json: _n, ...metadata } = compiledNumeric();
    const result = decompileFlow(flow_json, metadata, { site });
    expect(result.ok && result.text).to.equal(`rule "r" {
  trigger on_change(t, p)

  input t = "Zone 1".room_temp
  input p = measurement(41, 1)
  input stage = ahu1.cooling_stage
  input other = measurement(12, 4)
  write ahu1.cooling_stage = t > 24 && p > 0 ? 2 : stage
}
`);
  });

  it("issue 17.2: without a site the decompiler writes numbers, as before", () => {
    const { flow_json, nodes_json: _n, ...metadata } = compiledNumeric();
    const result = decompileFlow(flow_json, metadata);
    expect(result.ok && result.text).to.equal(NUMERIC.replace("on_change(measurement(12, 3), measurement(41, 1))", "on_change(t, p)"));
  });

  it("issue 17.2: the named text compiles, with the same site, to the same nodes_json and flow_json", () => {
    // With the site checks, every point must exist for the rule to compile: this site declares
    // measurement(12, 4) too.
    const full = indexSite({ ...SITE, instances: SITE.instances.map((i) => (i.id === 12 ? { ...i, points: [...i.points, { type: "measurement" as const, point: 4, name: "humidity", unit: "%" }] } : i)) });
    const rule = compiledNumeric();
    const { flow_json, nodes_json, ...metadata } = rule;
    const result = decompileFlow(flow_json, metadata, { site: full });
    expect(result.ok && result.text).to.include('input other = "Zone 1".humidity');
    const again = compileRuleSource(result.ok ? result.text : "", { site: full });
    expect(again.diagnostics.filter((d) => d.severity === "error")).to.deep.equal([]);
    expect(JSON.stringify(again.rules[0]!.nodes_json)).to.equal(JSON.stringify(nodes_json));
    expect(JSON.stringify(again.rules[0]!.flow_json)).to.equal(JSON.stringify(flow_json));
  });

  it("issue 17.2: writes a trigger point by name when no input reads it", () => {
    const { flow_json, nodes_json: _n, ...metadata } = compiledNumeric();
    const trigger = { type: "on_change" as const, point_refs: [{ instance: 7, point_type: "measurement" as const, point: 2 }] };
    const result = decompileFlow(flow_json, { ...metadata, trigger_config: trigger }, { site });
    expect(result.ok && result.text.split("\n")[1]).to.equal("  trigger on_change(ahu1.supply_temp)");
  });
});
