// Golden cases for the rule DSL: test/golden/dsl/<case>/input.rule beside flow.json, nodes.json, rule.json (valid-*) or diagnostics.txt (invalid-*).
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import type { CompiledRule } from "../../../compiler/lower/compiled-rule.js";
import { renderDiagnostic } from "../../../compiler/diagnostics/render-text.js";
import { validateNodesJson, type Diagnostic } from "../../../generated/index.js";
import { expectGoldenFiles, goldenCases, toGoldenText } from "../../helpers/golden.js";

/** Every diagnostic as `svc compile` prints it, blank lines between, one trailing newline. */
function renderAll(diagnostics: Diagnostic[], text: string): string {
  return `${diagnostics.map((d) => renderDiagnostic(d, { file: "input.rule", text, locate: (x) => x.span })).join("\n\n")}\n`;
}

/** The rules of a file by where they begin (each golden rule starts a line with `rule`, maybe a comment, `"name"`). */
function declaredRules(text: string): Array<{ name: string; offset: number }> {
  return [...text.matchAll(/^rule(?:\s|\/\*.*?\*\/)+("(?:[^"\\\n]|\\.)*")/gm)].map((m) => ({ name: JSON.parse(m[1]!) as string, offset: m.index }));
}

/** Names of the rules, in order, that no diagnostic lies in. */
function rulesWithoutErrors(text: string, diagnostics: Diagnostic[]): string[] {
  const rules = declaredRules(text);
  const broken = new Set(diagnostics.map((d) => rules.findLastIndex((r) => r.offset <= d.span!.start.offset)));
  return rules.filter((_, i) => !broken.has(i)).map((r) => r.name);
}

function metadataOf(rule: CompiledRule): object {
  const { name, description, priority, cooldown_ms, trigger_config } = rule;
  return { name, description, priority, cooldown_ms, trigger_config };
}

describe("compileRuleSource golden cases (test/golden/dsl)", () => {
  const cases = goldenCases("dsl");

  it("has at least 25 cases, valid and invalid", () => {
    expect(cases.length).to.be.at.least(25);
    expect(cases.filter((c) => c.name.startsWith("valid-"))).to.have.length.at.least(10);
    expect(cases.filter((c) => c.name.startsWith("invalid-"))).to.have.length.at.least(15);
  });

  for (const { name, dir } of cases) {
    it(name, () => {
      expect(name, "a case folder is named valid-* (must compile) or invalid-* (must not)").to.match(/^(valid|invalid)-/);
      const text = readFileSync(join(dir, "input.rule"), "utf8");
      const result = compileRuleSource(text);
      if (name.startsWith("valid-")) {
        expect(renderAll(result.diagnostics, text), "a valid case compiles without diagnostics").to.equal("\n");
        const several = name === "valid-several-rules";
        expect(result.rules.map((r) => r.name)).to.deep.equal(declaredRules(text).map((r) => r.name));
        if (!several) expect(result.rules, "one rule per case, except valid-several-rules").to.have.length(1);
        for (const rule of result.rules) expect(validateNodesJson(rule.nodes_json), `${rule.name}: nodes_json matches its schema`).to.equal(true);
        const out = (pick: (r: CompiledRule) => unknown): string => toGoldenText(several ? result.rules.map(pick) : pick(result.rules[0]!));
        expectGoldenFiles(dir, ["input.rule"], {
          "flow.json": out((r) => r.flow_json),
          "nodes.json": out((r) => r.nodes_json),
          "rule.json": out(metadataOf),
        });
      } else {
        expect(result.diagnostics, `${name} must report errors`).to.not.deep.equal([]);
        for (const d of result.diagnostics) expect(d.span, `${d.code} has a source span`).to.not.equal(undefined);
        expect(result.rules.map((r) => r.name), "only rules without errors are compiled").to.deep.equal(rulesWithoutErrors(text, result.diagnostics));
        expectGoldenFiles(dir, ["input.rule"], { "diagnostics.txt": renderAll(result.diagnostics, text) });
      }
    });
  }
});
