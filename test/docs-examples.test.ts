// The examples in docs/dsl.md are real: every complete rule in it compiles without a diagnostic,
// and the YAML form of the opening example compiles to exactly what the DSL form does.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileRuleSource } from "../compiler/front-ends/dsl/index.js";
import { compileRuleYaml } from "../compiler/front-ends/yaml/index.js";
import { fromRoot } from "./helpers/paths.js";

const docs = readFileSync(fromRoot("docs/dsl.md"), "utf8");
const blocks = (language: string): string[] => [...docs.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);

describe("docs/dsl.md examples", () => {
  const dsl = blocks("").filter((text) => /^(\/\/.*\n)*rule "/.test(text));
  const yaml = blocks("yaml").filter((text) => /^(#.*\n)?rules:/.test(text));

  it("every complete DSL example compiles without a diagnostic", () => {
    expect(dsl.length).to.be.at.least(2);
    for (const text of dsl) {
      const { rules, diagnostics } = compileRuleSource(text);
      expect(diagnostics, text).to.deep.equal([]);
      expect(rules, text).to.not.be.empty;
    }
  });

  it("every complete YAML example compiles without a diagnostic", () => {
    expect(yaml.length).to.be.at.least(3);
    for (const text of yaml) {
      const { rules, diagnostics } = compileRuleYaml(text);
      expect(diagnostics, text).to.deep.equal([]);
      expect(rules, text).to.not.be.empty;
    }
  });

  it("the YAML form of the opening example compiles to exactly the DSL form's rule", () => {
    expect(compileRuleYaml(yaml[0]!).rules).to.deep.equal(compileRuleSource(dsl[0]!).rules);
  });
});
