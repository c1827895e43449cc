// A PUT's answer (issue 19.5) assembles the rule's JSON around the flow text the store wrote
// (runtime/rules/rule-json.ts); it must be JSON.stringify(rule) exactly.
import { expect } from "chai";
import type { Rule } from "../../generated/types.js";
import { ruleJson } from "../../runtime/rules/rule-json.js";
import { MINIMAL, ON_CHANGE } from "../store/fixtures.js";

const rule = (overrides: Partial<Rule> = {}): Rule => ({
  id: 7,
  name: 'a "quoted" \u2028 name 🌀',
  description: "line\nbreak </script>",
  enabled: true,
  priority: -3,
  cooldown_ms: 60000,
  trigger_config: ON_CHANGE,
  flow_json: MINIMAL.flow_json,
  nodes_json: MINIMAL.nodes_json,
  created_at: "2026-03-04T05:06:07.089Z",
  updated_at: "2026-03-04T05:06:08.000Z",
  ...overrides,
});
const textOf = (r: Rule) => ({ flow_json: JSON.stringify(r.flow_json), nodes_json: JSON.stringify(r.nodes_json) });

describe("a rule's JSON assembled around its flow text (issue 19.5)", () => {
  it("is JSON.stringify of the rule, whatever its strings and trigger", () => {
    for (const r of [rule(), rule({ trigger_config: null, enabled: false, description: "" })]) expect(ruleJson(r, textOf(r))).to.equal(JSON.stringify(r));
  });

  it("a rule of another shape (a field more, another order) is serialised whole", () => {
    const extra = { ...rule(), extra: 1 } as Rule;
    expect(ruleJson(extra, { flow_json: "X", nodes_json: "Y" })).to.equal(JSON.stringify(extra));
    const { id, ...rest } = rule();
    const reordered = { ...rest, id } as Rule;
    expect(ruleJson(reordered, { flow_json: "X", nodes_json: "Y" })).to.equal(JSON.stringify(reordered));
  });
});
