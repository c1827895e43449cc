// Issue 16.25: `svc rules get` and `svc rules execute` read as sentences and tables; the JSON
// stays behind --json. The text of every member that used to be printed as a JSON fragment.
import { expect } from "chai";
import { executionText, ruleText } from "../../cli/rules/rule-text.js";
import type { ManualExecution, Rule } from "../../generated/types.js";

const at = "2026-11-21T05:00:00.123Z";
const rule: Rule = {
  id: 3, name: "Zone 1", description: "cools", enabled: true, priority: 0, cooldown_ms: 0, created_at: at, updated_at: at,
  trigger_config: { type: "on_change", point_refs: [{ instance: 7, point_type: "measurement", point: 3 }], time_deadband_ms: 5000, value_deadband: { absolute: 0.5 } },
  flow_json: null, nodes_json: {} as Rule["nodes_json"],
};

const execution: ManualExecution = {
  rule_id: 3, success: false, actions_attempted: 1, actions_succeeded: 0, history_id: 12,
  result: {
    success: false,
    actions: [{ node: "c", target: 7, point_type: "action", point: 1, value: 21.5, success: false, reason: "the channel refused the write" }],
    path: ["s", "i", "sw", "c", "e"],
    matched: [{ node: "sw", output: "hot", condition: "t > 25" }],
    variables: { t: 26.5 },
    nodes: [],
    short_circuit: { node: "i", variable: "t", instance: 7, point_type: "measurement", point: 3, reason: "unavailable" },
  },
  error: { code: "history-unavailable", message: "point history could not be read" },
};

const JSON_FRAGMENT = /[{}]|"\w+":/;

describe("rule text (issue 16.25)", () => {
  it("issue 17.4: rules get spells out the problems the last reload found (what the PROBLEMS column of rules list counts), with node and path", () => {
    const problem = {
      ruleId: 3, name: "Zone 1", excluded: false,
      diagnostics: [{ code: "point/unknown-instance", severity: "error" as const, message: "the flow writes action(13, 9), but the site has no instance 13", nodeId: "change_1", path: "/flow_json/nodes/3/data/config/writes/0/instance" }],
    };
    const got = ruleText(rule, { kind: "failed", reason: "test" }, problem);
    expect(got).to.contain("  problems     1 error at the last reload (the rule still runs):\n    error point/unknown-instance: the flow writes action(13, 9), but the site has no instance 13 (node 'change_1', /flow_json/nodes/3/data/config/writes/0/instance)\n");
    expect(ruleText(rule, { kind: "failed", reason: "test" })).to.not.contain("problems");
  });

  it("issue 16.25: rules get and rules execute print sentences, not JSON fragments", () => {
    const got = ruleText(rule, { kind: "failed", reason: "test" });
    expect(got).to.not.match(JSON_FRAGMENT);
    expect(got).to.contain("on change of measurement(7, 3) (time deadband 5s, value deadband 0.5)");
    expect(ruleText({ ...rule, trigger_config: { ...rule.trigger_config!, value_deadband: { percent: 2 } } as Rule["trigger_config"] }, { kind: "failed", reason: "test" })).to.contain("value deadband 2%");

    const text = executionText(execution);
    expect(text, text).to.not.match(JSON_FRAGMENT);
    expect(text).to.contain("  error: history-unavailable: point history could not be read");
    expect(text).to.contain("  stopped early at input node i: t, measurement(7, 3), unavailable");
    expect(text).to.contain("  matched: sw -> hot (t > 25)");
    expect(text).to.contain("  write action(7, 1) = 21.5  failed: the channel refused the write");
  });
});
