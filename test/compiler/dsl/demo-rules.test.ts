// The demo rules in examples/packs/demo/rules compile cleanly to valid nodes_json, and their README lists them all.
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { printRuleFile } from "../../../compiler/decompiler/index.js";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import { parseRuleSource } from "../../../grammar/rule/index.js";
import { validateNodesJson, type Diagnostic } from "../../../generated/index.js";
import { demoSite } from "../../helpers/demo-site.js";
import { fromRoot } from "../../helpers/paths.js";

const folder = fromRoot("examples/packs/demo/rules");
const files = readdirSync(folder).filter((f) => f.endsWith(".rule")).sort();

describe("demo rules (examples/packs/demo/rules)", () => {
  it("has at least 8 example rules", () => {
    expect(files.length).to.be.at.least(8);
  });

  for (const file of files) {
    it(`${file} compiles with the demo site to one rule without diagnostics, and its nodes_json is valid`, () => {
      const result = compileRuleSource(readFileSync(join(folder, file), "utf8"), { site: demoSite() });
      expect(result.diagnostics.map((d) => `${d.span?.start.line}:${d.span?.start.column} ${d.code}: ${d.message}`)).to.deep.equal([]);
      expect(result.rules).to.have.length(1);
      const problems: Diagnostic[] = [];
      expect(validateNodesJson(result.rules[0]!.nodes_json, problems), JSON.stringify(problems)).to.equal(true);
    });
  }

  it("every example is in canonical formatting (svc fmt --check passes on the pack)", () => {
    for (const file of files) {
      const text = readFileSync(join(folder, file), "utf8");
      const parsed = parseRuleSource(text);
      expect(parsed.diagnostics, file).to.deep.equal([]);
      expect(printRuleFile(parsed.file), file).to.equal(text);
    }
  });

  it("README.md lists every rule file, and only those", () => {
    const listed = [...readFileSync(join(folder, "README.md"), "utf8").matchAll(/`([a-z0-9-]+\.rule)`/g)].map((m) => m[1]);
    expect([...new Set(listed)].sort()).to.deep.equal(files);
  });
});
