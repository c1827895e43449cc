// Issue 17 item 4: the site checks of stored rules run at every reload, but a rule whose flow and
// trigger have not changed keeps its last check (reload cost follows what changed, not the store).
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
  it("issue 17.4: an unchanged rule keeps its last check; a changed one is checked again; a deleted one is forgotten", () => {
    const checks = createStoredRuleChecks(indexSite(testSite()));
    const a = stored(1, LOOP);
    const b = stored(2, LOOP);
    const first = checks.checkAll([a, b]);
    expect([...first.keys()]).to.deep.equal([1, 2]);
    expect(first.get(1)!.map((d) => d.code)).to.deep.equal(["rule/self-trigger"]);
    const second = checks.checkAll([structuredClone(a), b]);
    // The same diagnostics object: nothing was compiled again.
    expect(second.get(1)).to.equal(first.get(1));
    expect(second.get(2)).to.equal(first.get(2));
    const changed = stored(2, "trigger on_change(action(7, 2))\nwrite action(7, 2) = 20");
    const third = checks.checkAll([a, changed]);
    expect(third.get(1)).to.equal(first.get(1));
    expect(third.get(2)).to.not.equal(first.get(2));
    const fourth = checks.checkAll([changed]);
    expect([...fourth.keys()]).to.deep.equal([2]);
    expect(checks.checkAll([a]).get(1)).to.not.equal(first.get(1));
  });

  it("issue 17.4: a legacy rule without an editor document and a rule with a clean flow have no site diagnostics", () => {
    const checks = createStoredRuleChecks(indexSite(testSite()));
    const legacy = { ...stored(1, LOOP), flow_json: null };
    const clean = stored(2, "trigger every 1s\nwrite action(7, 2) = 10");
    expect(checks.checkAll([legacy, clean]).size).to.equal(0);
  });
});
