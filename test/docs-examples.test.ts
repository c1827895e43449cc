// The examples in docs/dsl.md and docs/dsl-yaml.md are real: every complete rule in them compiles
// without a diagnostic, every DSL example is as svc fmt leaves it, and the YAML form of the
// opening example compiles to exactly what the DSL form does.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileRuleSource } from "../compiler/front-ends/dsl/index.js";
import { compileRuleYaml } from "../compiler/front-ends/yaml/index.js";
import { printRuleFile } from "../compiler/decompiler/index.js";
import { parseRuleSource } from "../grammar/rule/index.js";
import { fromRoot } from "./helpers/paths.js";

const docs = readFileSync(fromRoot("docs/dsl.md"), "utf8");
// Fences are paired in order (an opening fence names its language, its closing one is bare).
const blocksOf = (text: string, language: string): string[] =>
  [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === language).map((m) => m[2]!);
const yamlPage = readFileSync(fromRoot("docs/dsl-yaml.md"), "utf8");
const blocks = (language: string): string[] => [...blocksOf(docs, language), ...blocksOf(yamlPage, language)];

describe("docs/dsl.md and docs/dsl-yaml.md examples", () => {
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
  it("issue 16.25: every complete DSL example is formatted as svc fmt leaves it (svc fmt --check passes)", () => {
    for (const text of dsl) {
      const parsed = parseRuleSource(text);
      expect(parsed.diagnostics, text).to.deep.equal([]);
      expect(printRuleFile(parsed.file), "svc fmt would change this example").to.equal(text);
    }
  });
});

describe("docs/dsl-yaml.md examples", () => {
  it("issue 16.25: docs/dsl-yaml.md exists, and each YAML rule file in it compiles without a diagnostic, the first to exactly the DSL example beside it", () => {
    const page = yamlPage;
    const yaml = blocksOf(page, "yaml").filter((text) => /^(#.*\n)*rules:/.test(text));
    expect(yaml.length).to.be.at.least(3);
    for (const text of yaml) {
      const { rules, diagnostics } = compileRuleYaml(text);
      expect(diagnostics, text).to.deep.equal([]);
      expect(rules, text).to.not.be.empty;
    }
    const dslTwin = blocksOf(page, "").find((text) => /^(\/\/.*\n)*rule "/.test(text));
    expect(dslTwin, "the page shows the first example's DSL form").to.be.a("string");
    expect(compileRuleYaml(yaml[0]!).rules).to.deep.equal(compileRuleSource(dslTwin!).rules);
  });
});
