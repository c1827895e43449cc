// Each YAML construct parses to the rule AST the DSL parser produces for its DSL twin, and the
// spans of that AST are in YAML file coordinates.
import { expect } from "chai";
import { parseRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import { parseRuleSource } from "../../../grammar/rule/index.js";
import { dslFile, range, withoutSpans, yamlFile } from "./yaml-test-helpers.js";

function parsedYaml(text: string): unknown {
  const result = parseRuleYaml(text);
  expect(result.diagnostics, text).to.deep.equal([]);
  return withoutSpans(result.file);
}

function parsedDsl(text: string): unknown {
  const result = parseRuleSource(text);
  expect(result.diagnostics, text).to.deep.equal([]);
  return withoutSpans(result.file);
}

// [construct, YAML steps, DSL statements]
const TWINS: Array<[string, string, string]> = [
  ["input (entries in order)", "- input:\n    b: measurement(12, 3)\n    a: action(7, 1)", "input b = measurement(12, 3)\ninput a = action(7, 1)"],
  ["param (number, negative, boolean)", "- param: { x: 22.5, y: -1, on: true }", "param x = 22.5\nparam y = -1\nparam on = true"],
  ["let", "- let:\n    e: zone - 1\n    f: 'e > 0 ? 1 : 0'", "let e = zone - 1\nlet f = e > 0 ? 1 : 0"],
  ["let with YAML numbers and booleans", "- let: { n: 2, t: true }", "let n = 2\nlet t = true"],
  ["write", "- write: action(7, 1)\n  value: x * 2", "write action(7, 1) = x * 2"],
  ["delta", "- delta: energy\n  point: measurement(3, 10)\n  over: 1h15m", "delta energy = measurement(3, 10) over 1h15m"],
  ["node", "- node:\n    - input: { a: \"measurement(1, 2)\" }\n    - param: { p: 1 }", "node { input a = measurement(1, 2) param p = 1 }"],
  ["when chain with else", "- when: a > 1\n  output: hot\n  then: [ end ]\n- when: a > 0\n  then: []\n- else:\n  - goto: b", "when hot: a > 1 { end }\nwhen a > 0 { }\nelse { goto b }"],
  ["when chain without else", "- when: a\n  then: [ end ]\n- let: { x: 1 }", "when a { end }\nlet x = 1"],
  ["two switches split by else", "- when: a\n  then: []\n- else: []\n- when: b\n  then: []", "when a { } else { }\nwhen b { }"],
  ["match first", "- match: first\n  cases:\n    - when: a\n      then: []", "match first { when a { } }"],
  ["match all with else", "- match: all\n  cases:\n    - when: a\n      output: x\n      then: [ end ]\n    - when: b\n      then: []\n  else: [ end ]", "match all { when x: a { end } when b { } else { end } }"],
  ["fork", "- fork:\n    - - let: { a: 1 }\n    - [ end ]\n    - []", "fork { let a = 1 } { end } { }"],
  ["goto and end", "- goto: b\n- end", "goto b\nend"],
  ["nested", "- when: a\n  then:\n    - fork:\n      - - when: b\n          then: [ end ]\n      - []", "when a { fork { when b { end } } { } }"],
];

describe("parseRuleYaml: every construct is the DSL's AST", () => {
  for (const [construct, steps, dsl] of TWINS) {
    it(construct, () => {
      expect(parsedYaml(yamlFile(steps))).to.deep.equal(parsedDsl(dslFile(dsl)));
    });
  }

  it("blocks, in the order the keys are written", () => {
    const yaml = "rules:\n  - name: r\n    blocks:\n      b: [ end ]\n    steps: [ { goto: b } ]\n    priority: 1\n";
    const ast = parsedYaml(yaml);
    expect(ast).to.deep.equal(parsedDsl('rule "r" { priority 1 block b { end } goto b }'));
    expect(ast).to.deep.equal({
      rules: [
        {
          kind: "rule",
          name: "r",
          settings: { order: ["priority"], priority: { value: 1 } },
          items: [
            { kind: "block", name: "b", body: [{ kind: "end" }] },
            { kind: "goto", block: "b" },
          ],
        },
      ],
      comments: [],
    });
  });

  it("settings: description, priority, cooldown, on_change trigger with deadbands", () => {
    const settings = 'description: "Stage \\"1\\""\npriority: -5\ncooldown: 1m30s\ntrigger: { on_change: [t, "measurement(12, 7)"], deadband: 500ms, value: 2.5% }';
    const dsl = 'description "Stage \\"1\\""\npriority -5\ncooldown 1m30s\ntrigger on_change(t, measurement(12, 7)) deadband 500ms value 2.5%';
    const ast = parsedYaml(yamlFile('- input: { t: "action(1, 2)" }', settings));
    expect(ast).to.deep.equal(parsedDsl(dslFile("input t = action(1, 2)", dsl)));
    const settingsAst = (ast as { rules: Array<{ settings: unknown }> }).rules[0]!.settings;
    expect(settingsAst).to.deep.equal({
      order: ["description", "priority", "cooldownMs", "trigger"],
      description: { value: 'Stage "1"' },
      priority: { value: -5 },
      cooldownMs: { value: 90_000 },
      trigger: {
        value: {
          kind: "on_change",
          points: [{ kind: "name", name: "t" }, { kind: "point", pointType: "measurement", instance: 12, point: 7 }],
          deadbandMs: { value: 500 },
          valueDeadband: { value: { percent: 2.5 } },
        },
      },
    });
  });

  it("an interval trigger and an absolute value deadband", () => {
    expect(parsedYaml(yamlFile("- end", "trigger: { every: 2h }"))).to.deep.equal(parsedDsl(dslFile("end", "trigger every 2h")));
    expect(parsedYaml(yamlFile("- input:\n    t: measurement(1, 1)", "trigger: { on_change: [t], value: 0.2 }"))).to.deep.equal(
      parsedDsl(dslFile("input t = measurement(1, 1)", "trigger on_change(t) value 0.2")),
    );
  });
});

describe("parseRuleYaml: spans in YAML file coordinates", () => {
  const text = [
    "rules:", //                                              line 1
    "  - name: Zone", //                                      line 2
    "    cooldown: 30s", //                                   line 3
    "    steps:", //                                          line 4
    '      - input: { zone: "measurement(12, 3)" }', //       line 5
    "      - let:", //                                        line 6
    "          error: zone - 1", //                           line 7
    '          q: "\\x7a + zone"', //                         line 8
    "      - when: error > 1", //                             line 9
    "        output: hot", //                                 line 10
    "        then:", //                                       line 11
    "          - write: action(7, 1)", //                     line 12
    "            value: |", //                                line 13
    "              clamp(error,", //                          line 14
    "                0, 3)", //                               line 15
  ].join("\n");
  const result = parseRuleYaml(text);
  const rule = result.file.rules[0]!;
  type AnyNode = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const items = (rule?.items ?? []) as AnyNode[];

  it("parses without diagnostics", () => {
    expect(result.diagnostics).to.deep.equal([]);
  });

  it("the rule, its name and settings", () => {
    expect(range(rule.span)).to.equal("2:5-15:22");
    expect(range(rule.nameSpan)).to.equal("2:11-2:15");
    expect(range(rule.settings.cooldownMs!.span)).to.equal("3:5-3:18");
    expect(range(rule.settings.cooldownMs!.valueSpan)).to.equal("3:15-3:18");
  });

  it("statements: an entry's key and value, a point, a step", () => {
    expect(range(items[0]!.span)).to.equal("5:18-5:44");
    expect(range(items[0]!.nameSpan)).to.equal("5:18-5:22");
    expect(range(items[0]!.point.span)).to.equal("5:24-5:44");
    expect(range(items[3]!.span)).to.equal("9:9-15:22");
    expect(range(items[3]!.cases[0].outputSpan)).to.equal("10:17-10:20");
  });

  it("expressions: exact in plain scalars, quoted scalars with escapes, and literal blocks", () => {
    expect(range(items[1]!.expr.span)).to.equal("7:18-7:26");
    expect(range(items[1]!.expr.right.span)).to.equal("7:25-7:26");
    expect(items[2]!.expr.left).to.include({ kind: "variable", name: "z" });
    expect(range(items[2]!.expr.left.span)).to.equal("8:15-8:19");
    expect(range(items[2]!.expr.right.span)).to.equal("8:22-8:26");
    expect(range(items[3]!.cases[0].condition.left.span)).to.equal("9:15-9:20");
    const clamp = items[3]!.cases[0].body[0].value;
    expect(range(clamp.calleeSpan)).to.equal("14:15-14:20");
    expect(range(clamp.args[2].span)).to.equal("15:20-15:21");
  });
});
