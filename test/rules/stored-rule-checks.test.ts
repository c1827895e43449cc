// Issue 17 item 4: the site checks of stored rules run at every reload, but a rule whose flow
// version (its row's updated_at and the flow's length) has not changed keeps its last check
// (reload cost follows what changed, not the store; issue 19.4: the flow itself is not kept).
import { expect } from "chai";
import { compileRuleSource, indexSite } from "../../compiler/index.js";
import type { Rule } from "../../generated/types.js";
import { createStoredRuleChecks } from "../../runtime/rules/stored-rule-checks.js";
import { testSite } from "./engine-fixture.js";

/** A stored rule from DSL lines: its trigger watches what it writes, so the site check warns. */
function stored(id: number, body: string): Rule {
  const compiled = compileRuleSource(`rule "r${id}" {\n${body}\n}`);
  if (compiled.diagnostics.some((d) => d.severity === "error")) throw new Error(JSON.stringify(compiled.diagnostics));
  const rule = compiled.rules[0]!;
  const at = "2026-11-21T08:00:00.000Z";
  return { id, name: rule.name, description: "", enabled: true, priority: 0, cooldown_ms: 0, trigger_config: rule.trigger_config, flow_json: rule.flow_json, nodes_json: rule.nodes_json, created_at: at, updated_at: at };
}

const LOOP = "trigger on_change(action(7, 2))\nwrite action(7, 2) = 10";

describe("issue 17.4: stored rule checks at reload", () => {
  it("issue 17.4: a rule whose flow version is unchanged keeps its last check; a changed one is checked again; a deleted one is forgotten", () => {
    const checks = createStoredRuleChecks(indexSite(testSite()));
    const a = stored(1, LOOP);
    const b = stored(2, LOOP);
    expect(checks.isCurrent(1, "v1")).to.equal(false);
    const first = checks.check(a, "v1");
    checks.check(b, "v1");
    expect(first.map((d) => d.code)).to.deep.equal(["rule/self-trigger"]);
    expect(checks.isCurrent(1, "v1"), "the same version: nothing to read or compile").to.equal(true);
    expect(checks.diagnostics(1)).to.equal(first);
    expect(checks.isCurrent(2, "v2"), "a new version of the flow").to.equal(false);
    const changed = checks.check(stored(2, "trigger every 1s\nwrite action(7, 2) = 20"), "v2");
    expect(changed).to.deep.equal([]);
    expect(checks.diagnostics(2)).to.deep.equal([]);
    checks.retain(new Set([2]));
    expect(checks.isCurrent(1, "v1")).to.equal(false);
    expect(checks.diagnostics(1)).to.deep.equal([]);
  });

  it("issue 17.4: a legacy rule without an editor document and a rule with a clean flow have no site diagnostics", () => {
    const checks = createStoredRuleChecks(indexSite(testSite()));
    const legacy = { ...stored(1, LOOP), flow_json: null };
    const clean = stored(2, "trigger every 1s\nwrite action(7, 2) = 10");
    expect(checks.isCurrent(1, null), "nothing to check").to.equal(true);
    expect(checks.check(legacy, null)).to.deep.equal([]);
    expect(checks.check(clean, "v1")).to.deep.equal([]);
  });

  it("issue 17.4: without a site nothing is checked", () => {
    const checks = createStoredRuleChecks(undefined);
    expect(checks.isCurrent(1, "v1")).to.equal(true);
    expect(checks.check(stored(1, LOOP), "v1")).to.deep.equal([]);
  });
});
