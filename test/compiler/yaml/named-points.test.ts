// Named points in YAML rule files beyond the goldens (issue 17.2): a raw `flow:` rule's on_change
// points, and the placing of a name's parts in quoted and multi-line scalars.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import { indexSite } from "../../../compiler/site/site-index.js";
import { loadSite } from "../../../runtime/points/load-site.js";
import { fromRoot } from "../../helpers/paths.js";

const site = indexSite(loadSite(readFileSync(fromRoot("test/golden/named-points/site.yaml"), "utf8"), "site.yaml").site!);
const FLOW = readFileSync(fromRoot("examples/packs/demo/flows/minimal.flow.json"), "utf8");

describe("issue 17.2: named points in YAML rule files", () => {
  it("issue 17.2: a flow: rule's on_change names resolve with the site, and are point/no-site without one", () => {
    const text = `rules:\n  - name: Raw\n    trigger: { on_change: [zone1.occupancy, "measurement(7, 1)"] }\n    flow: ${FLOW.replace(/\n\s*/g, " ")}\n`;
    const result = compileRuleYaml(text, { site });
    expect(result.diagnostics).to.deep.equal([]);
    expect(result.rules[0]!.trigger_config).to.deep.equal({
      type: "on_change",
      point_refs: [
        { instance: 12, point_type: "measurement", point: 7 },
        { instance: 7, point_type: "measurement", point: 1 },
      ],
    });
    const alone = compileRuleYaml(text);
    expect(alone.rules).to.deep.equal([]);
    expect(alone.diagnostics.map((d) => [d.code, d.span!.start.line, d.span!.start.column])).to.deep.equal([["point/no-site", 3, 28]]);
  });

  it("issue 17.2: a misspelt point name in a double-quoted scalar is placed at the name", () => {
    const text = `rules:\n  - name: Q\n    steps:\n      - input: { t: "zone1.room_tmp" }\n`;
    const [d] = compileRuleYaml(text, { site }).diagnostics;
    expect([d!.code, d!.span!.start.column, d!.span!.end.column]).to.deep.equal(["point/unknown-point", 28, 36]);
  });

  it("issue 17.2: a name folded over two lines is placed at the whole scalar", () => {
    const text = `rules:\n  - name: F\n    steps:\n      - input:\n          t: >-\n            zone1.room_tmp\n`;
    const [d] = compileRuleYaml(text, { site }).diagnostics;
    expect([d!.code, d!.span!.start.line, d!.span!.end.line]).to.deep.equal(["point/unknown-point", 5, 6]);
  });
});
