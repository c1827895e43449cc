// What `svc export` plans for rules that do not fit the site it names points by, and for a rule
// file of the folder that defines several rules (issue 17, CLI fixes): pure, no service.
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { indexSite } from "../../compiler/site/site-index.js";
import { printedDsl, writtenLine } from "../../cli/export/export-report.js";
import { dslFileOf, jsonFileOf, planExport } from "../../cli/export/plan-export.js";
import { readPackRules, type PackRules } from "../../cli/export/pack-files.js";
import { ruleDslOf } from "../../cli/rule-dsl.js";
import type { Rule } from "../../generated/types.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { fromRoot } from "../helpers/paths.js";

const site = indexSite(loadSite(readFileSync(fromRoot("test/golden/named-points/site.yaml"), "utf8"), "site.yaml").site!);

function storedRule(id: number, text: string): Rule {
  const compiled = compileRuleSource(text);
  expect(compiled.diagnostics.filter((d) => d.severity === "error")).to.deep.equal([]);
  return { ...compiled.rules[0]!, id, enabled: false, created_at: "", updated_at: "" } as unknown as Rule;
}

// Instance 99 is not in the site; action(7, 1) is ahu1.cooling_stage.
const UNDECLARED = `rule "Other site" {
  trigger every 10s
  input t = measurement(99, 3)
  when t > 5 { write action(7, 1) = 1 }
}
`;

describe("issue 17: svc export of rules that use points the site does not declare", () => {
  it("issue 17: the DSL is still written (undeclared points numeric, the others by name), with a 'does not match the site' problem, not a decompiler bug", () => {
    const dsl = ruleDslOf(storedRule(4, UNDECLARED), { site });
    expect(dsl.kind, JSON.stringify(dsl)).to.equal("dsl");
    if (dsl.kind !== "dsl") return;
    expect(dsl.text).to.contain("measurement(99, 3)");
    expect(dsl.text).to.contain("write ahu1.cooling_stage = 1");
    expect(dsl.siteProblem).to.match(/^point\/unknown-instance/);
    const line = writtenLine({ rule: storedRule(4, UNDECLARED), name: { file: "other-site", prefix: "", json: "other-site" }, dsl }, "out");
    expect(line).to.contain("warning: does not match the site: point/unknown-instance");
    expect(line).to.not.contain("decompiler bug");
    expect(line).to.not.contain("JSON only");
  });

  it("issue 17: a written value outside the point's range is a site problem too; without a site there is none", () => {
    const rule = storedRule(5, UNDECLARED.replace("measurement(99, 3)", "measurement(12, 3)").replace("= 1", "= 7"));
    const dsl = ruleDslOf(rule, { site });
    expect(dsl.kind === "dsl" && dsl.siteProblem).to.match(/^point\/out-of-range/);
    const numeric = ruleDslOf(rule);
    expect(numeric.kind === "dsl" && numeric.siteProblem).to.equal(undefined);
  });

  it("issue 17: exported again into the pack, its rule file (which does not compile with the site) is found by name and left unchanged, not written twice", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-export-plan-"));
    try {
      mkdirSync(join(dir, "rules"));
      const rule = storedRule(4, UNDECLARED);
      const first = planExport([rule], await readPackRules(dir, site), { site });
      expect(dslFileOf(first[0]!)).to.equal("rules/other-site.rule");
      const dsl = first[0]!.dsl;
      writeFileSync(join(dir, "rules", "other-site.rule"), dsl.kind === "dsl" ? dsl.text : "");
      const second = planExport([rule], await readPackRules(dir, site), { site });
      expect(second[0]!.pack).to.deep.equal({ state: "unchanged", file: "rules/other-site.rule" });
      expect(dslFileOf(second[0]!)).to.equal("rules/other-site.rule");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("issue 17: printed without --out, the rule is in the text and its site problem is a note", () => {
    const entries = planExport([storedRule(4, UNDECLARED)], undefined, { site });
    const { text, notes } = printedDsl(entries);
    expect(text).to.contain(`rule "Other site"`);
    expect(notes.join("\n")).to.contain(`#4 "Other site" does not match the site: point/unknown-instance`);
  });
});

describe("issue 17: svc export --out into a pack whose rule file defines two rules", () => {
  it("issue 17: each rule gets its own json/<name>.json, named by the rule's name", () => {
    const text = `rule "Cooling A" {\n  trigger every 10s\n  input t = measurement(12, 3)\n  when t > 5 { write action(7, 1) = 1 }\n}\n\nrule "Cooling B" {\n  trigger every 10s\n  input t = measurement(12, 3)\n  when t > 6 { write action(7, 1) = 2 }\n}\n`;
    const compiled = compileRuleSource(text).rules;
    const pack: PackRules = {
      byName: new Map(compiled.map((c) => [c.name, { file: "rules/cooling.rule", kind: "dsl" as const, rules: 2, compiled: c, text }])),
      takenBases: new Set(["cooling"]),
      newRulePrefix: "rules/",
    };
    const rules = compiled.map((c, i) => ({ ...c, id: i + 1, enabled: false, created_at: "", updated_at: "" }) as unknown as Rule);
    const files = planExport(rules, pack).map(jsonFileOf);
    expect(files).to.deep.equal(["json/cooling-a.json", "json/cooling-b.json"]);
  });

  it("issue 17: two rules whose names spell one file name get -<id> on the second JSON file", () => {
    const a = storedRule(3, `rule "Boiler enable" {\n  trigger every 10s\n  input t = measurement(12, 3)\n  when t > 5 { write action(7, 1) = 1 }\n}\n`);
    const b = { ...a, id: 8, name: "Boiler enable!" };
    expect(planExport([a, b]).map(jsonFileOf)).to.deep.equal(["json/boiler-enable.json", "json/boiler-enable-8.json"]);
  });
});
