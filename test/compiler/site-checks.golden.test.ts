// Golden cases for the checks against the site (issue 17.1): test/golden/site/site.yaml is the
// site; each case folder holds one rule in four forms (input.rule, input.rule.yaml with steps,
// flow.rule.yaml with a raw `flow:`, flow.json with trigger.json when the rule has a trigger)
// beside the diagnostics each gives against the site (<input>.diagnostics.txt as `svc compile`
// prints them; flow.diagnostics.json as compileFlow returns them). Without the site, none of these
// checks run: the same inputs compile with no diagnostics but rule/self-trigger, and a rule whose
// site diagnostics are warnings compiles to the same nodes_json.
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileFlow, compileRuleSource, compileRuleYaml, indexSite, type RuleFileResult, type SiteIndex } from "../../compiler/index.js";
import { renderDiagnostic } from "../../compiler/diagnostics/render-text.js";
import type { Diagnostic, TriggerConfig } from "../../generated/types.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { expectGoldenFiles, goldenCases, toGoldenText } from "../helpers/golden.js";
import { fromRoot } from "../helpers/paths.js";

const SITE_CODES = new Set(["point/unknown-instance", "point/unknown-point", "point/out-of-range", "point/unit-mismatch", "point/unknown-trigger-point"]);

function goldenSite(): SiteIndex {
  const loaded = loadSite(readFileSync(fromRoot("test/golden/site/site.yaml"), "utf8"), "site.yaml");
  expect(loaded.diagnostics).to.deep.equal([]);
  return indexSite(loaded.site!);
}

const RULE_FILES: Array<{ file: string; compile: (text: string, site?: SiteIndex) => RuleFileResult }> = [
  { file: "input.rule", compile: (text, site) => compileRuleSource(text, { site }) },
  { file: "input.rule.yaml", compile: (text, site) => compileRuleYaml(text, { site }) },
  { file: "flow.rule.yaml", compile: (text, site) => compileRuleYaml(text, { site }) },
];

function render(diagnostics: Diagnostic[], text: string, file: string): string {
  return `${diagnostics.map((d) => renderDiagnostic(d, { file, text, locate: (x) => x.span })).join("\n\n")}\n`;
}

/** Diagnostics without their positions: what every form must agree on. */
function essence(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`).sort();
}

describe("issue 17.1: site checks, golden cases (test/golden/site)", () => {
  const site = goldenSite();
  const cases = goldenCases("site");

  it("issue 17.1: covers every site diagnostic in DSL, YAML steps, YAML flow and flow_json", () => {
    const codes = new Set<string>();
    for (const { dir } of cases) for (const d of JSON.parse(readFileSync(join(dir, "flow.diagnostics.json"), "utf8")) as Diagnostic[]) codes.add(d.code);
    expect([...codes].sort()).to.include.members([...SITE_CODES, "rule/self-trigger"]);
  });

  for (const { name, dir } of cases) {
    it(`issue 17.1: ${name}`, () => {
      const inputs: string[] = [];
      const expected: Record<string, string> = {};
      const forms: string[][] = [];
      for (const { file, compile } of RULE_FILES) {
        const text = readFileSync(join(dir, file), "utf8");
        inputs.push(file);
        const withSite = compile(text, site);
        for (const d of withSite.diagnostics) expect(d.span, `${file}: ${d.code} has a source span`).to.not.equal(undefined);
        expected[`${file}.diagnostics.txt`] = render(withSite.diagnostics, text, file);
        forms.push(essence(withSite.diagnostics));
        const without = compile(text);
        expect(without.diagnostics.filter((d) => d.code !== "rule/self-trigger"), `${file} without a site`).to.deep.equal([]);
        expect(without.rules, `${file} compiles without a site`).to.have.length(1);
        const blocking = withSite.diagnostics.some((d) => d.severity === "error");
        expect(withSite.rules.length, `${file}: only errors leave the rule out`).to.equal(blocking ? 0 : 1);
        if (!blocking) expect(withSite.rules[0]!.nodes_json, `${file}: the site changes no nodes_json`).to.deep.equal(without.rules[0]!.nodes_json);
      }
      const flow: unknown = JSON.parse(readFileSync(join(dir, "flow.json"), "utf8"));
      inputs.push("flow.json");
      let trigger: TriggerConfig | undefined;
      if (existsSync(join(dir, "trigger.json"))) {
        inputs.push("trigger.json");
        trigger = JSON.parse(readFileSync(join(dir, "trigger.json"), "utf8")) as TriggerConfig;
      }
      const result = compileFlow(flow, { site, trigger });
      const diagnostics = result.ok ? result.warnings : result.diagnostics;
      expected["flow.diagnostics.json"] = toGoldenText(diagnostics);
      forms.push(essence(diagnostics));
      const without = compileFlow(flow, { trigger });
      expect(without.ok).to.equal(true);
      if (without.ok) expect(without.warnings.filter((d) => d.code !== "rule/self-trigger")).to.deep.equal([]);
      if (result.ok && without.ok) expect(JSON.stringify(result.nodes_json)).to.equal(JSON.stringify(without.nodes_json));
      for (const [i, form] of forms.entries()) expect(form, `${inputs[i]} reports what input.rule reports`).to.deep.equal(forms[0]);
      expectGoldenFiles(dir, inputs, expected);
    });
  }
});
