// The CLI paths that compile decompiled text again do it with the same site (issue 17.2): a legacy
// rule (nodes_json only) read for import or sync, and a stored rule turned into DSL for export.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { indexSite } from "../../compiler/site/site-index.js";
import { ruleDslOf } from "../../cli/rule-dsl.js";
import { compileRuleJson } from "../../cli/sync/compile-rule-json.js";
import type { Rule } from "../../generated/types.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { fromRoot } from "../helpers/paths.js";

const site = indexSite(loadSite(readFileSync(fromRoot("test/golden/named-points/site.yaml"), "utf8"), "site.yaml").site!);
const compiled = compileRuleSource(readFileSync(fromRoot("test/golden/named-points/valid-key-and-name/numeric.rule"), "utf8")).rules[0]!;

describe("issue 17.2: decompiled text compiled again with the same site", () => {
  it("issue 17.2: a nodes_json-only rule file compiles, with a site, to the same nodes_json", () => {
    const { flow_json: _f, ...legacy } = compiled;
    const { result } = compileRuleJson("r.json", JSON.stringify({ ...legacy, flow_json: null }), { site });
    expect(result.diagnostics).to.deep.equal([]);
    expect(JSON.stringify(result.outputs[0]!.nodes_json)).to.equal(JSON.stringify(compiled.nodes_json));
  });

  it("issue 17.2: ruleDslOf with a site gives named DSL that it has checked against the rule", () => {
    const rule = { ...compiled, id: 1, enabled: false, created_at: "", updated_at: "" } as unknown as Rule;
    const dsl = ruleDslOf(rule, { site });
    expect(dsl.kind).to.equal("dsl");
    expect(dsl.kind === "dsl" && dsl.text).to.contain("write ahu1.cooling_stage = 0");
    const numeric = ruleDslOf(rule);
    expect(numeric.kind === "dsl" && numeric.text).to.contain("write action(7, 1) = 0");
  });
});
