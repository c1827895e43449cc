// The demo pack's YAML rule and its DSL twin compile to identical nodes_json and flow_json, and
// to the same settings but the name (rule names are unique in a pack).
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { compileRuleYaml } from "../../compiler/front-ends/yaml/index.js";
import { fromRoot } from "../helpers/paths.js";

const read = (name: string): string => readFileSync(fromRoot("examples/packs/demo/rules", name), "utf8");

describe("demo pack: a YAML rule and its DSL twin", () => {
  it("zone1-fan-coil.rule.yaml and zone1-fan-coil-twin.rule compile to identical nodes_json and flow_json", () => {
    const yaml = compileRuleYaml(read("zone1-fan-coil.rule.yaml"));
    const dsl = compileRuleSource(read("zone1-fan-coil-twin.rule"));
    expect(yaml.diagnostics).to.deep.equal([]);
    expect(dsl.diagnostics).to.deep.equal([]);
    const [fromYaml] = yaml.rules;
    const [fromDsl] = dsl.rules;
    expect(fromYaml!.nodes_json).to.deep.equal(fromDsl!.nodes_json);
    expect(fromYaml!.flow_json).to.deep.equal(fromDsl!.flow_json);
    expect({ ...fromYaml, name: "" }).to.deep.equal({ ...fromDsl, name: "" });
    expect(fromYaml!.name).to.not.equal(fromDsl!.name);
  });
});
