// Issue property on real rules: for every demo rule and every valid DSL golden, decompiling what
// the file compiles to gives DSL that compiles to the same nodes_json (up to node ids) and the
// same settings, and DSL -> flow -> DSL is a fixed point after the first pass.
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decompileRule } from "../../../compiler/decompiler/index.js";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import { compileRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import type { CompiledRule } from "../../../compiler/lower/compiled-rule.js";
import type { SiteIndex } from "../../../compiler/site/site-index.js";
import { demoSite } from "../../helpers/demo-site.js";
import { goldenCases } from "../../helpers/golden.js";
import { canonicalTopology } from "../../helpers/isomorphic.js";
import { fromRoot } from "../../helpers/paths.js";

const demo = fromRoot("examples/packs/demo/rules");
const sources = [
  // The demo rules name their points: they compile, and decompile to names, with the demo site.
  ...readdirSync(demo).filter((f) => /\.rule(\.yaml)?$/.test(f)).map((f) => ({ name: `examples: ${f}`, path: join(demo, f), site: demoSite() })),
  ...goldenCases("dsl")
    .filter((c) => c.name.startsWith("valid-"))
    .map((c) => ({ name: `golden: ${c.name}`, path: join(c.dir, existsSync(join(c.dir, "input.rule")) ? "input.rule" : "input.rule.yaml"), site: undefined })),
];

function compileFile(path: string, site: SiteIndex | undefined): CompiledRule[] {
  const text = readFileSync(path, "utf8");
  const result = path.endsWith(".yaml") ? compileRuleYaml(text, { site }) : compileRuleSource(text, { site });
  expect(result.diagnostics).to.deep.equal([]);
  return result.rules;
}

function recompile(dsl: string, site: SiteIndex | undefined): CompiledRule {
  const result = compileRuleSource(dsl, { site });
  expect(result.diagnostics, dsl).to.deep.equal([]);
  return result.rules[0]!;
}

describe("decompiling the example and golden rules", () => {
  it("covers the demo pack and the valid goldens", () => {
    expect(sources.length).to.be.at.least(30);
  });

  for (const { name, path, site } of sources) {
    it(`${name}: same nodes_json and settings, and DSL -> flow -> DSL is a fixed point`, () => {
      for (const rule of compileFile(path, site)) {
        const { flow_json: _f, nodes_json, ...metadata } = rule;
        const first = decompileRule(nodes_json, metadata, undefined, { site });
        const again = recompile(first, site);
        expect(canonicalTopology(again.nodes_json)).to.deep.equal(canonicalTopology(nodes_json));
        const { flow_json: _g, nodes_json: _n, ...settings } = again;
        expect(settings).to.deep.equal(metadata);
        expect(decompileRule(again.nodes_json, metadata, undefined, { site }), "the second pass prints the same text").to.equal(first);
      }
    });
  }
});
