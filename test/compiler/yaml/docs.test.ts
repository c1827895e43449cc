// The YAML section of the docs: its complete examples compile without a diagnostic, and it
// lists every `yaml/...` code the YAML front end emits.
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { compileRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import { fromRoot } from "../../helpers/paths.js";

// The section is written in docs/dsl-yaml.md and merged into docs/dsl.md: read whichever exist.
const docs = ["docs/dsl-yaml.md", "docs/dsl.md"].filter((f) => existsSync(fromRoot(f))).map((f) => readFileSync(fromRoot(f), "utf8")).join("\n");

describe("docs: YAML rule files", () => {
  const examples = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((text) => /^(#.*\n)?rules:/.test(text));

  it("has complete examples, and each compiles without a diagnostic", () => {
    expect(examples.length).to.be.greaterThan(2);
    for (const text of examples) {
      const { rules, diagnostics } = compileRuleYaml(text);
      expect(diagnostics, text).to.deep.equal([]);
      expect(rules, text).to.not.be.empty;
    }
  });

  it("lists every yaml/ diagnostic code of the front end", () => {
    const dir = fromRoot("compiler/front-ends/yaml");
    const source = readdirSync(dir).map((f) => readFileSync(`${dir}/${f}`, "utf8")).join("\n");
    const codes = new Set(source.match(/"yaml\/[a-z-]+"/g)?.map((c) => c.slice(1, -1)));
    expect(codes.size).to.be.greaterThan(5);
    expect([...codes].filter((c) => !docs.includes(`\`${c}\``))).to.deep.equal([]);
  });
});
