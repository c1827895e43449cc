// Golden cases for named points (issue 17.2): test/golden/named-points/<case>/ compiled with the
// area's site.yaml (cases named *-no-site without a site). A valid-* case holds input.rule (points
// by name), numeric.rule (its numeric twin) and may hold input.rule.yaml (the YAML twin): all
// compile to the one flow.json, nodes.json and rule.json, and the numeric twin gives them without
// a site too, so names change nothing the service stores. An invalid-* case holds input.rule
// and/or input.rule.yaml beside diagnostics.txt / diagnostics.yaml.txt.
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileRuleSource, type RuleCompileOptions, type RuleFileResult } from "../../../compiler/front-ends/dsl/index.js";
import { compileRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import { renderDiagnostic } from "../../../compiler/diagnostics/render-text.js";
import { indexSite, type SiteIndex } from "../../../compiler/site/site-index.js";
import { loadSite } from "../../../runtime/points/load-site.js";
import type { Diagnostic } from "../../../generated/index.js";
import { expectGoldenFiles, goldenCases, toGoldenText } from "../../helpers/golden.js";
import { fromRoot } from "../../helpers/paths.js";

type Compile = (text: string, options?: RuleCompileOptions) => RuleFileResult;
const FORMATS: Array<{ file: string; compile: Compile; expected: string }> = [
  { file: "input.rule", compile: compileRuleSource, expected: "diagnostics.txt" },
  { file: "input.rule.yaml", compile: compileRuleYaml, expected: "diagnostics.yaml.txt" },
];

function goldenSite(): SiteIndex {
  const loaded = loadSite(readFileSync(fromRoot("test/golden/named-points/site.yaml"), "utf8"), "site.yaml");
  expect(loaded.diagnostics, "the golden site loads").to.deep.equal([]);
  return indexSite(loaded.site!);
}

function renderAll(diagnostics: Diagnostic[], text: string, file: string): string {
  return `${diagnostics.map((d) => renderDiagnostic(d, { file, text, locate: (x) => x.span })).join("\n\n")}\n`;
}

function outputs(result: RuleFileResult, text: string, file: string): Record<string, string> {
  expect(renderAll(result.diagnostics, text, file), `${file} compiles without diagnostics`).to.equal("\n");
  expect(result.rules, `${file}: one rule`).to.have.length(1);
  const { flow_json, nodes_json, ...metadata } = result.rules[0]!;
  return { "flow.json": toGoldenText(flow_json), "nodes.json": toGoldenText(nodes_json), "rule.json": toGoldenText(metadata) };
}

describe("issue 17.2: named point golden cases (test/golden/named-points)", () => {
  const site = goldenSite();
  const cases = goldenCases("named-points");

  it("issue 17.2: has valid cases with numeric twins and invalid cases for every resolution error", () => {
    expect(cases.filter((c) => c.name.startsWith("valid-"))).to.have.length.at.least(2);
    for (const code of ["no-site", "unknown-instance", "unknown-point", "ambiguous-instance", "write-to-measurement"]) {
      expect(cases.map((c) => c.name)).to.include(`invalid-${code}`);
    }
  });

  for (const { name, dir } of cases) {
    it(`issue 17.2: ${name}`, () => {
      const read = (file: string): string => readFileSync(join(dir, file), "utf8");
      const options = name.endsWith("-no-site") ? {} : { site };
      const present = FORMATS.filter((f) => existsSync(join(dir, f.file)));
      if (name.startsWith("valid-")) {
        expect(existsSync(join(dir, "numeric.rule")), "a valid case has a numeric twin").to.equal(true);
        const expected = outputs(compileRuleSource(read("numeric.rule"), options), read("numeric.rule"), "numeric.rule");
        const withoutSite = outputs(compileRuleSource(read("numeric.rule")), read("numeric.rule"), "numeric.rule");
        expect(withoutSite, "the numeric twin compiles alike without a site").to.deep.equal(expected);
        for (const format of present) {
          const text = read(format.file);
          const named = outputs(format.compile(text, options), text, format.file);
          // nodes.json byte-identical; flow.json too (labels show numbers, see docs/decisions.md).
          for (const file of Object.keys(expected)) expect(named[file], `${format.file} gives the ${file} of numeric.rule`).to.equal(expected[file]);
        }
        expectGoldenFiles(dir, ["numeric.rule", ...present.map((f) => f.file)], expected);
        return;
      }
      expect(present, "an invalid case has input.rule or input.rule.yaml").to.not.deep.equal([]);
      const expected: Record<string, string> = {};
      for (const format of present) {
        const text = read(format.file);
        const result = format.compile(text, options);
        expect(result.diagnostics, `${format.file} must report errors`).to.not.deep.equal([]);
        for (const d of result.diagnostics) expect(d.span, `${d.code} has a source span`).to.not.equal(undefined);
        expected[format.expected] = renderAll(result.diagnostics, text, format.file);
      }
      expectGoldenFiles(dir, present.map((f) => f.file), expected);
    });
  }
});
